import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { badInput, type DomainError } from '../modules/shared/errors.js';

/**
 * The one home of "is this text acceptable" at the doors: every string a request brings (JSON
 * bodies, query strings, paths, GraphQL variables and literals, multipart text fields, headers)
 * is checked here before any service sees it.
 *
 * - Well-formed text only (issue 23): a lone UTF-16 surrogate (`"\ud800"` in JSON) or bytes that
 *   are not UTF-8 (invalid or overlong sequences, encoded surrogates, in a body or percent-encoded
 *   in a URL) are refused with 400 and reason MALFORMED_TEXT. PostgreSQL cannot hold such text
 *   (a lone surrogate in a json parameter was a 500 with the SQL in the log), and Node's decoders
 *   would otherwise turn bad bytes silently into U+FFFD.
 * - No control characters: a NUL byte breaks PostgreSQL's text type, and escape sequences
 *   rewrite terminals that show logs. Refused (reason CONTROL_CHARACTERS): the C0 controls except
 *   tab, line feed and carriage return, DEL, and the C1 controls.
 */

declare global {
  interface String {
    /** ES2024; Node 20 has it. */
    isWellFormed(): boolean;
  }
}

export type TextFault = 'MALFORMED_TEXT' | 'CONTROL_CHARACTERS';

export const MALFORMED_TEXT_MESSAGE = 'El texto enviado no es válido';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** What is wrong with `text`, or undefined when it is acceptable. */
export function textFault(text: string): TextFault | undefined {
  if (!text.isWellFormed()) return 'MALFORMED_TEXT';
  return CONTROL.test(text) ? 'CONTROL_CHARACTERS' : undefined;
}

/** Only the well-formedness half of `textFault` (for a GraphQL body as a whole: see below). */
export const malformedOnly = (text: string): TextFault | undefined =>
  text.isWellFormed() ? undefined : 'MALFORMED_TEXT';

/** A field name safe to repeat in a message: plain identifiers and dots only. */
function nameable(name: string): boolean {
  return /^[\p{L}\p{N}_.[\]-]{1,80}$/u.test(name);
}

export function controlCharacterMessage(field: string | null): string {
  return field && nameable(field)
    ? `El campo ${field} contiene caracteres no permitidos`
    : 'La petición contiene caracteres no permitidos';
}

/** The Spanish message for a fault found in `field` (null: no nameable field). */
export function textFaultMessage(fault: TextFault, field: string | null): string {
  return fault === 'MALFORMED_TEXT' ? MALFORMED_TEXT_MESSAGE : controlCharacterMessage(field);
}

/** The refusal (400) of a fault found in `field`. */
export function textRefusal(fault: TextFault, field: string | null = null): DomainError {
  const named = field && nameable(field) ? field : undefined;
  return badInput(textFaultMessage(fault, field), named, fault);
}

/** Where a fault was found: the dotted name of the field (`''` for the value itself). */
export interface FoundText {
  field: string;
  fault: TextFault;
}

/** Parsed JSON and query strings: plain objects (a query string's has no prototype). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * The first string (or key) under `value` that is not acceptable, with its dotted name, or
 * undefined when there is none. A key at fault is reported as its parent's name. Only strings,
 * arrays and plain objects are read (not uploads or streams).
 */
