import type { MikroORM } from '@mikro-orm/postgresql';
import { CatchUpQueue } from '../src/modules/catalog/catch-up-queue.js';
import { CatalogIndex } from '../src/modules/catalog/catalog-index.js';
import { WHOLE_CATALOGUE, type IndexFilter } from '../src/modules/catalog/index-count.js';
import { openTestOrm, resetDatabase } from './support/db.js';
import { createProducts, type ProductSpec } from './support/fixtures.js';

/**
 * Issue 23, item 7: the catalogue keeps answering through a sale. A catalogue request waits for
 * at most one catch-up of the index that started after it arrived (never a chain of one per
 * request ahead of it), and applying a burst of stock changes costs in proportion to the products
 * they touch: counted (catch-ups, products applied, passes over the catalogue, sorts), not timed.
 */

describe('CatchUpQueue: a caller waits for at most the next catch-up that starts after it came', () => {
  function controlled() {
    const started: { asks: readonly string[]; finish: () => void; fail: (e: Error) => void }[] = [];
    const queue = new CatchUpQueue<string, number>(
      (asks) =>
        new Promise<number>((resolve, reject) => {
          const n = started.length + 1;
          started.push({ asks: [...asks], finish: () => resolve(n), fail: reject });
        }),
    );
    return { queue, started };
  }
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  test('callers arriving during a catch-up share the next one, which takes all their asks; none waits for a third', async () => {
    const { queue, started } = controlled();
    const first = queue.wait('a');
    expect(started.map((s) => s.asks)).toEqual([['a']]);
    // Ten callers while catch-up 1 runs: no catch-up of their own, one shared next.
    const during1 = ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'].map((ask) =>
      queue.wait(ask),
    );
    expect(started).toHaveLength(1);
    started[0]!.finish();
    await expect(first).resolves.toBe(1);
    await tick();
    expect(started).toHaveLength(2);
    expect(started[1]!.asks).toEqual(['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k']);
    // A caller arriving during catch-up 2 waits for catch-up 3, not for another behind it.
    const during2 = queue.wait('l');
    started[1]!.finish();
    for (const answer of await Promise.all(during1)) expect(answer).toBe(2);
    await tick();
    expect(started).toHaveLength(3);
    expect(started[2]!.asks).toEqual(['l']);
    started[2]!.finish();
    await expect(during2).resolves.toBe(3);
    // Idle again: the next caller starts its own at once.
    const idle = queue.wait('m');
    expect(started).toHaveLength(4);
    started[3]!.finish();
    await expect(idle).resolves.toBe(4);
  });

  test('a failed catch-up fails its own callers only; those waiting for the next still get it', async () => {
    const { queue, started } = controlled();
    const first = queue.wait('a');
    const next = queue.wait('b');
    started[0]!.fail(new Error('base de datos caída'));
    await expect(first).rejects.toThrow('base de datos caída');
    await tick();
    expect(started).toHaveLength(2);
    started[1]!.finish();
    await expect(next).resolves.toBe(2);
  });
});

describe('the catalogue index against PostgreSQL', () => {
  let orm: MikroORM;
  const specs: ProductSpec[] = Array.from({ length: 60 }, (_, i) => ({
    name: `${i % 3 === 0 ? 'Playera' : 'Pantalón'} Marca${i % 4} ${i} ${i % 5 === 0 ? 'Dama' : ''}`,
    price: 150 + i * 13,
    promo: i % 6 === 0 ? 120 + i : undefined,
    type: i % 3 === 0 ? 'Playera' : 'Pantalón',
    brand: `Marca${i % 4}`,
    color: `Color${i % 5}`,
    stock: { S: i % 2, M: 3, L: i % 3 },
    images: 0,
  }));
  // The filters a sale's shoppers ask: the home page, one facet each, a search.
  const FILTERS = (index: CatalogIndex): IndexFilter[] => [
    WHOLE_CATALOGUE,
    { ...WHOLE_CATALOGUE, brands: index.lookupIds('brands', ['marca1']) },
    { ...WHOLE_CATALOGUE, sizes: ['S'] },
    { ...WHOLE_CATALOGUE, priceRanges: [1] },
    { ...WHOLE_CATALOGUE, words: ['playera'] },
  ];
  const answers = (index: CatalogIndex) =>
    FILTERS(index).map((filter) =>
      index.query(filter, {
        total: true,
        facets: true,
        page: { sort: 'NEWEST', offset: 0, limit: 100 },
      }),
    );

  beforeAll(async () => {
    orm = await openTestOrm();
    await resetDatabase(orm);
    await createProducts(orm.em.fork(), specs);
  });
  afterAll(async () => {
    await orm.close();
  });

  test('twenty catalogue requests at once: two catch-ups (the one started, the one they share), each answer with a change committed before it', async () => {
    const index = new CatalogIndex();
    await index.load(orm.em.fork());
    const before = index.work;
    await orm.em.fork().execute(`update product_stock set quantity = 0 where product_id = 2`);
    const synced = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        index.sync(orm.em.fork(), { words: [`Playéra${i % 2}`], lookupNames: [`MARCA${i % 4}`] }),
      ),
    );
    expect(index.work.catchUps - before.catchUps).toBe(2);
    // Every request's words and names were normalised by the catch-up it waited for.
    synced.forEach((s, i) => {
      expect(s.words).toEqual([`playera${i % 2}`]);
      expect(s.lowered.get(`MARCA${i % 4}`)).toBe(`marca${i % 4}`);
    });
    const page = index.query(WHOLE_CATALOGUE, { page: { sort: 'NEWEST', offset: 0, limit: 100 } });
    expect(page.pageIds).toContain(2);
    const inS = index.query({ ...WHOLE_CATALOGUE, sizes: ['S'] }, { total: true });
    const inM = index.query({ ...WHOLE_CATALOGUE, sizes: ['M'] }, { total: true });
    // Product 2 had 3 in M: gone from M's total.
    expect(inM.total).toBe(59);
    expect(inS.total).toBe(29);
  });

  test('a burst of 40 stock changes touching 4 products applies 4 products, with no pass over the catalogue, no sort and no reload', async () => {
    const index = new CatalogIndex();
    await index.load(orm.em.fork());
    await index.sync(orm.em.fork(), { words: [], lookupNames: [] });
    // The kept passes and sorts a sale's catalogue requests would have made.
    answers(index);
    const before = index.work;
    const touched = [7, 8, 21, 40];
    for (let n = 0; n < 40; n += 1) {
      const id = touched[n % touched.length]!;
      const size = ['S', 'M', 'L'][n % 3]!;
      // One statement each, as checkouts do: 40 log rows, 4 products.
      await orm.em
        .fork()
        .execute(`update product_stock set quantity = ? where product_id = ? and size = ?`, [
          n % 2,
          id,
          size,
        ]);
    }
    await index.sync(orm.em.fork(), { words: [], lookupNames: [] });
    const after = answers(index);
    const work = index.work;
    expect(work.catchUps - before.catchUps).toBe(1);
    expect(work.productsApplied - before.productsApplied).toBe(touched.length);
    expect(work.puts - before.puts).toBe(touched.length);
    expect(work.passes - before.passes).toBe(0);
    expect(work.sorts - before.sorts).toBe(0);
    expect(work.fullLoads - before.fullLoads).toBe(0);

    // And the kept answers are what a freshly loaded index answers.
    const fresh = new CatalogIndex();
    await fresh.load(orm.em.fork());
    expect(after).toEqual(answers(fresh));
  });
});
