import '../load-env.js';
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { seedLookups, seedProducts } from '../db/seeders/seed.js';
import { createPhotoStorage } from '../modules/storage/photo-storage.js';

// `npm run seed -- --products N [--images] [--seed S]`: adds N generated products (for
// benchmarks: `npm run bench` seeds through this script, with a fixed --seed).
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000' },
    images: { type: 'boolean', default: false },
    seed: { type: 'string' },
  },
});
const count = Number(values.products);
if (!Number.isInteger(count) || count < 1) {
  console.error('--products debe ser un entero positivo');
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
} finally {
  await db.close();
}
