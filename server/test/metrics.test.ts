import fc from 'fast-check';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { OperationNames } from '../src/http/metrics.js';
import { testApp, type TestApp } from './support/app.js';
import { openTestOrm, resetDatabase } from './support/db.js';
import { createProducts, createUsers } from './support/fixtures.js';
import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * `/metrics` (issue 26 item 6; http/metrics.ts): absent without METRICS_TOKEN; with it, refused
 * to anyone without the bearer token (a visitor, a customer, an admin's session, a forged or
 * hostile header), and for the token's bearer Prometheus's text format, which a Prometheus text
 * parser reads, with the named metrics present and moving.
 */
const TOKEN = 'token-de-metricas-para-pruebas-0123456789';

let orm: MikroORM;
let shop: TestApp;

beforeAll(async () => {
  orm = await openTestOrm();
  await resetDatabase(orm);
  await createProducts(orm.em.fork(), [{ name: 'Playera Nike 1 Negro', price: 200 }]);
  await createUsers(orm.em.fork(), [
    { email: 'cliente@tienda.mx', password: 'Cliente12345' },
    { email: 'jefa@tienda.mx', password: 'Jefa12345678', role: 'admin' },
  ]);
  shop = await testApp(orm, { metricsToken: TOKEN, rateLimits: false });
});
afterAll(async () => {
  await shop.stop();
  await orm.close();
});

async function scrape(): Promise<MetricFamily[]> {
  const res = await shop.get('/metrics', { Authorization: `Bearer ${TOKEN}` });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusTextFormat(res.text);
}

const family = (families: MetricFamily[], name: string) => {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`falta la métrica ${name}`);
  return found;
};

const sample = (f: MetricFamily, labels: Record<string, string>) =>
  f.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));

const counted = (families: MetricFamily[], labels: Record<string, string>) =>
  Number(sample(family(families, 'tienda_http_requests_total'), labels)?.value ?? 0);

