import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { releaseUnpaidOrders } from '../src/modules/orders/unpaid-orders.js';
import { testApp, type TestApp } from './support/app.js';
import { openTestOrm, resetDatabase, testDatabaseUrl } from './support/db.js';
import { createProducts, createUsers } from './support/fixtures.js';

/**
 * Issue 8 item 2: two app instances on one database (each with its own ORM, connection pool and
 * catalogue index). A change made through A (a checkout, an unpaid-order release, a product
 * created, edited, put on promotion, deleted, an admin edit of stock) shows in the grid, the total
 * and the facet counts of A at once, and of B too: every catalogue request first reads the change
 * log that the database's triggers write, so no wait is needed for any instance.
 */

const PAGE = `query ($filter: ProductFilter) { products(filter: $filter, limit: 100) {
  total items { id name unitPriceCents }
  facets { brands { value count } sizes { value count } priceRanges { value count } } } }`;

interface Page {
  total: number;
  items: { id: number; name: string; unitPriceCents: number }[];
  facets: Record<'brands' | 'sizes' | 'priceRanges', { value: string; count: number }[]>;
}

let ormA: MikroORM;
let ormB: MikroORM;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  ormA = await openTestOrm();
  ormB = await openTestOrm();
  await resetDatabase(ormA);
  await createProducts(ormA.em.fork(), [
    { name: 'Playera Nike 1 Negro', price: 250, brand: 'Nike', stock: { M: 1, L: 2 } },
    { name: 'Pantalón Levis 2 Azul', price: 700, brand: 'Levis', stock: { '30': 1 } },
  ]);
  a = await testApp(ormA, { rateLimits: false });
  b = await testApp(ormB, { rateLimits: false });
});
afterAll(async () => {
  await a.stop();
  await b.stop();
  await ormA.close();
  await ormB.close();
});

async function page(app: TestApp, filter: Record<string, unknown> = {}): Promise<Page> {
  const r = await app.gql<{ products: Page }>(PAGE, { filter });
  expect(r.errors).toBeUndefined();
  return r.data!.products;
}
const count = (p: Page, facet: keyof Page['facets'], value: string) =>
  p.facets[facet].find((o) => o.value === value)?.count ?? 0;

/** What both instances answer, read one after the other with no wait. */
async function both(filter: Record<string, unknown> = {}) {
  return [await page(a, filter), await page(b, filter)] as const;
}

test('both instances agree before any change', async () => {
  for (const p of await both()) {
    expect(p.total).toBe(2);
    expect(count(p, 'sizes', 'M')).toBe(1);
    expect(count(p, 'brands', 'Nike')).toBe(1);
  }
});

test('a checkout through A takes the last unit of size M: out of the size M facet on A and B; an unpaid-order release brings it back', async () => {
  const email = 'fresca@example.com';
  await createUsers(ormA.em.fork(), [{ email, password: 'Compra1234' }]);
  const shopper = a.client();
  await shopper.post('/api/auth/login', { email, password: 'Compra1234' });
  const address = await shopper.gql<{ addAddress: { id: number } }>(
    `mutation { addAddress(input: { firstName: "Ana", lastName: "López", street: "Reforma",
      number: "10", neighborhood: "Centro", postalCode: "06000", city: "CDMX", state: "CDMX",
      references: "Portón", phone: "5512345678" }) { id } }`,
  );
  const added = await shopper.gql(
    `mutation { addToCart(productId: 1, size: "M", quantity: 1) { itemCount } }`,
  );
  expect(added.errors).toBeUndefined();
  const order = await shopper.gql<{ checkout: { id: number } }>(
    `mutation C($a: Int!) { checkout(addressId: $a, idempotencyKey: "fresca-1") { id } }`,
    { a: address.data!.addAddress.id },
  );
  expect(order.errors).toBeUndefined();
  for (const p of await both({ sizes: ['M'] })) {
    expect(p.total).toBe(0);
    expect(count(p, 'sizes', 'M')).toBe(0);
    expect(count(p, 'sizes', 'L')).toBe(1);
  }

  // The order is left unpaid past its hold: the sweep (on A's database handle) returns the unit.
  await ormA.em
    .fork()
    .execute(`update shop_order set created_at = now() - interval '100 hours' where id = ?`, [
      order.data!.checkout.id,
    ]);
  expect(await releaseUnpaidOrders(ormA.em.fork(), 48, a.events)).toBe(1);
  for (const p of await both({ sizes: ['M'] })) {
    expect(p.total).toBe(1);
    expect(count(p, 'sizes', 'M')).toBe(1);
  }
});

