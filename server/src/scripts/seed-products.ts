import '../load-env.js';
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { seedLookups, seedProducts } from '../db/seeders/seed.js';
import { seedOrders } from '../db/seeders/seed-orders.js';
import { createPhotoStorage } from '../modules/storage/photo-storage.js';

// `npm run seed -- --products N [--images] [--seed S]`: adds N generated products (for
// benchmarks: `npm run bench` seeds through this script, with a fixed --seed).
// `npm run seed -- --orders N --customers C [--days D]`: adds C customers and N orders over the
// last D days (365) on the products there are (with --products, after adding those).
const { values } = parseArgs({
  options: {
    products: { type: 'string' },
    images: { type: 'boolean', default: false },
    seed: { type: 'string' },
    orders: { type: 'string' },
    customers: { type: 'string' },
    days: { type: 'string', default: '365' },
  },
});
const positive = (value: string | undefined, name: string, fallback: number): number => {
  const n = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} debe ser un entero no negativo`);
    process.exit(1);
  }
  return n;
};
const orders = positive(values.orders, 'orders', 0);
const count = positive(values.products, 'products', orders > 0 ? 0 : 1000);
const customers = positive(values.customers, 'customers', Math.max(1, Math.ceil(orders / 10)));
const days = positive(values.days, 'days', 365);
if (orders > 0 && (customers < 1 || days < 1)) {
  console.error('--customers y --days deben ser enteros positivos');
  process.exit(1);
}
const fixedSeed = values.seed === undefined ? undefined : Number(values.seed);
if (fixedSeed !== undefined && !(Number.isInteger(fixedSeed) && fixedSeed >= 0)) {
  console.error('--seed debe ser un entero no negativo');
  process.exit(1);
}

// Seeding is not a request: no statement_timeout.
const config = { ...loadConfig(), dbStatementTimeoutMs: 0 };
const db = await openDatabase(config).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
try {
  const em = db.orm.em.fork();
  await seedLookups(em);
  if (count > 0) {
    const started = Date.now();
    // Unless --seed is given, a seed from the clock: each run adds a different catalogue.
    await seedProducts(em, {
      count,
      images: values.images,
      uploadsDir: config.uploadsDir,
      photos: await createPhotoStorage(config),
      seed: fixedSeed ?? Date.now() % 2 ** 31,
    });
    console.log(`${count} productos agregados en ${Date.now() - started} ms (${db.description}).`);
  }
  if (orders > 0) {
    const started = Date.now();
    const seeded = await seedOrders(db.orm.em.fork(), {
      orders,
      customers,
      days,
      holdHours: config.orderPaymentHoldHours,
      seed: fixedSeed,
    });
    console.log(
      `${seeded.orders} pedidos (${seeded.lines} líneas) de ${seeded.customers} clientes agregados en ${Date.now() - started} ms (${db.description}).`,
    );
  }
} finally {
  await db.close();
}
