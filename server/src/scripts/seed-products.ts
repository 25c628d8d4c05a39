import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { seedLookups, seedProducts } from '../db/seeders/seed.js';

// `npm run seed -- --products N [--images]`: adds N generated products (for benchmarks).
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000' },
    images: { type: 'boolean', default: false },
  },
});
const count = Number(values.products);
if (!Number.isInteger(count) || count < 1) {
  console.error('--products debe ser un entero positivo');
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
  const started = Date.now();
  // A seed from the clock: each run adds a different catalogue.
  await seedProducts(em, {
    count,
    images: values.images,
    uploadsDir: config.uploadsDir,
    seed: Date.now() % 2 ** 31,
  });
  console.log(`${count} productos agregados en ${Date.now() - started} ms (${db.description}).`);
} finally {
  await db.close();
}