export function findUnacceptableText(
  value: unknown,
  check: (text: string) => TextFault | undefined = textFault,
  name = '',
  depth = 0,
): FoundText | undefined {
  if (typeof value === 'string') {
    const fault = check(value);
    return fault ? { field: name, fault } : undefined;
  }
  if (depth > 64) return undefined; // JSON bodies are limited in size; no real input nests so deep
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findUnacceptableText(item, check, name, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const fault = check(key);
      if (fault) return { field: name, fault };
      const found = findUnacceptableText(item, check, name ? `${name}.${key}` : key, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The dotted name of the first string under `value` with a control character (tests, fuzz). */
export function findControlCharacter(value: unknown): string | undefined {
  return findUnacceptableText(value, (text) =>
    CONTROL.test(text) ? 'CONTROL_CHARACTERS' : undefined,
  )?.field;
}

const HEX = /^[0-9a-fA-F]{2}$/;

/**
 * Whether a URL as it arrived (path and query, percent-encoded) decodes to UTF-8: every `%XX`
 * is a byte, every other character its own byte (Node reads the request line as Latin-1), and
 * the bytes must be well-formed UTF-8 (no overlong forms, no encoded surrogates, nothing past
 * U+10FFFF). A `%` without two hex digits after it is left to the parsers.
 */
export function isWellFormedUrl(url: string): boolean {
  // The common case: plain ASCII with no escapes.
  if (!/[%\u0080-\uFFFF]/.test(url)) return true;
  const bytes: number[] = [];
  for (let i = 0; i < url.length; i += 1) {
    const code = url.charCodeAt(i);
    if (code === 0x25 && HEX.test(url.slice(i + 1, i + 3))) {
      bytes.push(parseInt(url.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (code > 0xff) {
      return false;
    } else {
      bytes.push(code);
    }
  }
  return isUtf8(Uint8Array.from(bytes));
}

/** Whether a header value (Node decodes header bytes as Latin-1) is UTF-8. */
export function isWellFormedHeader(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- ASCII is the common case
  if (/^[\u0000-\u007F]*$/.test(value)) return true;
  return isUtf8(Buffer.from(value, 'latin1'));
}

/**
 * Every request, first: its URL (path and query string, percent-decoded) and its headers must be
 * UTF-8, else 400 MALFORMED_TEXT in the door's shape (error-mapper.ts). Node's query-string
 * parser and Express's param decoding would otherwise turn `%FF` or `%ED%A0%80` into U+FFFD.
 */
export const rejectMalformedRequest: RequestHandler = (req, _res, next) => {
  if (!isWellFormedUrl(req.url)) throw textRefusal('MALFORMED_TEXT');
  const raw = req.rawHeaders;
  for (let i = 1; i < raw.length; i += 2) {
    if (!isWellFormedHeader(raw[i]!)) throw textRefusal('MALFORMED_TEXT');
  }
  next();
};

/**
 * body-parser's `verify` hook (express.json): the raw bytes of a body must be UTF-8 before they
 * are decoded (the decoder would replace bad bytes with U+FFFD without a word). The refusal keeps
 * its 400 and reason through body-parser (error-mapper.ts reads the DomainError).
 */
export function verifyUtf8Body(req: IncomingMessage, _res: unknown, body: Buffer): void {
  // A body in UTF-16 or UTF-32 (JSON allows them) is decoded by body-parser; a lone surrogate
  // in it is then found in the parsed text.
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1];
  if (charset !== undefined && !/^utf-?8$/i.test(charset)) return;
  if (!isUtf8(body)) throw textRefusal('MALFORMED_TEXT');
}

/**
 * GraphQL (/graphql), after the body parser: a body holding text that is not well-formed
 * (a lone surrogate anywhere: query, variables, operationName, extensions) is refused before
 * the kept product answers or Apollo read it. Control characters are the GraphQL plugin's
 * (api/graphql/acceptable-text.ts), which names the variable at fault.
 */
export const rejectMalformedGraphQLBody: RequestHandler = (req, _res, next) => {
  const found = findUnacceptableText(req.body as unknown, malformedOnly);
  if (found) throw textRefusal(found.fault);
  next();
};

function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * REST: refuses a request whose path, query string or body (JSON, or a form's text fields)
 * holds text that is not acceptable, with a 400 naming the field. Mount after the body parser
 * and before the routes.
 */
export const rejectUnacceptableText: RequestHandler = (req, _res, next) => {
  const path = decodedPath(req.path);
  if (path === null) throw badInput('La ruta no es válida');
  const pathFault = textFault(path);
  if (pathFault === 'MALFORMED_TEXT') throw textRefusal(pathFault);
  if (pathFault) throw badInput('La ruta contiene caracteres no permitidos', undefined, pathFault);
  for (const source of [req.query, req.body as unknown]) {
    const found = findUnacceptableText(source);
    if (found !== undefined) throw textRefusal(found.fault, found.field || null);
  }
  next();
};

/**
 * A multipart form's text fields, as busboy decoded them: bad UTF-8 bytes arrive as U+FFFD,
 * which no form of ours has a use for, so a field holding it is refused as malformed text.
 */
export function findReplacementCharacter(fields: unknown): FoundText | undefined {
  return findUnacceptableText(fields, (text) =>
    text.includes('\uFFFD') ? 'MALFORMED_TEXT' : undefined,
  );
}
