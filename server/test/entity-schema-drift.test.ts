import 'reflect-metadata';
import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../src/db/orm-config.js';
import { TEST_ACQUIRE_TIMEOUT_MS, testDatabaseUrl } from './support/db.js';

/**
 * The tables the migrations make that no entity describes: each is read and written in SQL by
 * the one module that owns it (its service or repository), so no entity can drift from it. A new
 * table goes here or gets an entity; otherwise the diff below wants to drop it.
 */
const SQL_ONLY_TABLES = [
  'user_session',
  'rate_limit',
  'password_reset',
  'address',
  'cart_line',
  'cart_notice',
  'legal_text',
  'search_synonym',
  'search_miss',
  'shop_order',
  'order_line',
  'order_adjustment',
  'coupon',
  'coupon_use',
  'stock_alert',
  'mail_outbox',
  'payment',
  'order_event',
  'event_delivery',
  'catalog_change',
  'catalog_change_pruned',
  'admin_audit',
  'user_second_factor',
  'second_factor_recovery_code',
  'shop_settings',
  'product_import',
  'product_import_row',
  'sales_day',
  'sales_day_product',
  'order_return',
  'order_return_line',
  'fiscal_data',
  'invoice',
  'product_type_sat',
  'mail_attachment',
  'invoice_order',
  'order_refund',
];

/** A MikroORM over the migrated test database that knows `entities` only (default: the app's). */
async function openOrm(entities?: (new () => object)[]) {
  const config = ormConfig(testDatabaseUrl(), {
    poolMax: 2,
    acquireTimeoutMs: TEST_ACQUIRE_TIMEOUT_MS,
  });
  return MikroORM.init({
    ...config,
    ...(entities ? { entities } : {}),
    schemaGenerator: { ...config.schemaGenerator, skipTables: SQL_ONLY_TABLES },
  });
}

let orm: MikroORM;

beforeAll(async () => {
  orm = await openOrm();
  await orm.getMigrator().up();
});
afterAll(async () => {
  await orm.close();
});

test('every entity is true to the migrated schema: the schema diff is empty', async () => {
  // No `safe` and no `dropTables: false`: a column, index, check or table the entities do not
  // describe would be dropped, so it shows here too.
  expect(await orm.schema.getUpdateSchemaSQL({ wrap: false })).toBe('');
});

@Entity({ tableName: 'color' })
class ColorWithHex {
  @PrimaryKey()
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  hex!: string;
}

test('the diff notices an entity that drifted (a column the migrations never made)', async () => {
  const drifted = await openOrm([ColorWithHex]);
  try {
    const sql = await drifted.schema.getUpdateSchemaSQL({ wrap: false, dropTables: false });
    expect(sql).toContain('add column "hex" text not null');
  } finally {
    await drifted.close();
  }
});
