import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { APP_SECRET_FILE } from '../src/db/embedded.js';
import { freePort, startShop, waitFor, type Run } from './support/shop-process.js';

/**
 * `kill -9` of the server in the middle of concurrent checkouts (issue 16): the real built server
 * on its own embedded PostgreSQL, 20 shoppers ordering the same few sizes at once; the process is
 * killed without warning, started again on the same data, and the database must hold together:
 * every unit is either in stock or in an order line, no order without its lines, no cart line
 * marked bought without the order line that bought it.
 */

const SHOPPERS = 20;
const PASSWORD = 'Comprador123';

const gql = async (
  base: string,
  query: string,
  variables: Record<string, unknown>,
  cookie?: string,
) => {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return {
    res,
    body: (await res.json()) as { data?: Record<string, unknown>; errors?: { message: string }[] },
  };
};

/** The shop's own database, as the app's role (its secret and port are in DATA_DIR). */
function appDatabase(dataDir: string, output: string): pg.Client {
  const port = /PostgreSQL embebido en .* \(puerto (\d+)\)/.exec(output)?.[1];
  if (!port) throw new Error(`sin puerto en:\n${output}`);
  const password = readFileSync(path.join(dataDir, APP_SECRET_FILE), 'utf8').trim();
  return new pg.Client({
    host: '127.0.0.1',
    port: Number(port),
    user: 'tienda',
    password,
    database: 'tienda',
  });
}

/** Units in stock plus units in order lines, per product and size. */
async function unitsAccountedFor(db: pg.Client): Promise<Record<string, number>> {
  const { rows } = await db.query<{ key: string; units: string }>(
    `select s.product_id || '/' || s.size as key,
            s.quantity + coalesce((select sum(l.quantity) from order_line l
                                    where l.product_id = s.product_id and l.size = s.size), 0) as units
       from product_stock s`,
  );
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.units)]));
}

describe('kill -9 during concurrent checkouts', () => {
  test('rule crash safety: after kill -9 mid-checkout and a restart, stock plus units sold is unchanged, no order lacks its lines, no cart line is bought without its order', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tienda-kill9-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { SEED_DEMO: 'true', RATE_LIMITS: 'off' };
    let shop: Run = startShop(dir, port, env);
    let db: pg.Client | undefined;
    try {
      await waitFor(shop, /Tienda lista/);
      // The sizes everybody wants: the five with the most stock.
      const { body: catalogue } = await gql(
        base,
        'query { products(offset: 0, limit: 100) { items { id sizes { size stock } } } }',
        {},
      );
      const items = (
        catalogue.data!.products as {
          items: { id: number; sizes: { size: string; stock: number }[] }[];
        }
      ).items;
      const wanted = items
        .flatMap((p) => p.sizes.map((s) => ({ productId: p.id, size: s.size, stock: s.stock })))
        .sort((a, b) => b.stock - a.stock)
        .slice(0, 5);

      const run = randomUUID().slice(0, 8);
      const shoppers = await Promise.all(
        Array.from({ length: SHOPPERS }, async (_, i) => {
          const { res, body } = await gql(
            base,
            'mutation ($input: RegisterInput!) { register(input: $input) { id } }',
            {
              input: {
                name: `Comprador ${i}`,
                phone: `55${String(20_000_000 + i)}`,
                email: `kill9.${run}.${i}@example.com`,
                password: PASSWORD,
              },
            },
          );
          expect(body.errors).toBeUndefined();
          const cookie = (res.headers.getSetCookie()[0] ?? '').split(';')[0]!;
          const { body: address } = await gql(
            base,
            'mutation ($input: AddressInput!) { addAddress(input: $input) { id } }',
            {
              input: {
                firstName: 'Comprador',
                lastName: `Número ${i}`,
                street: 'Av. Reforma',
                number: String(100 + i),
                neighborhood: 'Juárez',
                postalCode: '06600',
                city: 'Cuauhtémoc',
                state: 'Ciudad de México',
                references: 'Portón negro',
                phone: '5512345678',
              },
            },
            cookie,
          );
          expect(address.errors).toBeUndefined();
          return { cookie, addressId: (address.data!.addAddress as { id: number }).id, i };
        }),
      );

      db = appDatabase(dir, shop.output());
      await db.connect();
      const before = await unitsAccountedFor(db);

      // Every shopper orders in a loop, one unit of a wanted size at a time, until the crash.
      let crashed = false;
      let placed = 0;
      const orderLoop = async (shopper: (typeof shoppers)[number]) => {
        for (let n = 0; !crashed; n += 1) {
          const want = wanted[(shopper.i + n) % wanted.length]!;
          try {
            await gql(
              base,
              'mutation ($productId: Int!, $size: String!, $quantity: Int!) { addToCart(productId: $productId, size: $size, quantity: $quantity) { lines { id } } }',
              { productId: want.productId, size: want.size, quantity: 1 },
              shopper.cookie,
            );
            const { body } = await gql(
              base,
              'mutation ($addressId: Int!, $idempotencyKey: String!) { checkout(addressId: $addressId, idempotencyKey: $idempotencyKey) { id } }',
              { addressId: shopper.addressId, idempotencyKey: randomUUID() },
              shopper.cookie,
            );
            if (body.data?.checkout) placed += 1;
          } catch {
            return; // The server is gone.
          }
        }
      };
      const loops = shoppers.map(orderLoop);
      // Let the checkouts run, then kill the server without warning.
      while (placed < 15) await new Promise((r) => setTimeout(r, 20));
      shop.child.kill('SIGKILL');
      crashed = true;
      expect(await shop.exited).toBeNull();
      await Promise.all(loops);

      // Started again on the same data: the orphaned PostgreSQL is stopped and its data reused.
      await db.end();
      db = undefined;
      shop = startShop(dir, port, env);
      await waitFor(shop, /Tienda lista/);
      db = appDatabase(dir, shop.output());
      await db.connect();

      expect(await unitsAccountedFor(db)).toEqual(before);
      const orphanOrders = await db.query(
        'select id from shop_order o where not exists (select 1 from order_line l where l.order_id = o.id)',
      );
      expect(orphanOrders.rows).toEqual([]);
      const boughtWithoutOrder = await db.query(
        'select id from cart_line c where c.purchased and not exists (select 1 from order_line l where l.cart_line_id = c.id)',
      );
      expect(boughtWithoutOrder.rows).toEqual([]);
      const orders = await db.query<{ count: string }>('select count(*) from shop_order');
      expect(Number(orders.rows[0]!.count)).toBeGreaterThanOrEqual(placed);
      // And it serves again, the shoppers' sessions intact.
      const { body: again } = await gql(base, 'query { me { id } }', {}, shoppers[0]!.cookie);
      expect(again.data?.me).not.toBeNull();
      console.log(
        `kill -9 after ${placed} orders answered; ${orders.rows[0]!.count} orders in the database after the restart`,
      );
    } finally {
      await db?.end().catch(() => {});
      shop.child.kill('SIGTERM');
      await shop.exited;
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
