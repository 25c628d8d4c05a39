import type { Response } from 'supertest';
import { SESSION_COOKIE, SessionCookie } from '../../src/http/session-cookie.js';
import { SessionStore } from '../../src/modules/accounts/session-store.js';
import { shopWith } from './app.js';
import { createUsers } from './fixtures.js';

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
 *
 * The shop the hostile-bodies-*.test.ts files send to, and how they send and check (the inputs
 * themselves come from hostile.ts). Importing this module registers, in the importing test file,
 * the hooks that give it its own database with a product, a customer with an address and a cart
 * line, an admin, and a session for each.
 */

export const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
export const REFUSALS = new Set([400, 401, 403, 404, 405, 409, 413, 415, 422, 429]);

/** `/metrics` is on (http/metrics.ts), for this bearer token: its refusals are fuzzed too. */
export const METRICS_TOKEN = 'token-de-metricas-del-fuzz-0123456789';

const shop = shopWith(
  [{ name: 'Playera Nike 1 Negro', price: 200, type: 'Playera', brand: 'Nike', color: 'Negro' }],
  { rateLimits: false, metricsToken: METRICS_TOKEN },
);

export type Who = 'anonymous' | 'customer' | 'admin';
const cookies: Record<Who, Record<string, string>> = { anonymous: {}, customer: {}, admin: {} };
export const ids = { customer: 0, admin: 0 };

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
export async function databaseChecksum(): Promise<Record<string, string>> {
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

export function expectSpanish(message: unknown, context: string): void {
  if (typeof message !== 'string' || message.trim() === '' || ENGLISH.test(message)) {
    throw new Error(`${context}: el mensaje no es un texto en español: ${JSON.stringify(message)}`);
  }
}

export interface Sent {
  method: string;
  path: string;
  contentType?: string;
  /** A body as it is sent: text, or bytes (invalid UTF-8…). */
  raw?: string | Buffer;
  json?: unknown;
  /** Extra request headers (values as Latin-1, as Node sends them). */
  headers?: Record<string, string>;
  who: Who;
}

export async function send(req: Sent): Promise<Response> {
  const agent = shop.app.client().agent;
  let r = agent[req.method as 'get'](req.path).set(cookies[req.who]);
  if (req.headers) r = r.set(req.headers);
  // With extra headers the body goes as bytes: Node writes a string body in one piece with the
  // headers, as UTF-8, which would turn a Latin-1 header's bytes into valid UTF-8.
  const raw =
    req.json !== undefined && req.raw === undefined && req.headers
      ? Buffer.from(JSON.stringify(req.json))
      : req.raw;
  if (Buffer.isBuffer(raw)) {
    // As bytes: superagent would otherwise serialise a Buffer under a JSON content type.
    r = r
      .set('Content-Type', req.contentType ?? 'application/json')
      .serialize(() => raw as unknown as string)
      .send(raw);
  } else if (raw !== undefined) {
    r = r.set('Content-Type', req.contentType ?? 'application/json').send(raw);
  } else if (req.json !== undefined) {
    r = r.set('Content-Type', req.contentType ?? 'application/json').send(JSON.stringify(req.json));
  }
  return r;
}

export const describeCase = (req: Sent) =>
  `${req.method.toUpperCase()} ${req.path.slice(0, 200)} as ${req.who} ` +
  `(${req.contentType ?? 'json'}) ${req.headers ? `${JSON.stringify(req.headers)} ` : ''}` +
  `${(Buffer.isBuffer(req.raw) ? `bytes ${req.raw.toString('hex')}` : (req.raw ?? JSON.stringify(req.json) ?? '')).slice(0, 300)}`;

/** The app still answers a plain request (no crash, no poisoned state). */
export async function expectAlive(): Promise<void> {
  const res = await shop.app.client().get('/api/version');
  expect(res.status).toBe(200);
}
