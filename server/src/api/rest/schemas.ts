import { z } from 'zod';

/** A database id in a path: digits without leading zeros ('00001' is not product 1). */
export const idSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'se esperaba un número entero positivo')
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, 'el número es demasiado grande');

export const idParams = z.object({ id: idSchema });

/** A JSON number or digit string for an id in a body (the spec's clients send both). */
export const bodyId = z.union([z.number().int().positive().max(2_147_483_647), idSchema]);

/** What a REST list answers when the client names no `limite`. */
export const DEFAULT_REST_PAGE_SIZE = 100;

/** A non-negative integer written in a query string. */
const queryInt = z
  .string()
  .regex(/^\d{1,9}$/, 'se esperaba un número entero no negativo')
  .transform(Number);

/** REST lists are paged: `desde` (offset) and `limite` (page size, 1 to max, default given). */
export function pageQuery(defaultLimit: number, maxLimit: number) {
  return {
    desde: queryInt.default(0),
    limite: queryInt
      .refine((n) => n >= 1 && n <= maxLimit, `debe estar entre 1 y ${maxLimit}`)
      .default(defaultLimit),
  };
}

/** A text field with a length bound (control characters and malformed text are refused before any route runs). */
export const text = (max: number) => z.string().max(max, `no puede tener más de ${max} caracteres`);

/** A query parameter that may repeat (?marca=a&marca=b): always an array. */
export const repeated = (maxLength: number, maxItems = 50) =>
  z
    .union([text(maxLength), z.array(text(maxLength)).max(maxItems)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

/** 'true' or 'false' in a query string; anything else is refused. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');
