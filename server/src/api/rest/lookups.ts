import { z } from 'zod';
import type { LookupKind } from '../../modules/catalog/lookup.entity.js';
import { noContent, route, type RouteDef } from './route.js';
import { idParams, text } from './schemas.js';

const LOOKUP_PATHS: Record<string, LookupKind> = {
  tipos: 'type',
  marcas: 'brand',
  colores: 'color',
};

const LOOKUP_TAGS: Record<LookupKind, string> = {
  type: 'Tipos',
  brand: 'Marcas',
  color: 'Colores',
};
const LOOKUP_WORDS: Record<LookupKind, string> = {
  type: 'product type',
  brand: 'brand',
  color: 'colour',
};

/** An item of a list: `{ id, nombre }`. */
const lookupSchema = z.object({ id: z.number().int(), nombre: z.string() }).meta({ id: 'Item' });
/** A new brand answers its two variants too ('{marca} Dama', '{marca} Niño'). */
const newLookupSchema = lookupSchema
  .extend({ variantes: z.array(lookupSchema).optional() })
  .meta({ id: 'ItemNuevo' });

const toLookupRest = (x: { id: number; name: string }): z.input<typeof lookupSchema> => ({
  id: x.id,
  nombre: x.name,
});

/**
 * POST/PUT /api/tipos|marcas|colores: `{ nombre }`. A missing name reaches the service as ''
 * so the admin hears the service's own message ('El nombre es obligatorio').
 */
const lookupBody = z.object({ nombre: text(1000).default('') });

/** The type, brand and colour lists: /api/tipos, /api/marcas, /api/colores. */
export const LOOKUP_ROUTES: readonly RouteDef[] = [
  ...Object.entries(LOOKUP_PATHS).map(([pathName, kind]) =>
    route({
      method: 'get',
      path: `/${pathName}`,
      access: 'public',
      tag: LOOKUP_TAGS[kind],
      summary: `Every ${LOOKUP_WORDS[kind]}, by name`,
      response: z.array(lookupSchema),
      handler: async ({ ctx }) => {
        const items = await ctx.services.lookups.list(kind);
        return items.map(toLookupRest);
      },
    }),
  ),
  ...Object.entries(LOOKUP_PATHS).flatMap(([pathName, kind]) => [
    route({
      method: 'post',
      path: `/${pathName}`,
      access: 'admin',
      tag: LOOKUP_TAGS[kind],
      summary: `Add a ${LOOKUP_WORDS[kind]} (admin)`,
      response: newLookupSchema,
      errors: [409],
      body: lookupBody,
      status: 201,
      handler: async ({ body, ctx }) => {
        const { item, variants } = await ctx.services.lookups.create(kind, body.nombre);
        // A brand answers its two variants too ('{marca} Dama', '{marca} Niño').
        return kind === 'brand'
          ? { ...toLookupRest(item), variantes: variants.map(toLookupRest) }
          : toLookupRest(item);
      },
    }),
    route({
      method: 'put',
      path: `/${pathName}/:id`,
      access: 'admin',
      tag: LOOKUP_TAGS[kind],
      summary: `Rename a ${LOOKUP_WORDS[kind]} (admin)`,
      response: lookupSchema,
      errors: [409],
      params: idParams,
      body: lookupBody,
      handler: async ({ params, body, ctx }) =>
        toLookupRest(await ctx.services.lookups.rename(kind, params.id, body.nombre)),
    }),
    route({
      method: 'delete',
      path: `/${pathName}/:id`,
      access: 'admin',
      tag: LOOKUP_TAGS[kind],
      summary: `Delete a ${LOOKUP_WORDS[kind]} no product uses (admin)`,
      response: noContent,
      errors: [409],
      params: idParams,
      status: 204,
      handler: async ({ params, ctx }) => {
        await ctx.services.lookups.delete(kind, params.id);
      },
    }),
  ]),
];
