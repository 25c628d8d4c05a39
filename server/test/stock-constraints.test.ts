import type { MikroORM } from '@mikro-orm/postgresql';
import { openTestOrm, resetDatabase } from './support/db.js';
import { createProducts } from './support/fixtures.js';

let orm: MikroORM;

beforeAll(async () => {
  orm = await openTestOrm();
  await resetDatabase(orm);
  await createProducts(orm.em.fork(), [
    { name: 'Playera Nike 1 Negro', price: 300, promo: 250, stock: { S: 1 } },
  ]);
});
afterAll(() => orm.close());

describe('database constraints', () => {
  test('stock can never go below zero (CHECK stock >= 0)', async () => {
    await expect(
      orm.em
        .fork()
        .execute(`update product_stock set quantity = quantity - 2 where product_id = 1`),
    ).rejects.toThrow(/product_stock_quantity_check/);
  });

  test('one stock row per product and size', async () => {
    await expect(
      orm.em
        .fork()
        .execute(
          `insert into product_stock (product_id, size, position, quantity) values (1, 'S', 9, 1)`,
        ),
    ).rejects.toThrow(/duplicate key/);
  });

  test('a promotion price must be lower than the price', async () => {
    await expect(
      orm.em.fork().execute(`update product set promotion_price_cents = 30000 where id = 1`),
    ).rejects.toThrow(/product_promotion_price_check/);
  });

  test('emails are unique case-insensitively', async () => {
    const em = orm.em.fork();
    await em.execute(`insert into app_user (name, email) values ('A', 'ana@example.com')`);
    await expect(
      em.execute(`insert into app_user (name, email) values ('B', 'ANA@example.com')`),
    ).rejects.toThrow(/app_user_email_ci_key/);
  });

  test('lookup names are unique case-insensitively', async () => {
    const em = orm.em.fork();
    await em.execute(`insert into brand (name) values ('Nike')`);
    await expect(em.execute(`insert into brand (name) values ('NIKE')`)).rejects.toThrow(
      /brand_name_ci_key/,
    );
  });

  test('the search index is used for name searches', async () => {
    const plan = await orm.em.fork().transactional(async (em) => {
      await em.execute('set local enable_seqscan = off');
      return em.execute<{ 'QUERY PLAN': string }[]>(
        `explain select id from product p where f_search_text(p.name) like f_search_text('%pantalon%')`,
      );
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/product_name_search_idx/);
  });
});
