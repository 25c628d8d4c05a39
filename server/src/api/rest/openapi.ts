import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import type { oas31 } from 'zod-openapi';
import type { $ZodType } from 'zod/v4/core';
import { SESSION_COOKIE } from '../../http/session-cookie.js';
import { noContent, type RouteDef } from './route.js';

/**
 * The REST facade described by OpenAPI 3.1, made from the routes' own zod schemas (zod-openapi,
 * over zod 4's JSON Schema 2020-12, the dialect OpenAPI 3.1 uses): each RouteDef's path, query
 * and body schemas (as the client writes them), its answer's schema, who may call it, and the
 * errors its access level and inputs make possible. Served at GET /api/openapi.json.
 */

type ZodObjectInput = $ZodType<unknown, Record<string, unknown>>;

/** The body of every REST error (http/error-mapper.ts `apiError`). */
export const errorSchema = z
  .object({
    error: z.string().meta({ description: 'What went wrong, in Spanish, for a person to read' }),
    reason: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]*$/)
      .meta({
        description:
          "A stable UPPER_SNAKE word for programs to decide by ('NOT_FOUND', 'OUT_OF_STOCK', 'CROSS_SITE_WRITE'…); the message may change, the reason does not",
      }),
  })
  .meta({ id: 'Error' });

/** The error statuses, each described once (components.responses), by what answers it. */
export const ERROR_RESPONSES = {
  400: 'The input is not valid: a path, query or body field (the message names it), text that is not well-formed UTF-8 or has control characters, JSON that does not parse, or a rule of the shop',
  401: 'Sign-in is needed, or the credentials are wrong',
  403: 'Signed in but not allowed (an admin route, or another customer’s record), or a write from a page that is not the shop’s (`CROSS_SITE_WRITE`)',
  404: 'No such record',
  409: 'The change conflicts with the current state (stock, a name in use, a status change not allowed…)',
  413: 'The body is larger than 1 MB',
  415: 'A body sent in another type than JSON (or multipart where the route takes a form)',
  429: 'Too many attempts: wait the `Retry-After` seconds',
  503: 'The database cannot serve for now: try again after `Retry-After` seconds',
} as const;
export type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** The error statuses a route may answer: those of its access level and inputs, and its own. */
export function errorStatuses(def: RouteDef): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([400, 413, 415, 503, ...(def.errors ?? [])]);
  if (def.access !== 'public') statuses.add(401).add(403);
  // A write from another site's page is refused (http/same-origin.ts).
  if (def.method !== 'get') statuses.add(403);
  if (def.params) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

const ACCESS_WORDS: Record<RouteDef['access'], string> = {
  public: 'Anyone.',
  signedIn: 'A signed-in user (their own records; an admin, anyone’s).',
  admin: 'An admin.',
};

/** '/productos/:id' → '/api/productos/{id}'. */
export const openApiPath = (expressPath: string) =>
  `/api${expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

function operationOf(def: RouteDef): ZodOpenApiOperationObject {
  const status = def.status ?? 200;
  const headers = def.headers
    ? z.object(
        Object.fromEntries(
          Object.entries(def.headers).map(([name, description]) => [
            name,
            z.string().regex(/^\d+$/).meta({ description }),
          ]),
        ),
      )
    : undefined;
  const responses: ZodOpenApiResponsesObject = {
    [String(status) as '200']:
      def.response === noContent
        ? { description: 'Done; no body' }
        : {
            description: 'OK',
            headers,
            content: { [def.produces ?? 'application/json']: { schema: def.response } },
          },
  };
  for (const error of errorStatuses(def)) {
    responses[String(error) as '400'] = { $ref: `#/components/responses/Error${error}` };
  }
  const operation: ZodOpenApiOperationObject = {
    // 'get /pedidos/:id/correos' → 'getPedidosIdCorreos' (for client generators).
    operationId: `${def.method}${def.path.replace(/[^A-Za-z0-9]+(\w)/g, (_m, c: string) => c.toUpperCase())}`,
    tags: [def.tag],
    summary: def.summary,
    description: [def.description, `**Who may call it:** ${ACCESS_WORDS[def.access]}`]
      .filter(Boolean)
      .join('\n\n'),
    'x-access': def.access,
    security: def.credential
      ? [{ [def.credential]: [] }]
      : def.access === 'public'
        ? [{}, { session: [] }]
        : [{ session: [] }],
    requestParams: {
      ...(def.params ? { path: def.params as ZodObjectInput } : {}),
      ...(def.query ? { query: def.query as ZodObjectInput } : {}),
    },
    responses,
  };
  if (def.body) {
    const content: NonNullable<ZodOpenApiOperationObject['requestBody']>['content'] = {
      'application/json': { schema: def.body },
    };
    if (def.multipart) {
      const { field, maxFiles, mediaType = 'image/*' } = def.multipart;
      content['multipart/form-data'] = {
        schema: (def.body as unknown as z.ZodObject).extend({
          [field]: z
            .array(z.string().meta({ format: 'binary', contentMediaType: mediaType }))
            .max(maxFiles)
            .optional(),
        }),
      };
    }
    operation.requestBody = { required: def.method !== 'get', content };
  }
  return operation;
}

