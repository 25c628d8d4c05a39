import { mkdtemp, rm } from 'node:fs/promises';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import os from 'node:os';
import path from 'node:path';
import {
  freeze,
  freePort,
  postgresPids,
  startShop,
  timed,
  until,
  waitFor,
} from './support/shop-process.js';

/**
 * Database faults, against a PostgreSQL of the test's own (never the shared one): a stalled
 * database (its processes SIGSTOPped, as when a disk or a managed database stalls), a dead
 * embedded database (its postmaster SIGKILLed), and a `DATABASE_URL` server that stops and
 * comes back.
 */

const MESSAGE = 'El servicio no está disponible por el momento; intenta de nuevo en unos minutos';
const PRODUCT_QUERY = '{ newProducts { id } }';

/**
 * Asks REST and GraphQL while the database cannot serve: each must answer 503 with the message
 * (REST), the code (GraphQL) and `Retry-After`, within 3 s. Returns how long each took.
 */
async function expectUnavailable(base: string): Promise<{ restMs: number; graphqlMs: number }> {
  const rest = await timed(() => fetch(`${base}/api/productos/1`));
  expect(rest.value.status).toBe(503);
  expect(Number(rest.value.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await rest.value.json()).toEqual({ error: MESSAGE, reason: 'SERVICE_UNAVAILABLE' });
  expect(rest.ms).toBeLessThan(3000);
  const gql = await timed(() =>
    fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: PRODUCT_QUERY }),
    }),
  );
  expect(gql.value.status).toBe(503);
  expect(
    ((await gql.value.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!
      .extensions.code,
  ).toBe('SERVICE_UNAVAILABLE');
  expect(gql.ms).toBeLessThan(3000);
  return { restMs: rest.ms, graphqlMs: gql.ms };
}

/** The built server on a free port, with its data in `dataDir` (not yet ready: see waitFor). */
async function openShop(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  return { shop: startShop(dataDir, port, env), base: `http://127.0.0.1:${port}` };
}

/** Whether the shop serves again: a product that does not exist is its 404, not a 503. */
const serving = async (base: string) => (await fetch(`${base}/api/productos/1`)).status === 404;

describe('a dead embedded database (its postmaster SIGKILLed)', () => {
  // The real built server in its own process: the restart is main.ts's and database.ts's wiring,
  // and the embedded PostgreSQL is that process's child, as in production.
  test('rule dead embedded database: requests get 503 within 3 s, the shop restarts PostgreSQL and serves again without being restarted', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tienda-dead-db-'));
    const { shop, base } = await openShop(dir);
    try {
      await waitFor(shop, /Tienda lista/);
      expect((await fetch(`${base}/api/productos/1`)).status).toBe(404);
      const [postmaster] = postgresPids(path.join(dir, 'postgres'));
      process.kill(postmaster!, 'SIGKILL');

      const first = await expectUnavailable(base);
      expect((await fetch(`${base}/healthz/live`)).status).toBe(200);

      const recovery = await until(() => serving(base), 45_000);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect(shop.child.exitCode).toBeNull();
      expect(shop.output()).toContain('PostgreSQL embebido reiniciado');
      console.log(
        `dead embedded database: REST 503 in ${first.restMs} ms, GraphQL 503 in ${first.graphqlMs} ms, serving again ${recovery} ms after the kill`,
      );
    } finally {
      shop.child.kill('SIGTERM');
      expect(await shop.exited).toBe(0);
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a stalled database (its processes SIGSTOPped)', () => {
  test('rule stalled database: requests get 503 within 3 s, /healthz 503 within 1 s, /healthz/live 200; the shop serves again by itself once the database answers', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tienda-frozen-db-'));
    const { shop, base } = await openShop(dir);
    let thaw = () => {};
    try {
      await waitFor(shop, /Tienda lista/);
      // Connections in the pool, as on a shop that has been serving.
      await Promise.all(
        Array.from({ length: 5 }, () => fetch(`${base}/api/productos/1`).then((r) => r.text())),
      );
      ({ thaw } = freeze(dir));

      const answers = await expectUnavailable(base);
      const health = await timed(() => fetch(`${base}/healthz`));
      expect(health.value.status).toBe(503);
      expect(health.ms).toBeLessThan(1000);
      expect((await fetch(`${base}/healthz/live`)).status).toBe(200);

      thaw();
      const recovery = await until(() => serving(base), 30_000);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect(shop.child.exitCode).toBeNull();
      console.log(
        `stalled database: REST 503 in ${answers.restMs} ms, GraphQL 503 in ${answers.graphqlMs} ms, /healthz 503 in ${health.ms} ms, serving again ${recovery} ms after it answered`,
      );
    } finally {
      thaw();
      shop.child.kill('SIGTERM');
      expect(await shop.exited).toBe(0);
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('SIGTERM with a request in flight', () => {
  test('rule graceful stop: SIGTERM takes no new request, lets the one in flight finish with its answer, then closes the database and exits 0', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tienda-sigterm-'));
    const { shop, base } = await openShop(dir);
    let thaw = () => {};
    try {
      await waitFor(shop, /Tienda lista/);
      expect((await fetch(`${base}/api/productos/1`)).status).toBe(404);
      // A request held in flight: its statement waits on a database stopped for a moment.
      ({ thaw } = freeze(dir));
      const inFlight = fetch(`${base}/api/productos/1`);
      await new Promise((r) => setTimeout(r, 300));
      shop.child.kill('SIGTERM');
      await waitFor(shop, /SIGTERM: cerrando/, 5_000);
      // No new request is taken…
      await expect(fetch(`${base}/api/productos/2`)).rejects.toThrow();
      // …the one in flight gets its answer once the database moves again (its 404; a 503 if
      // the machine was so slow that the stall watchdog cut it first), never a cut connection…
      thaw();
      expect([404, 503]).toContain((await inFlight).status);
      // …and the shop then closes the pool and its PostgreSQL, and exits 0.
      expect(await shop.exited).toBe(0);
    } finally {
      thaw();
      if (shop.child.exitCode === null) shop.child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a DATABASE_URL server that stops and comes back', () => {
  test('rule database reconnect: while the server is down requests get 503 within 3 s; once it is back the pool reconnects by itself', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tienda-external-db-'));
    // The "managed database": a PostgreSQL of this test's own, outside the shop's process.
    let database = await startEmbeddedPostgres(path.join(dir, 'servidor'));
    const { shop, base } = await openShop(path.join(dir, 'tienda'), {
      DATABASE_URL: database.url,
    });
    try {
      await waitFor(shop, /Tienda lista/);
      expect((await fetch(`${base}/api/productos/1`)).status).toBe(404);

      await database.stop();
      const answers = await expectUnavailable(base);
      expect((await fetch(`${base}/healthz`)).status).toBe(503);

      // Back on the same address, as a managed database after a restart or a failover.
      database = await startEmbeddedPostgres(path.join(dir, 'servidor'), () => {}, {
        port: database.port,
      });
      const recovery = await until(() => serving(base), 30_000);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect(shop.child.exitCode).toBeNull();
      console.log(
        `DATABASE_URL server stopped: REST 503 in ${answers.restMs} ms, GraphQL 503 in ${answers.graphqlMs} ms, serving again ${recovery} ms after it was back`,
      );
    } finally {
      shop.child.kill('SIGTERM');
      await shop.exited;
      await database.stop().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    }
  });
});
