import path from 'node:path';
import os from 'node:os';
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig, type Config } from '../../src/config.js';
import { ormConfig } from '../../src/db/orm-config.js';

/** The run's database, which global setup started and described in TIENDA_TEST_STATE. */
export function testDatabaseUrl(): string {
  const stateFile = process.env.TIENDA_TEST_STATE;
  if (!stateFile) throw new Error('TIENDA_TEST_STATE falta: los tests deben correr con jest');
  return (JSON.parse(readFileSync(stateFile, 'utf8')) as { url: string }).url;
}

/**
 * How long a test's ORM waits for a pool connection or a new connection's handshake. The shop's
 * 2 s bound (a 503 instead of a queue) is about capacity; on a CI machine whose two cores also run
 * an embedded PostgreSQL and builds, a handshake alone has taken longer, which failed tests that
 * are about something else. The bound itself is tested where it matters (request-deadline,
 * db-faults), on ORMs of their own.
 */
export const TEST_ACQUIRE_TIMEOUT_MS = 20_000;

/** A MikroORM on the run's test database, migrated. */
export async function openTestOrm(): Promise<MikroORM> {
  const orm = await MikroORM.init(
    ormConfig(testDatabaseUrl(), { poolMax: 4, acquireTimeoutMs: TEST_ACQUIRE_TIMEOUT_MS }),
  );
  await orm.getMigrator().up();
  return orm;
}

/** Empties every table (ids restart), so each test file starts from a known state. */
export async function resetDatabase(orm: MikroORM): Promise<void> {
  await orm.em
    .fork()
    .execute(
      'truncate order_refund, mail_attachment, invoice_order, invoice, product_type_sat, fiscal_data, search_miss, search_synonym, legal_text, order_return_line, order_return, mail_outbox, sales_day, sales_day_product, coupon_use, coupon, password_reset, rate_limit, user_session, order_adjustment, order_line, shop_order, cart_line, address, app_user, product_image, product_stock, product, color, brand, product_type restart identity cascade',
    );
  // The shop's settings: back to the environment's (an empty row, a new version for any listener).
  await orm.em
    .fork()
    .execute(
      `insert into shop_settings (id) values (1) on conflict (id) do update set data = '{}', version = shop_settings.version + 1`,
    );
  // The audit trail refuses TRUNCATE by trigger (it is append-only for the app). The tests' role
  // owns the table (it ran the migrations), so it may switch the table's triggers off: inside one
  // transaction, whose lock keeps every other session from seeing them off.
  await orm.em
    .fork()
    .execute(
      'begin; alter table admin_audit disable trigger user; truncate admin_audit restart identity; alter table admin_audit enable trigger user; commit',
    );
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '.data-test',
      SESSION_SECRET: 'secreto-de-sesion-solo-para-pruebas-0123456789',
    }),
    // Not the client's build of this checkout (there or not): a test that wants the first
    // screen's renderer names one.
    clientSsrDir: path.join(os.tmpdir(), 'tienda-test-no-renderer'),
    ...overrides,
  };
}
