import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  LISTEN_APPLICATION_NAME,
  SETTINGS_POLL_MS,
} from '../src/modules/settings/settings-store.js';
import { openTestOrm, resetDatabase, testDatabaseUrl } from './support/db.js';
import { freePort, startShop, until, waitFor, type Run } from './support/shop-process.js';

/**
 * Issue 26 item 1's acceptance: settings changed through one instance are seen by another within
 * seconds, without a restart. Two built servers (`node server/dist/main.js`, as `npm start` runs
 * them) on one real PostgreSQL, as behind a load balancer: a change on A reaches B through
 * LISTEN/NOTIFY; with every LISTEN connection cut, B still sees the next change through its
 * version poll, and its LISTEN connection comes back.
 */
let orm: MikroORM;
const dirs: string[] = [];
const shops: { run: Run; base: string }[] = [];

const ADMIN = { email: 'duena@example.com', password: 'Admin12345' };

const SETTINGS = {
  nombre: 'Tienda',
  razonSocial: '',
  direccion: '',
  telefono: '',
  email: '',
  banco: 'BBVA México',
  titular: 'Tienda Demo S.A. de C.V.',
  cuenta: '0123456789',
  clabe: '012180001234567899',
  tarjeta: '4152 3138 0000 0000',
  telefonoComprobante: '5512345678',
  urlWhatsapp: 'https://wa.me/525512345678',
  urlFacebook: 'https://www.facebook.com/tienda.demo',
  urlConfiables: 'https://www.facebook.com/tienda.demo/reviews',
  paqueteria: 'Estafeta',
  urlRastreo: 'https://www.estafeta.com/rastreo?guia={guia}',
  correosPedidos: [],
};

beforeAll(async () => {
  orm = await openTestOrm();
  await resetDatabase(orm);
  for (const name of ['a', 'b']) {
    const dir = await mkdtemp(path.join(os.tmpdir(), `tienda-ajustes-${name}-`));
    dirs.push(dir);
    const port = await freePort();
    const run = startShop(dir, port, {
      DATABASE_URL: testDatabaseUrl(),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMITS: 'off',
      SESSION_SECRET: 'secreto-de-sesion-compartido-por-las-instancias-0123',
    });
    shops.push({ run, base: `http://127.0.0.1:${port}` });
  }
  await Promise.all(shops.map((s) => waitFor(s.run, /Tienda lista/, 60_000)));
});

afterAll(async () => {
  for (const { run } of shops) {
    run.child.kill('SIGTERM');
    await run.exited;
  }
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  await orm.close();
});

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function put(base: string, cookie: string, body: object): Promise<void> {
  const res = await fetch(`${base}/api/ajustes`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(body),
  });
  expect([res.status, await res.json()]).toEqual([200, expect.objectContaining(body)]);
}

/** The CLABE the instance's payment page would show now. */
async function clabeOn(base: string): Promise<string> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: '{ shopSettings { bankTransfer { clabe } } }' }),
  });
  const body = (await res.json()) as {
    data: { shopSettings: { bankTransfer: { clabe: string } } };
  };
  return body.data.shopSettings.bankTransfer.clabe;
}

async function listeners(): Promise<number> {
  const [row] = await orm.em
    .fork()
    .execute<{ n: string }[]>(
      'select count(*) as n from pg_stat_activity where application_name = ? and datname = current_database()',
      [LISTEN_APPLICATION_NAME],
    );
  return Number(row!.n);
}

test('a CLABE changed on A is what B serves within a second or two (LISTEN/NOTIFY)', async () => {
  const [a, b] = shops as unknown as [{ base: string }, { base: string }];
  expect(await listeners()).toBe(2);
  expect(await clabeOn(b.base)).toBe('012180001234567899');
  const cookie = await signIn(a.base);
  await put(a.base, cookie, { ...SETTINGS, clabe: '002010077777777771' });
  // The writer serves it at once; the other instance within seconds.
  expect(await clabeOn(a.base)).toBe('002010077777777771');
  const ms = await until(async () => (await clabeOn(b.base)) === '002010077777777771', 10_000);
  expect(ms).toBeLessThan(SETTINGS_POLL_MS);
});

test('with every LISTEN connection cut, B still learns of a change (the version poll), and listens again', async () => {
  const [a, b] = shops as unknown as [{ base: string }, { base: string }];
  const cookie = await signIn(a.base);
  await orm.em
    .fork()
    .execute(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = ? and datname = current_database()',
      [LISTEN_APPLICATION_NAME],
    );
  await put(a.base, cookie, { ...SETTINGS, clabe: '072180000123456780' });
  await until(async () => (await clabeOn(b.base)) === '072180000123456780', 3 * SETTINGS_POLL_MS);
  // Both instances open their LISTEN connection again, and the next change travels by it.
  await until(async () => (await listeners()) === 2, 15_000);
  await put(a.base, cookie, { ...SETTINGS, clabe: '012180001234567899' });
  const ms = await until(async () => (await clabeOn(b.base)) === '012180001234567899', 10_000);
  expect(ms).toBeLessThan(SETTINGS_POLL_MS);
});
