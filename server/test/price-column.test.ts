import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { seedProducts, DEMO_PRODUCT_COUNT } from '../src/db/seeders/seed.js';
import { type Priced, unitPriceCents } from '../src/modules/pricing/pricing.js';
import { withTransaction } from '../src/modules/shared/transaction.js';
import { openTestOrm, resetDatabase } from './support/db.js';

/**
 * The product table's generated column `unit_price_cents` (the initial migration; the catalogue's
 * price index and sorts read it) repeats pricing.ts's rule in SQL. These tests hold the two
 * together: whatever PostgreSQL computes for a row is what unitPriceCents says for it.
 */

let orm: MikroORM;

beforeAll(async () => {
  orm = await openTestOrm();
  await resetDatabase(orm);
});
afterAll(async () => {
  await orm.close();
});

interface PriceRow {
  price_cents: number;
  promotion: boolean;
  promotion_price_cents: number | null;
  unit_price_cents: number;
}

const priced = (r: PriceRow): Priced => ({
  priceCents: r.price_cents,
  promotion: r.promotion,
  promotionPriceCents: r.promotion_price_cents,
});

/** The rows whose column disagrees with unitPriceCents, with both prices. */
const disagreements = (rows: readonly PriceRow[]) =>
  rows
    .filter((r) => r.unit_price_cents !== unitPriceCents(priced(r)))
    .map((r) => ({ ...r, expected: unitPriceCents(priced(r)) }));

const PRICE_COLUMNS = 'price_cents, promotion, promotion_price_cents, unit_price_cents';

test('over the demo catalogue, the column is unitPriceCents for every product', async () => {
  await seedProducts(orm.em.fork(), {
    count: DEMO_PRODUCT_COUNT,
    images: false,
    uploadsDir: path.join(os.tmpdir(), 'tienda-price-column-unused'),
  });
  const rows = await orm.em.fork().execute<PriceRow[]>(`select ${PRICE_COLUMNS} from product`);
  expect(rows).toHaveLength(DEMO_PRODUCT_COUNT);
  // The demo catalogue has both kinds, so both branches of the rule are compared.
  expect(rows.some((r) => r.promotion)).toBe(true);
  expect(rows.some((r) => !r.promotion)).toBe(true);
  expect(disagreements(rows)).toEqual([]);
});

/**
 * Inserts these prices as products and reads the column back, in a transaction that is rolled
 * back. The table's checks refuse some rows the rule still defines (a promotion without a
 * promotion price, or at 0): they are dropped inside the transaction, so that the column is
 * compared on those too, and come back with the rollback.
 */
async function columnFor(prices: readonly Priced[]): Promise<PriceRow[]> {
  const rolledBack = new Error('rollback');
  let rows: PriceRow[] = [];
  await withTransaction(orm.em.fork(), async (tx: EntityManager) => {
    await tx.execute('alter table product drop constraint product_promotion_price_check');
    await tx.execute('alter table product drop constraint product_promotion_price_cents_check');
    const inserted = await tx.execute<(PriceRow & { ord: number })[]>(
      `insert into product (name, description, price_cents, promotion, promotion_price_cents,
                            gender)
       select 'Precio ' || p.ord, 'Prueba', p.price_cents, p.promotion, p.promotion_price_cents,
              'Hombre'
         from json_to_recordset(?::json)
              as p(ord int, price_cents int, promotion boolean, promotion_price_cents int)
       returning substr(name, 8)::int as ord, ${PRICE_COLUMNS}`,
      [
        JSON.stringify(
          prices.map((p, ord) => ({
            ord,
            price_cents: p.priceCents,
            promotion: p.promotion,
            promotion_price_cents: p.promotionPriceCents,
          })),
        ),
      ],
    );
    rows = inserted.sort((a, b) => a.ord - b.ord).map(({ ord: _ord, ...row }) => row);
    throw rolledBack;
  }).catch((error: unknown) => {
    if (error !== rolledBack) throw error;
  });
  return rows;
}

const MAX_INT = 2_147_483_647;

test('edge cases: no promotion, promotion without promotion price, promotion price 0, large prices', async () => {
  const cases: Priced[] = [
    { priceCents: 499_00, promotion: false, promotionPriceCents: null },
    // A promotion price left over from an earlier promotion: not on promotion, not paid.
    { priceCents: 499_00, promotion: false, promotionPriceCents: 199_00 },
    { priceCents: 499_00, promotion: true, promotionPriceCents: 399_00 },
    // On promotion without a promotion price: the price.
    { priceCents: 499_00, promotion: true, promotionPriceCents: null },
    // Promotion price 0 (what the admin form refuses): 0, as the rule says.
    { priceCents: 499_00, promotion: true, promotionPriceCents: 0 },
    { priceCents: 0, promotion: false, promotionPriceCents: null },
    { priceCents: 100_000_000, promotion: false, promotionPriceCents: null },
    { priceCents: MAX_INT, promotion: false, promotionPriceCents: null },
    { priceCents: MAX_INT, promotion: true, promotionPriceCents: MAX_INT - 1 },
    { priceCents: MAX_INT, promotion: true, promotionPriceCents: null },
  ];
  const rows = await columnFor(cases);
  expect(rows).toHaveLength(cases.length);
  expect(disagreements(rows)).toEqual([]);
  // The cases themselves, so that a rule changed in both places is noticed too.
  expect(rows.map((r) => r.unit_price_cents)).toEqual([
    499_00,
    499_00,
    399_00,
    499_00,
    0,
    0,
    100_000_000,
    MAX_INT,
    MAX_INT - 1,
    MAX_INT,
  ]);
});

test('any prices: the column and unitPriceCents agree (generated cases, one statement)', async () => {
  const price = fc.integer({ min: 0, max: MAX_INT });
  const cases = fc.sample(
    fc.record({
      priceCents: price,
      promotion: fc.boolean(),
      promotionPriceCents: fc.option(fc.oneof(fc.constant(0), price), { nil: null }),
    }),
    { numRuns: 500, seed: 20261125 },
  );
  const rows = await columnFor(cases);
  expect(rows).toHaveLength(cases.length);
  expect(disagreements(rows)).toEqual([]);
});