test('a product created through A is in both grids, totals and facets', async () => {
  await createProducts(ormA.em.fork(), [
    { name: 'Chamarra Puma 3 Verde', price: 1500, brand: 'Puma', stock: { XL: 3 } },
  ]);
  for (const p of await both()) {
    expect(p.total).toBe(3);
    expect(p.items.map((i) => i.name)).toContain('Chamarra Puma 3 Verde');
    expect(count(p, 'brands', 'Puma')).toBe(1);
    expect(count(p, 'priceRanges', 'OVER_1000')).toBe(1);
    expect(count(p, 'sizes', 'XL')).toBe(1);
  }
});

test('a price edit and a promotion through A move the product between price ranges on both', async () => {
  await ormA.em
    .fork()
    .execute(
      `update product set promotion = true, promotion_price_cents = 45000 where name = 'Chamarra Puma 3 Verde'`,
    );
  for (const p of await both({ priceRanges: ['FROM_300_TO_500'] })) {
    expect(p.items.map((i) => [i.name, i.unitPriceCents])).toEqual([
      ['Chamarra Puma 3 Verde', 45000],
    ]);
    expect(count(p, 'priceRanges', 'OVER_1000')).toBe(0);
    expect(count(p, 'priceRanges', 'FROM_300_TO_500')).toBe(1);
  }
  await ormA.em
    .fork()
    .execute(`update product set price_cents = 20000 where name = 'Pantalón Levis 2 Azul'`);
  for (const p of await both({ priceRanges: ['UP_TO_300'] })) {
    expect(p.total).toBe(2);
    expect(count(p, 'priceRanges', 'FROM_500_TO_1000')).toBe(0);
  }
});

test('a stock edit by an administrator on B (plain SQL) and a deletion through A show on both', async () => {
  await ormB.em
    .fork()
    .execute(`update product_stock set quantity = 0 where product_id = 2 and size = '30'`);
  for (const p of await both({ brands: ['Levis'] })) {
    expect(p.total).toBe(1);
    expect(count(p, 'sizes', '30')).toBe(0);
  }
  await ormA.em.fork().execute(`delete from product where name = 'Chamarra Puma 3 Verde'`);
  for (const p of await both()) {
    expect(p.total).toBe(2);
    expect(count(p, 'brands', 'Puma')).toBe(0);
    expect(p.items.map((i) => i.name)).not.toContain('Chamarra Puma 3 Verde');
  }
});

test('a product hidden through A (deleted while orders name it) leaves both at once, and comes back', async () => {
  await ormA.em.fork().execute(`update product set hidden_at = now() where id = 1`);
  for (const p of await both()) {
    expect(p.items.map((i) => i.id)).not.toContain(1);
    expect(count(p, 'brands', 'Nike')).toBe(0);
  }
  await ormB.em.fork().execute(`update product set hidden_at = null where id = 1`);
  for (const p of await both()) {
    expect(p.items.map((i) => i.id)).toContain(1);
    expect(count(p, 'brands', 'Nike')).toBe(1);
  }
});

test('a brand renamed (lookup lists) shows under its new name on both', async () => {
  await ormA.em.fork().execute(`update brand set name = 'Levi''s' where name = 'Levis'`);
  for (const p of await both({ brands: ["levi's"] })) {
    expect(p.total).toBe(1);
    expect(count(p, 'brands', "Levi's")).toBe(1);
  }
});

test('a transaction that began before another but commits after it is not missed', async () => {
  // T1 starts first (lower transaction id), writes, and stays open while T2 commits and both
  // instances read; then T1 commits.
  const t1 = new pg.Client({ connectionString: testDatabaseUrl() });
  await t1.connect();
  try {
    await t1.query('begin');
    await t1.query(`update product_stock set quantity = 5 where product_id = 2 and size = '30'`);
    await ormB.em
      .fork()
      .execute(`update product_stock set quantity = 4 where product_id = 1 and size = 'L'`);
    for (const p of await both({ sizes: ['30'] })) expect(p.total).toBe(0);
    for (const p of await both({ sizes: ['L'] })) expect(p.total).toBe(1);
    await t1.query('commit');
    for (const p of await both({ sizes: ['30'] })) {
      expect(p.total).toBe(1);
      expect(count(p, 'sizes', '30')).toBe(1);
    }
  } finally {
    await t1.end();
  }
});

test('emptying the catalogue (truncate) empties both, though their last answers were kept', async () => {
  for (const p of await both()) expect(p.total).toBe(2);
  await ormA.em.fork().execute('truncate product_image, product_stock, product cascade');
  for (const p of await both()) {
    expect(p.total).toBe(0);
    expect(p.items).toEqual([]);
    expect(p.facets.brands).toEqual([]);
  }
});
