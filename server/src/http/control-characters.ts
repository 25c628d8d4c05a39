import type { RequestHandler } from 'express';
import { badInput } from '../modules/shared/errors.js';

/** The refusal's reason: the same word as a rule's (@tienda/rules). */
const CONTROL_REASON = 'CONTROL_CHARACTERS';

/**
 * Control characters have no place in a shop's text: a NUL byte breaks PostgreSQL's text type
 * (a 500 with SQL in the log), and escape sequences rewrite terminals that show logs. Refused:
 * the C0 controls except tab, line feed and carriage return, DEL, and the C1 controls.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** A field name safe to repeat in a message: plain identifiers and dots only. */
function nameable(name: string): boolean {
  return /^[\p{L}\p{N}_.[\]-]{1,80}$/u.test(name);
}

export function controlCharacterMessage(field: string | null): string {
  return field && nameable(field)
    ? `El campo ${field} contiene caracteres no permitidos`
    : 'La petición contiene caracteres no permitidos';
}

/** Parsed JSON and query strings: plain objects (a query string's has no prototype). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * The dotted name of the first string (or key) under `value` holding a control character,
 * `''` for the value itself, or undefined when there is none. A key holding one is reported as
 * its parent's name. Only strings, arrays and plain objects are read (not uploads or streams).
 */
export function findControlCharacter(value: unknown, name = '', depth = 0): string | undefined {
  if (typeof value === 'string') return hasControlCharacters(value) ? name : undefined;
  if (depth > 64) return undefined; // JSON bodies are limited in size; no real input nests so deep
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findControlCharacter(item, name, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacters(key)) return name;
      const found = findControlCharacter(item, name ? `${name}.${key}` : key, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * REST: refuses a request whose path, query string or JSON body holds a control character, with
 * a 400 naming the field. Mount after the body parser and before the routes.
 */
export const rejectControlCharacters: RequestHandler = (req, _res, next) => {
  const path = decodedPath(req.path);
  if (path === null) throw badInput('La ruta no es válida');
  if (hasControlCharacters(path))
    throw badInput('La ruta contiene caracteres no permitidos', undefined, CONTROL_REASON);
  for (const source of [req.query, req.body as unknown]) {
    const field = findControlCharacter(source);
    if (field !== undefined)
      throw badInput(controlCharacterMessage(field || null), undefined, CONTROL_REASON);
  }
  next();
};
