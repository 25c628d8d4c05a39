import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { z } from 'zod';
import { type Access, checkAccess } from '../../modules/accounts/access.js';
import { badInput } from '../../modules/shared/errors.js';
import { apiError } from '../../http/error-mapper.js';
import { contextOf, type RequestContext } from '../../http/request-context.js';

z.config(z.locales.es());

export type Method = 'get' | 'post' | 'put' | 'delete';

type AnyObject = z.ZodType<Record<string, unknown>>;

/** The answer of a route with nothing to say (204): no body. */
export const noContent = z.void();

/** A status a route may answer besides the ones its access level and inputs imply. */
export type ExtraError = 401 | 403 | 404 | 409 | 429 | 503;

/**
 * One REST route: its path and method, who may call it, the schemas its path parameters, query
 * string and JSON body must match, the schema of its answer, and a thin handler that calls a
 * service. The OpenAPI document (`openapi.ts`, served at /api/openapi.json) is made from these.
 */
export interface RouteDef<
  P extends AnyObject = AnyObject,
  Q extends AnyObject = AnyObject,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: Method;
  /** Express path under /api, e.g. '/productos/:id'. */
  path: string;
  access: Access;
  /** One line for the document (English is fine; field names stay the spec's Spanish). */
  summary: string;
  description?: string;
  /** The document's group: the resource ('Productos', 'Pedidos'…). */
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The body arrives as multipart/form-data too (the product form): the body's fields as text,
   * and the files under `files.field`.
   */
  multipart?: {
    field: string;
    maxFiles: number;
    /** The files' type (default: images). */ mediaType?: string;
  };
  /**
   * The success answer's media type when it is not JSON (the products' CSV export): the handler
   * writes and ends the response itself.
   */
  produces?: 'text/csv' | 'application/pdf' | 'application/xml';
  /** The success answer's JSON (`noContent` for 204); the handler's result must match it. */
  response: R;
  /** Response headers of the success answer (e.g. X-Total-Count on paged lists). */
  headers?: Record<string, string>;
  /** Error statuses this route answers beyond those its access level and inputs imply. */
  errors?: readonly ExtraError[];
  /**
   * The credential the document names instead of the session cookie (a security scheme of
   * openapi.ts: 'mercadoPagoSignature' for Mercado Pago's webhook).
   */
  credential?: 'mercadoPagoSignature';
  /** Middleware run after the access check and before validation (a multipart parser). */
  before?: RequestHandler;
  /** Success status: 200 unless said (201 for creation, 204 for no content). */
  status?: number;
  handler(input: {
    params: z.output<P>;
    query: z.output<Q>;
    body: z.output<B>;
    ctx: RequestContext;
    req: Request;
    res: Response;
  }): z.input<R> | Promise<z.input<R>>;
}

/**
 * Keeps a route's schema types attached to its handler: the inputs it is handed are its schemas'
 * outputs, and what it returns must be its response schema's input (checked by the compiler).
 */
export function route<
  P extends AnyObject,
  Q extends AnyObject,
  B extends z.ZodType,
  R extends z.ZodType,
>(def: RouteDef<P, Q, B, R>): RouteDef {
  return def as unknown as RouteDef;
}

/** 'El campo limite no es válido: se esperaba número, recibido NaN' */
export function describeIssue(issue: z.core.$ZodIssue, where: string): string {
  const field = issue.path.length > 0 ? issue.path.join('.') : where;
  if (issue.code === 'invalid_type' && /indefinido|undefined/.test(issue.message)) {
    return `El campo ${field} es obligatorio`;
  }
  const detail = issue.message.replace(/^(Entrada|Opción) inválida:\s*/, '');
  return `El campo ${field} no es válido: ${detail}`;
}

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown, where: string) {
  if (!schema) return undefined as z.output<T>;
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw badInput(describeIssue(issue, where), issue.path.join('.') || where);
  }
  return result.data;
}

/** The answer to a body that is not JSON on a route that reads JSON. */
export const NOT_JSON_MESSAGE = 'Tipo de contenido no admitido: el cuerpo debe ser JSON';

/**
 * A request that carries a body in another type than JSON (text, a form, a file) is refused with
 * 415: the JSON parser leaves such a body unread, and the route would otherwise run as if it had
 * been sent empty (a DELETE with a text body deleted). Routes with their own parser (multipart
 * product forms) are not checked here.
 */
function jsonBodiesOnly(req: Request, res: Response, next: NextFunction) {
  const length = req.headers['content-length'];
  const hasBody =
    req.headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) > 0);
  if (hasBody && !req.is('application/json')) {
    res.status(415).json(apiError(NOT_JSON_MESSAGE, 'UNSUPPORTED_MEDIA_TYPE'));
    return;
  }
  next();
}

/**
 * Mounts the routes: each checks access first (401/403 before anything is parsed), then
 * validates path, query and body, then calls its handler and sends the result as JSON. A known
 * path asked with another method answers 405 with `Allow`.
 */
export function mountRoutes(router: Router, routes: readonly RouteDef[]): void {
  const methodsByPath = new Map<string, Method[]>();
  for (const def of routes) {
    methodsByPath.set(def.path, [...(methodsByPath.get(def.path) ?? []), def.method]);
    const access = (_req: Request, res: Response, next: NextFunction) => {
      checkAccess(contextOf(res).user, def.access);
      next();
    };
    const before = def.before ? [def.before] : [jsonBodiesOnly];
    // The route's template, the metrics' label (http/metrics.ts): never the URL itself.
    const template = (_req: Request, res: Response, next: NextFunction) => {
      res.locals.route = `/api${def.path}`;
      next();
    };
    router[def.method](
      def.path,
      template,
      access,
      ...before,
      async (req: Request, res: Response, next: NextFunction) => {
        try {
          const ctx = contextOf(res);
          const params = parse(def.params, req.params, 'ruta');
          const query = parse(def.query, req.query, 'consulta');
          const body = parse(def.body, req.body ?? {}, 'cuerpo');
          const result = await def.handler({ params, query, body, ctx, req, res });
          if (res.headersSent) return;
          const status = def.status ?? 200;
          if (status === 204) res.status(204).end();
          else res.status(status).json(result);
        } catch (error) {
          next(error);
        }
      },
    );
  }
  for (const [path, methods] of methodsByPath) {
    const allow = [
      ...new Set(methods.flatMap((m) => (m === 'get' ? ['GET', 'HEAD'] : [m.toUpperCase()]))),
    ];
    router.all(path, (_req, res) => {
      res
        .set('Allow', allow.join(', '))
        .status(405)
        .json(apiError('Método no permitido', 'METHOD_NOT_ALLOWED'));
    });
  }
}
