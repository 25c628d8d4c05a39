import querystring from 'node:querystring';
import fc from 'fast-check';
import {
  getNamedType,
  getNullableType,
  getVariableValues,
  isInputObjectType,
  isLeafType,
  parse,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Response } from 'supertest';
import type { z } from 'zod';
import { buildGraphQLSchema } from '../src/api/graphql/build-schema.js';
import { rootAccessRules } from '../src/api/graphql/access.js';
import { findControlCharacter } from '../src/http/control-characters.js';
import { SESSION_COOKIE, SessionCookie } from '../src/http/session-cookie.js';
import { SessionStore } from '../src/modules/accounts/session-store.js';
import { REST_ROUTES } from '../src/api/rest/router.js';
import type { RouteDef } from '../src/api/rest/route.js';
import { shopWith } from './support/app.js';
import { createUsers } from './support/fixtures.js';
import {
  OVERSIZED_BODY,
  WRONG_CONTENT_TYPES,
  hostileIdSegment,
  hostileObject,
  hostileQuery,
  hostileString,
  hostileValue,
  malformedJson,
} from './support/hostile.js';

/**
 * Hostile bodies on every route (issue 16): every REST route and every GraphQL operation, taken
 * from the same lists the permission matrix walks (REST_ROUTES and the schema's root fields), so
 * a new one is fuzzed without anyone remembering to. Each case carries at least one thing that
 * must be refused (a path id that is not an id, a query or body the route's own schema refuses,
 * JSON that is not JSON, a body too large, a wrong content type, no session where one is due,
 * GraphQL variables of the wrong type, a broken or overlong document); the rest of it is noise
 * (unicode, huge strings, deep nesting, prototype keys, numbers at the edges). Properties: a 4xx
 * (GraphQL: an error) with a Spanish message in the door's shape, never a 500, the app still
 * answering, and the database exactly as it was.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const REFUSALS = new Set([400, 401, 403, 404, 405, 409, 413, 415, 422, 429]);

const shop = shopWith(
  [{ name: 'Playera Nike 1 Negro', price: 200, type: 'Playera', brand: 'Nike', color: 'Negro' }],
  { rateLimits: false },
);

type Who = 'anonymous' | 'customer' | 'admin';
const cookies: Record<Who, Record<string, string>> = { anonymous: {}, customer: {}, admin: {} };
const ids = { customer: 0, admin: 0 };

beforeAll(async () => {
  const em = shop.orm.em.fork();
  [ids.customer, ids.admin] = (await createUsers(em, [
    { email: 'cliente@example.com', password: 'Cliente123' },
    { email: 'admin@example.com', password: 'Admin12345', role: 'admin' },
  ])) as [number, number];
  await em.execute(
    `insert into address (user_id, first_name, last_name, street, number, neighborhood,
        postal_code, city, state, "references", phone)
      values (?, 'Ana', 'López', 'Reforma', '10', 'Centro', '06000', 'CDMX', 'CDMX', 'Portón', '5512345678')`,
    [ids.customer],
  );
  await em.execute(
    `insert into cart_line (user_id, product_id, size, quantity) values (?, 1, 'M', 1)`,
    [ids.customer],
  );
  const signer = new SessionCookie(shop.app.config.sessionSecret!, false);
  for (const who of ['customer', 'admin'] as const) {
    const session = await new SessionStore(shop.orm.em.fork()).start(ids[who]);
    cookies[who] = { Cookie: `${SESSION_COOKIE}=${signer.value(session.token)}` };
  }
});

/** Row count and an md5 of every row of every table, in one statement. */
async function databaseChecksum(): Promise<Record<string, string>> {
  const em = shop.orm.em.fork();
  const tables = await em.execute<{ name: string }[]>(
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
        and table_name not like 'mikro_orm%' order by 1`,
  );
  const sql = tables
    .map(
      ({ name }) =>
        `select '${name}' as name, count(*) || ':' || md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as sum from "${name}" t`,
    )
    .join(' union all ');
  const rows = await em.execute<{ name: string; sum: string }[]>(sql);
  return Object.fromEntries(rows.map((r) => [r.name, r.sum]));
}

/** Words that start the English messages of Express, body-parser, graphql-js and Apollo. */
const ENGLISH =
  /^(Syntax|Cannot|Variable|Unknown|Field|Argument|Expected|Int |String |Float |Boolean |Value|There|The |This |POST|GET|GraphQL|Operation|Must|Invalid|Unexpected|Bad|Internal|Error|request|Request|Payload|Unsupported|Not |Forbidden|Unauthorized|Too )/;

function expectSpanish(message: unknown, context: string): void {
  if (typeof message !== 'string' || message.trim() === '' || ENGLISH.test(message)) {
    throw new Error(`${context}: el mensaje no es un texto en español: ${JSON.stringify(message)}`);
  }
}

interface Sent {
  method: string;
  path: string;
  contentType?: string;
  raw?: string;
  json?: unknown;
  who: Who;
}

async function send(req: Sent): Promise<Response> {
  const agent = shop.app.client().agent;
  let r = agent[req.method as 'get'](req.path).set(cookies[req.who]);
  if (req.raw !== undefined) {
    r = r.set('Content-Type', req.contentType ?? 'application/json').send(req.raw);
  } else if (req.json !== undefined) {
    r = r.set('Content-Type', req.contentType ?? 'application/json').send(JSON.stringify(req.json));
  }
  return r;
}

const describeCase = (req: Sent) =>
  `${req.method.toUpperCase()} ${req.path.slice(0, 200)} as ${req.who} ` +
  `(${req.contentType ?? 'json'}) ${(req.raw ?? JSON.stringify(req.json) ?? '').slice(0, 300)}`;

// ---------------------------------------------------------------- REST

/** Keys of a zod object schema (empty for anything else). */
function keysOf(schema: z.ZodType | undefined): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** What the route's own door refuses: a schema failure or a control character. */
function refusedBy(schema: z.ZodType | undefined, value: unknown): boolean {
  if (findControlCharacter(value) !== undefined) return true;
  return schema !== undefined && !schema.safeParse(value).success;
}

/** The path with every :param replaced, as Express will hand it to the route. */
const fillPath = (def: RouteDef, segment: string) =>
  `/api${def.path.replace(/:[a-zA-Z]+/g, segment)}`;

/** A request to the route that it must refuse, whoever sends it. */
function hostileRestRequest(def: RouteDef): fc.Arbitrary<Sent> {
  const method = def.method;
  const signedIn: fc.Arbitrary<Who> = fc.constantFrom('customer', 'admin');
  const validPath = fillPath(def, String(ids.customer));
  const queryKeys = keysOf(def.query);
  const bodyKeys = keysOf(def.body);
  const noiseQuery = fc.option(hostileQuery(queryKeys), { nil: undefined });
  const noiseBody = fc.option(hostileObject(bodyKeys), { nil: undefined });
  const withQuery = (path: string, q: string | undefined) => (q ? `${path}?${q}` : path);
  const kinds: fc.Arbitrary<Sent>[] = [
    // JSON that is not JSON (body-parser reads it before any route).
    fc
      .record({ who: signedIn, raw: malformedJson, q: noiseQuery })
      .map(({ who, raw, q }) => ({ method, path: withQuery(validPath, q), raw, who })),
    // A body or a charset a JSON route does not take.
    fc
      .record({
        who: signedIn,
        contentType: fc.constantFrom(...WRONG_CONTENT_TYPES),
        raw: fc.oneof(
          hostileString,
          hostileObject(bodyKeys).map((o) => JSON.stringify(o)),
        ),
      })
      .filter(({ raw }) => raw.length > 0)
      .map(({ who, contentType, raw }) => ({ method, path: validPath, contentType, raw, who })),
  ];
  if (def.body) {
    kinds.push(
      fc
        .record({ who: signedIn, json: fc.oneof(hostileObject(bodyKeys), hostileValue) })
        // A JSON body whose top level is not an object or array is not JSON for body-parser
        // (strict), and an object the route's own schema accepts is not hostile enough.
        .filter(
          ({ json }) => typeof json !== 'object' || json === null || refusedBy(def.body, json),
        )
        .map(({ who, json }) => ({ method, path: validPath, json, who })),
    );
  }
  if (def.query) {
    kinds.push(
      fc
        .record({ who: signedIn, q: hostileQuery(queryKeys) })
        .filter(({ q }) => refusedBy(def.query, querystring.parse(q)))
        .map(({ who, q }) => ({ method, path: `${validPath}?${q}`, who })),
    );
  }
  if (def.params) {
    kinds.push(
      fc
        .record({ who: signedIn, id: hostileIdSegment, body: noiseBody })
        .map(({ who, id, body }) => ({ method, path: fillPath(def, id), json: body, who })),
    );
  }
  if (def.access !== 'public') {
    kinds.push(
      fc.record({ body: noiseBody, q: noiseQuery }).map(({ body, q }) => ({
        method,
        path: withQuery(validPath, q),
        json: body,
        who: 'anonymous' as const,
      })),
    );
  }
  // The body limit: seldom, as it is 1 MB a case.
  return fc.oneof(...kinds.map((arbitrary) => ({ weight: 10, arbitrary })), {
    weight: 1,
    arbitrary: signedIn.map((who) => ({ method, path: validPath, raw: OVERSIZED_BODY, who })),
  });
}

async function expectRestRefusal(req: Sent): Promise<void> {
  const res = await send(req);
  const context = `${describeCase(req)} → ${res.status} ${res.text.slice(0, 300)}`;
  if (!REFUSALS.has(res.status)) throw new Error(`se esperaba un 4xx: ${context}`);
  const body = res.body as { error?: unknown; reason?: unknown };
  if (Object.keys(body).join() !== 'error,reason') {
    throw new Error(`sin { error, reason }: ${context}`);
  }
  expectSpanish(body.error, context);
  if (typeof body.reason !== 'string' || !/^[A-Z][A-Z_]*$/.test(body.reason)) {
    throw new Error(`reason no es una palabra estable (MAYÚSCULAS_CON_GUIONES): ${context}`);
  }
}

/** The app still answers a plain request (no crash, no poisoned state). */
async function expectAlive(): Promise<void> {
  const res = await shop.app.client().get('/api/version');
  expect(res.status).toBe(200);
}

describe('hostile bodies on every REST route: a Spanish 4xx, never a 500, the database untouched', () => {
  test('every route of REST_ROUTES is fuzzed (the list the permission matrix walks)', () => {
    expect(REST_ROUTES.length).toBeGreaterThan(40);
  });

  test.each(REST_ROUTES.map((def) => [`${def.method.toUpperCase()} ${def.path}`, def] as const))(
    '%s refuses hostile input',
    async (_name, def) => {
      const before = await databaseChecksum();
      await fc.assert(fc.asyncProperty(hostileRestRequest(def), expectRestRefusal), {
        numRuns: RUNS,
        endOnFailure: true,
      });
      await expectAlive();
      expect(await databaseChecksum()).toEqual(before);
    },
  );
});

// ---------------------------------------------------------------- GraphQL

interface Operation {
  name: string;
  kind: 'query' | 'mutation';
  access: string | undefined;
  field: GraphQLField<unknown, unknown>;
  document: string;
  definition: OperationDefinitionNode;
}

/** `mutation Op($a: T!, …) { op(a: $a, …) { __typename } }` for a root field. */
function operationOf(
  schema: GraphQLSchema,
  kind: 'query' | 'mutation',
  field: GraphQLField<unknown, unknown>,
  access: string | undefined,
): Operation {
  const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  const document = `${kind} Fuzz${vars ? `(${vars})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
  const definition = parse(document).definitions[0] as OperationDefinitionNode;
  return {
    name: `${kind === 'query' ? 'Query' : 'Mutation'}.${field.name}`,
    kind,
    access,
    field,
    document,
    definition,
  };
}

/** Keys one level down an input object argument, for wrong types inside it. */
function argumentKeys(field: GraphQLField<unknown, unknown>): Record<string, string[]> {
  return Object.fromEntries(
    field.args.map((a) => {
      const type = getNamedType(getNullableType(a.type));
      return [a.name, isInputObjectType(type) ? Object.keys(type.getFields()) : []];
    }),
  );
}

function hostileGraphQLRequest(schema: GraphQLSchema, op: Operation): fc.Arbitrary<Sent> {
  const who: fc.Arbitrary<Who> = fc.constantFrom('anonymous', 'customer', 'admin');
  const signedIn: fc.Arbitrary<Who> = fc.constantFrom('customer', 'admin');
  const path = '/graphql';
  const nested = argumentKeys(op.field);
  const variables = fc.tuple(
    fc.record(
      Object.fromEntries(
        op.field.args.map((a) => [
          a.name,
          nested[a.name]!.length > 0
            ? fc.oneof(hostileObject(nested[a.name]!), hostileValue)
            : hostileValue,
        ]),
      ),
      { requiredKeys: [] },
    ),
    // Variables the document does not declare.
    hostileObject([]),
  );
  const refusedVariables = (vars: Record<string, unknown>) =>
    findControlCharacter(vars) !== undefined ||
    getVariableValues(schema, op.definition.variableDefinitions ?? [], vars).errors !== undefined;
  const kinds: fc.Arbitrary<Sent>[] = [
    // A broken document: a real one cut short.
    fc
      .record({ who, cut: fc.nat({ max: op.document.length - 1 }), vars: variables })
      .map(({ who, cut, vars: [v, extra] }) => ({
        method: 'post',
        path,
        json: { query: op.document.slice(0, cut), variables: { ...extra, ...v } },
        who,
      })),
    // An overlong document: the real one and a fragment of thousands of tokens.
    fc.record({ who, n: fc.integer({ min: 1000, max: 20_000 }) }).map(({ who, n }) => ({
      method: 'post',
      path,
      json: {
        query: `${op.document} fragment F on Query { ${'__typename '.repeat(n)}}`,
      },
      who,
    })),
    // The envelope of wrong types: query, variables, operationName.
    fc
      .record({
        who,
        query: fc.oneof(
          hostileValue.filter((q) => typeof q !== 'string'),
          hostileString,
        ),
        variables: fc.oneof(
          hostileValue.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
        ),
        operationName: fc.option(hostileValue),
      })
      .map(({ who, query, variables, operationName }) => ({
        method: 'post',
        path,
        json: { query, variables, operationName },
        who,
      }))
      .filter(({ json }) => typeof json.query !== 'string' || json.variables !== undefined),
    // Not JSON, a wrong content type, or a GET that would change something.
    fc
      .record({ who, raw: malformedJson })
      .map(({ who, raw }) => ({ method: 'post', path, raw, who })),
    fc
      .record({ who, contentType: fc.constantFrom(...WRONG_CONTENT_TYPES) })
      .map(({ who, contentType }) => ({
        method: 'post',
        path,
        contentType,
        raw: JSON.stringify({ query: op.document }),
        who,
      })),
  ];
  if (op.field.args.length > 0) {
    kinds.push(
      fc
        .record({ who: signedIn, vars: variables })
        .map(({ who, vars: [v, extra] }) => ({ who, variables: { ...extra, ...v } }))
        .filter(({ variables }) => refusedVariables(variables))
        .map(({ who, variables }) => ({
          method: 'post',
          path,
          json: { query: op.document, variables },
          who,
        })),
    );
  }
  if (op.kind === 'mutation') {
    kinds.push(
      fc.record({ who }).map(({ who }) => ({
        method: 'get',
        path: `${path}?query=${encodeURIComponent(op.document)}`,
        who,
      })),
    );
  }
  if (op.access !== 'public') {
    // No session where one is due, whatever the variables (checked before they are used).
    kinds.push(
      variables.map(([v, extra]) => ({
        method: 'post',
        path,
        json: { query: op.document, variables: { ...extra, ...v } },
        who: 'anonymous' as const,
      })),
    );
  }
  return fc.oneof(...kinds.map((arbitrary) => ({ weight: 10, arbitrary })), {
    weight: 1,
    arbitrary: who.map((who) => ({ method: 'post', path, raw: OVERSIZED_BODY, who })),
  });
}

async function expectGraphQLRefusal(req: Sent): Promise<void> {
  const res = await send({ ...req, contentType: req.contentType });
  const context = `${describeCase(req)} → ${res.status} ${res.text.slice(0, 300)}`;
  if (res.status !== 200 && !REFUSALS.has(res.status)) {
    throw new Error(`se esperaba un 4xx o un error GraphQL: ${context}`);
  }
  const body = res.body as {
    data?: Record<string, unknown> | null;
    errors?: { message?: unknown; extensions?: { code?: unknown } }[];
  };
  if (!Array.isArray(body.errors) || body.errors.length === 0) {
    throw new Error(`sin errors[]: ${context}`);
  }
  for (const error of body.errors) {
    expectSpanish(error.message, context);
    const code = error.extensions?.code;
    if (typeof code !== 'string' || code === 'INTERNAL_SERVER_ERROR') {
      throw new Error(`extensions.code ausente o interno: ${context}`);
    }
  }
  if (body.data && Object.values(body.data).some((v) => v !== null)) {
    throw new Error(`la operación respondió datos: ${context}`);
  }
}

/** The schema's root fields, read at load so each gets its own named test. */
const schema = await buildGraphQLSchema();
const accessRules = rootAccessRules(schema);
const operations: Operation[] = [
  ...Object.values(schema.getQueryType()!.getFields()).map((f) =>
    operationOf(schema, 'query', f, accessRules.get(`Query.${f.name}`)),
  ),
  ...Object.values(schema.getMutationType()!.getFields()).map((f) =>
    operationOf(schema, 'mutation', f, accessRules.get(`Mutation.${f.name}`)),
  ),
];

describe('hostile bodies on every GraphQL operation: a Spanish error, never a 500, the database untouched', () => {
  test('every operation of the schema is fuzzed (the list the permission matrix walks)', () => {
    expect(operations.map((o) => o.name).sort()).toEqual([...accessRules.keys()].sort());
    expect(operations.length).toBeGreaterThan(40);
  });

  test.each(operations.map((op) => [op.name, op] as const))(
    '%s refuses hostile input',
    async (_name, op) => {
      const before = await databaseChecksum();
      await fc.assert(fc.asyncProperty(hostileGraphQLRequest(schema, op), expectGraphQLRefusal), {
        numRuns: RUNS,
        endOnFailure: true,
      });
      await expectAlive();
      expect(await databaseChecksum()).toEqual(before);
    },
  );
});

describe('counterexamples the fuzz found, kept as named regressions', () => {
  test('rule a body that is not JSON on a JSON route answers 415: a DELETE with a text body deleted the address', async () => {
    const before = await databaseChecksum();
    const res = await send({
      method: 'delete',
      path: '/api/direcciones/1',
      contentType: 'text/plain',
      raw: '\u{41667}\u{58225}\u{9AE1B}',
      who: 'customer',
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      error: 'Tipo de contenido no admitido: el cuerpo debe ser JSON',
      reason: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(await databaseChecksum()).toEqual(before);
  });

  test('rule a sign-out sent as a form answers 415 and the session stays', async () => {
    const before = await databaseChecksum();
    const res = await send({
      method: 'post',
      path: '/api/auth/logout',
      contentType: 'application/x-www-form-urlencoded',
      raw: 'a=1',
      who: 'admin',
    });
    expect(res.status).toBe(415);
    expect(await databaseChecksum()).toEqual(before);
    expect((await send({ method: 'get', path: '/api/auth/me', who: 'admin' })).status).toBe(200);
  });

  test('rule GraphQL request errors are in Spanish, with the technical detail after', async () => {
    const parse = await send({
      method: 'post',
      path: '/graphql',
      json: { query: 'mut' },
      who: 'anonymous',
    });
    expect(parse.status).toBe(400);
    expect(parse.body.errors[0].message).toMatch(/^La consulta no es GraphQL válido: Syntax Error/);
    expect(parse.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    const variables = await send({
      method: 'post',
      path: '/graphql',
      json: {
        query: 'query ($id: Int!) { product(id: $id) { id } }',
        variables: { id: '../../etc/passwd' },
      },
      who: 'anonymous',
    });
    expect(variables.status).toBe(400);
    expect(variables.body.errors[0].message).toMatch(
      /^Las variables de la consulta no son válidas: /,
    );
    const envelope = await send({
      method: 'post',
      path: '/graphql',
      json: { query: 2147483630 },
      who: 'anonymous',
    });
    expect(envelope.body.errors[0].message).toMatch(/^La petición GraphQL no es válida: /);
    const csrf = await send({
      method: 'post',
      path: '/graphql',
      contentType: 'text/plain',
      raw: '{"query":"{ appVersion }"}',
      who: 'anonymous',
    });
    expect(csrf.status).toBe(400);
    expect(csrf.body.errors[0].message).toMatch(/^La petición GraphQL no es válida: /);
  });
});