test('rule no token configured: there is no /metrics (404)', async () => {
  const plain = await testApp(orm, { metricsToken: undefined });
  try {
    const res = await plain.get('/metrics', { Authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(404);
  } finally {
    await plain.stop();
  }
});

test('rule token required: without it, with a wrong one, or with only a session (customer or admin), /metrics answers 401 in Spanish', async () => {
  const anonymous = await shop.get('/metrics');
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="metrics"');
  expect(anonymous.text).toBe('No autorizado: las métricas piden el token de METRICS_TOKEN.');
  expect((await shop.get('/metrics', { Authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
  expect((await shop.get('/metrics', { Authorization: TOKEN })).status).toBe(401);
  expect((await shop.get('/metrics', { Authorization: 'Bearer ' })).status).toBe(401);
  for (const [email, password] of [
    ['cliente@tienda.mx', 'Cliente12345'],
    ['jefa@tienda.mx', 'Jefa12345678'],
  ] as const) {
    const browser = shop.client();
    const signedIn = await browser.post('/api/auth/login', { email, password });
    expect(signedIn.status).toBe(200);
    const res = await browser.get('/metrics');
    expect(res.status).toBe(401);
    expect(res.text).not.toContain('tienda_');
  }
});

test('rule hostile Authorization headers: whatever the header holds, /metrics answers 401 (never a 500) and tells nothing', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.string({ maxLength: 300 }),
        fc.string({ unit: 'binary', maxLength: 200 }).map((s) => `Bearer ${s}`),
        fc.constantFrom(`Bearer ${TOKEN.slice(0, -1)}`, `bearer  ${TOKEN}`, `Basic ${TOKEN}`),
      ),
      async (header) => {
        const safe = [...header].filter((c) => c >= ' ' && c <= '~').join('');
        const res = await shop.get('/metrics', { Authorization: safe });
        if (safe === `Bearer ${TOKEN}`) return;
        expect(res.status).toBe(401);
        expect(res.text).not.toContain('tienda_');
      },
    ),
    { numRuns: 60 },
  );
});

test('with the token: the text parses, every named metric is there, and a request moves its route template counter (never the raw URL)', async () => {
  const before = await scrape();
  for (const name of [
    'tienda_http_requests_total',
    'tienda_http_request_duration_seconds',
    'tienda_errors_total',
    'tienda_db_pool_connections',
    'tienda_mail_outbox_pending',
    'tienda_mail_outbox_oldest_pending_seconds',
    'tienda_catalog_index_pending_changes',
    'tienda_catalog_index_lag_seconds',
    'tienda_product_answer_cache_total',
    'nodejs_eventloop_lag_seconds',
    'process_resident_memory_bytes',
  ]) {
    expect(before.map((f) => f.name)).toContain(name);
  }
  const route = { route: '/api/productos/:id', method: 'GET', status: '200' };
  const was = counted(before, route);
  expect((await shop.get('/api/productos/1')).status).toBe(200);
  expect((await shop.get('/api/productos/999999')).status).toBe(404);
  const after = await scrape();
  expect(counted(after, route)).toBe(was + 1);
  expect(counted(after, { ...route, status: '404' })).toBeGreaterThanOrEqual(1);
  const routes = family(after, 'tienda_http_requests_total').metrics.map((m) => m.labels?.route);
  expect(routes.some((r) => r?.includes('999999'))).toBe(false);
  // The 404 is counted by its code.
  expect(
    Number(sample(family(after, 'tienda_errors_total'), { door: 'api', code: 'NOT_FOUND' })?.value),
  ).toBeGreaterThanOrEqual(1);
  // The parser merges a histogram's labelled series: its count is read from the text itself.
  expect(family(after, 'tienda_http_request_duration_seconds').type).toBe('HISTOGRAM');
  const text = (await shop.get('/metrics', { Authorization: `Bearer ${TOKEN}` })).text;
  const count =
    /^tienda_http_request_duration_seconds_count\{route="\/api\/productos\/:id",method="GET"\} (\d+)$/m.exec(
      text,
    );
  expect(Number(count?.[1])).toBeGreaterThanOrEqual(2);
  // The pool's gauges: the states are there (none waiting at rest).
  const pool = family(after, 'tienda_db_pool_connections');
  expect(sample(pool, { state: 'waiting' })?.value).toBe('0');
  expect(sample(pool, { state: 'in_use' })).toBeDefined();
});

test('GraphQL requests are counted by operation name; errors by their code; the product answer cache counts its hits', async () => {
  const detail = 'query ProductDetail($id: Int!) { product(id: $id) { id name } }';
  const visitor = shop.client();
  // As Apollo Client sends it: with the operation's name (a kept answer is labelled by it).
  for (let i = 0; i < 3; i += 1) {
    const res = await visitor.post('/graphql', {
      query: detail,
      variables: { id: 1 },
      operationName: 'ProductDetail',
    });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
  }
  const broken = await visitor.post('/graphql', {
    query: 'query Roto { noExiste }',
    operationName: 'Roto',
  });
  expect(broken.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  const families = await scrape();
  expect(counted(families, { route: 'graphql:ProductDetail', method: 'POST', status: '200' })).toBe(
    3,
  );
  // A document that did not validate never teaches its name: it is 'otro'.
  expect(counted(families, { route: 'graphql:otro', method: 'POST' })).toBeGreaterThanOrEqual(1);
  expect(
    Number(
      sample(family(families, 'tienda_errors_total'), {
        door: 'graphql',
        code: 'GRAPHQL_VALIDATION_FAILED',
      })?.value,
    ),
  ).toBeGreaterThanOrEqual(1);
  const cache = family(families, 'tienda_product_answer_cache_total');
  expect(Number(sample(cache, { outcome: 'hit' })?.value)).toBeGreaterThanOrEqual(1);
});

test('the outbox figures follow its pending messages (read at most every 10 s: a fresh app reads them now)', async () => {
  await orm.em.fork().execute(
    `insert into mail_outbox (event_key, kind, recipient, props, created_at)
       values ('prueba-metricas', 'password-changed', 'a@b.mx', '{}', now() - interval '120 seconds')`,
  );
  const fresh = await testApp(orm, { metricsToken: TOKEN });
  try {
    const res = await fresh.get('/metrics', { Authorization: `Bearer ${TOKEN}` });
    const families = parsePrometheusTextFormat(res.text);
    expect(family(families, 'tienda_mail_outbox_pending').metrics[0]?.value).toBe('1');
    expect(
      Number(family(families, 'tienda_mail_outbox_oldest_pending_seconds').metrics[0]?.value),
    ).toBeGreaterThanOrEqual(120);
  } finally {
    await fresh.stop();
  }
});

test('rule bounded operation names: past the limit, new names are counted as otro; no name is anonymous; junk never becomes a label', () => {
  const names = new OperationNames(2);
  expect(names.learn('A')).toBe('A');
  expect(names.learn('B')).toBe('B');
  expect(names.learn('C')).toBe('otro');
  expect(names.learn(null)).toBe('anonymous');
  expect(names.learn('a b')).toBe('otro');
  expect(names.label('A')).toBe('A');
  expect(names.label('Z')).toBe('otro');
  expect(names.label({})).toBe('otro');
});
