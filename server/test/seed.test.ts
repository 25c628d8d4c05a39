import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { verifyPassword } from '../src/modules/accounts/password.js';
import { User } from '../src/modules/accounts/user.entity.js';
import { FOOTWEAR_TYPES } from '../src/db/seeders/demo-data.js';
import { DEMO_PRODUCT_COUNT, seedIfEmpty, seedProducts } from '../src/db/seeders/seed.js';
import { openTestOrm, resetDatabase } from './support/db.js';
import { SPEC_COLORS, SPEC_SHIRT_TYPES, SPEC_TROUSER_TYPES } from './support/spec-lists.js';

let orm: MikroORM;
let uploadsDir: string;

beforeAll(async () => {
  orm = await openTestOrm();
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'tienda-uploads-'));
});
afterAll(async () => {
  await orm.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

const count = async (sql: string) =>
  Number((await orm.em.fork().execute<{ n: string }[]>(sql))[0]!.n);

describe('seeding an empty database', () => {
  beforeAll(async () => {
    await resetDatabase(orm);
    const seeded = await seedIfEmpty(orm.em.fork(), {
      admin: { email: 'Jefa@Example.com', password: 'Secreta123' },
      uploadsDir,
      images: false,
    });
    expect(seeded).toBe(true);
  });

  test('the spec’s lists (14 clothing types, 23 colours, about 49 brands with Dama variants) and the footwear types', async () => {
    const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const names = async (table: string) =>
      (await orm.em.fork().execute<{ name: string }[]>(`select name from ${table}`))
        .map((r) => r.name)
        .sort(byCodeUnit);
    // Spec §'Built-in lists' (test/support/spec-lists.ts).
    expect(await names('product_type')).toEqual(
      [...SPEC_SHIRT_TYPES, ...SPEC_TROUSER_TYPES, ...FOOTWEAR_TYPES].sort(byCodeUnit),
    );
    expect(await names('color')).toEqual([...SPEC_COLORS].sort(byCodeUnit));
    const brands = await count('select count(*) as n from brand');
    expect(brands).toBeGreaterThanOrEqual(47);
    expect(brands).toBeLessThanOrEqual(51);
    expect(await count(`select count(*) as n from brand where name like '% Dama'`)).toBeGreaterThan(
      10,
    );
  });

  test('the admin account, with an argon2id hash and never the password itself', async () => {
    const admin = await orm.em
      .fork()
      .findOneOrFail(User, { email: 'jefa@example.com' }, { populate: ['passwordHash'] });
    expect(admin.role).toBe('admin');
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin.passwordHash!, 'Secreta123')).toBe(true);
    expect(await verifyPassword(admin.passwordHash!, 'secreta123')).toBe(false);
  });

  test('a demo catalogue of 184 products (160 clothes, 24 shoes) named type + brand + number + colour', async () => {
    // 160 clothes: the demo catalogue's size as issue 8 states it; 24 pairs of shoes (issue 28).
    expect(DEMO_PRODUCT_COUNT).toBe(184);
    expect(await count('select count(*) as n from product')).toBe(184);
    expect(
      await count(`select count(*) as n from product p join product_type t on t.id = p.type_id
                    where t.name in ('Tenis', 'Zapatos', 'Botas', 'Sandalias', 'Calzado Casual')`),
    ).toBe(24);
    const mismatched = await count(`
      select count(*) as n from product p
        join product_type t on t.id = p.type_id join brand b on b.id = p.brand_id
        join color c on c.id = p.color_id
       where p.name !~ ('^' || t.name || ' ' || b.name || ' [0-9]+ ' || c.name || '$')`);
    expect(mismatched).toBe(0);
  });

  test("genero follows the name: 'Mujer' with 'Dama', else 'Hombre'", async () => {
    expect(
      await count(
        `select count(*) as n from product where (name ilike '%dama%') <> (gender = 'Mujer')`,
      ),
    ).toBe(0);
    expect(await count(`select count(*) as n from product where gender = 'Mujer'`)).toBeGreaterThan(
      0,
    );
  });

  test('some products are on promotion and some sizes are sold out', async () => {
    expect(await count('select count(*) as n from product where promotion')).toBeGreaterThan(0);
    expect(
      await count('select count(*) as n from product_stock where quantity = 0'),
    ).toBeGreaterThan(0);
    expect(
      await count('select count(*) as n from product_stock where quantity > 0'),
    ).toBeGreaterThan(0);
  });

  test('a database that has data is left alone', async () => {
    const again = await seedIfEmpty(orm.em.fork(), {
      admin: { email: 'otro@example.com', password: 'Otra12345' },
      uploadsDir,
      images: false,
    });
    expect(again).toBe(false);
    expect(await count('select count(*) as n from app_user')).toBe(1);
    expect(await count('select count(*) as n from product')).toBe(184);
  });
});

test('seeded photos are real WebP files on disk, one row per photo', async () => {
  await resetDatabase(orm);
  await seedProducts(orm.em.fork(), { count: 3, images: true, uploadsDir, seed: 7 });
  const rows = await orm.em
    .fork()
    .execute<{ file_name: string }[]>('select file_name from product_image order by id');
  expect(rows.length).toBeGreaterThanOrEqual(3);
  const files = await readdir(path.join(uploadsDir, 'products'));
  expect(files.sort()).toEqual(rows.map((r) => r.file_name).sort());
  const meta = await sharp(path.join(uploadsDir, 'products', rows[0]!.file_name)).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.width).toBeGreaterThanOrEqual(400);
});

test('rule SEED_DEMO: without demo, an empty database gets the lookup lists and the admin only', async () => {
  await resetDatabase(orm);
  const seeded = await seedIfEmpty(orm.em.fork(), {
    admin: { email: 'jefa@example.com', password: 'Secreta123' },
    uploadsDir,
    images: false,
    demo: false,
  });
  expect(seeded).toBe(false);
  expect(await count('select count(*) as n from product')).toBe(0);
  // The spec's 14 clothing types and the 5 footwear types.
  expect(await count('select count(*) as n from product_type')).toBe(19);
  expect(await count(`select count(*) as n from app_user where role = 'admin'`)).toBe(1);
});