export interface OpenApiInfo {
  version: string;
}

/** The document for these routes. */
export function createOpenApiDocument(routes: readonly RouteDef[], info: OpenApiInfo) {
  const paths: ZodOpenApiPathsObject = {};
  for (const def of routes) {
    const path = openApiPath(def.path);
    paths[path] = { ...paths[path], [def.method]: operationOf(def) };
  }
  const errorResponses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([status, description]) => [
      `Error${status}`,
      {
        description,
        content: { 'application/json': { schema: errorSchema } },
        ...(status === '429' || status === '503'
          ? { headers: z.object({ 'Retry-After': z.string().meta({ description: 'Seconds' }) }) }
          : {}),
      },
    ]),
  );
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Tienda: API REST',
      version: info.version,
      description: [
        'The shop’s REST API, for integrators (the shop’s own screens use GraphQL at /graphql).',
        `**Sessions.** \`POST /api/auth/login\` (or registration, or Google sign-in) answers with the \`${SESSION_COOKIE}\` cookie (httpOnly, SameSite=Lax); send it back on every call. \`POST /api/auth/logout\` ends it.`,
        '**Writes from browsers** (POST, PUT, DELETE) must come from the shop’s own pages: a request whose `Sec-Fetch-Site` is not `same-origin`/`none`, or whose `Origin` is another host, is refused with 403 `CROSS_SITE_WRITE`. Clients that are not browsers send neither header and are not affected.',
        '**Money** is in pesos (MXN), exact to the centavo; the server computes every amount. **Lists** are paged with `desde` (offset) and `limite`; `X-Total-Count` says how many there are. **Errors** are `{ "error", "reason" }`: show `error`, decide by `reason`.',
      ].join('\n\n'),
    },
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            'The session cookie set by sign-in. Writes must also pass the same-origin rule (see the description above).',
        },
        mercadoPagoSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'x-signature',
          description:
            "Mercado Pago's signature (`ts=…,v1=…`: an HMAC-SHA256 with the webhook secret of `id:{data.id};request-id:{x-request-id};ts:{ts};`).",
        },
      },
      responses: errorResponses,
    },
  });
}

export type OpenApiDocument = oas31.OpenAPIObject;

/** What GET /api/openapi.json answers, as its own response schema: an OpenAPI 3.1 document. */
export const openApiDocumentSchema = z
  .looseObject({
    openapi: z.literal('3.1.0'),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  })
  .meta({
    id: 'OpenAPI',
    description:
      'This document (OpenAPI 3.1); its full schema is https://spec.openapis.org/oas/3.1/schema',
  });

type ServedDocument = z.output<typeof openApiDocumentSchema>;
const cache = new WeakMap<readonly RouteDef[], { version: string; document: ServedDocument }>();

/** The document, made once per list of routes and version and then kept in memory. */
export function openApiDocument(routes: readonly RouteDef[], info: OpenApiInfo): ServedDocument {
  const cached = cache.get(routes);
  if (cached?.version === info.version) return cached.document;
  const document = openApiDocumentSchema.parse(createOpenApiDocument(routes, info));
  cache.set(routes, { version: info.version, document });
  return document;
}
