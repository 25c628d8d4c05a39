/** The bench's options (bench/catalog-bench.ts): its flags, or BENCH_* variables. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT_DIR } from './paths.js';

/** Flags (after `npm run bench --`), or BENCH_* variables. */
export function options(env = process.env) {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: env.BENCH_PRODUCTS ?? '2000' },
      seconds: { type: 'string', default: env.BENCH_SECONDS ?? '9' },
      warmup: { type: 'string', default: env.BENCH_WARMUP ?? '2' },
      rounds: { type: 'string', default: env.BENCH_ROUNDS ?? '3' },
      concurrency: { type: 'string', default: env.BENCH_CONCURRENCY ?? '10' },
      'browser-runs': { type: 'string', default: env.BENCH_BROWSER_RUNS ?? '3' },
      'browser-only': { type: 'boolean', default: env.BENCH_BROWSER_ONLY === '1' },
      'lighthouse-runs': { type: 'string', default: env.BENCH_LIGHTHOUSE_RUNS ?? '3' },
      'lighthouse-only': { type: 'boolean', default: env.BENCH_LIGHTHOUSE_ONLY === '1' },
      out: { type: 'string', default: env.BENCH_OUT },
      only: { type: 'string', default: env.BENCH_ONLY },
      shoppers: { type: 'string', default: env.BENCH_SHOPPERS ?? '50' },
      'sale-shoppers': { type: 'string', default: env.BENCH_SALE_SHOPPERS ?? '200' },
      'sale-seconds': { type: 'string', default: env.BENCH_SALE_SECONDS ?? '60' },
      'think-ms': { type: 'string', default: env.BENCH_THINK_MS ?? '250' },
      /** The 10-minute soak (bench/soak.ts): off unless asked for. */
      soak: { type: 'boolean', default: env.BENCH_SOAK === '1' },
      'soak-minutes': { type: 'string', default: env.BENCH_SOAK_MINUTES ?? '10' },
    },
  });
  const int = (name: string, text: string, min: number, max: number) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new Error(`--${name} debe ser un entero de ${min} a ${max} (recibido: ${text})`);
    }
    return n;
  };
  return {
    products: int('products', values.products, 50, 1_000_000),
    seconds: Number(values.seconds),
    warmup: Number(values.warmup),
    rounds: int('rounds', values.rounds, 1, 100),
    concurrency: int('concurrency', values.concurrency, 1, 256),
    browserRuns: int('browser-runs', values['browser-runs'], values['browser-only'] ? 1 : 0, 20),
    browserOnly: values['browser-only'],
    /** Lighthouse runs per page and preset (bench/lighthouse.ts; 0: none). */
    lighthouseRuns: int(
      'lighthouse-runs',
      values['lighthouse-runs'],
      values['lighthouse-only'] ? 1 : 0,
      20,
    ),
    /** Only Lighthouse, against the shop with its demo catalogue (like --browser-only). */
    lighthouseOnly: values['lighthouse-only'],
    /** The parts to run (undefined: all). */
    only: parseOnly(values.only),
    shoppers: int('shoppers', values.shoppers, 1, 500),
    saleShoppers: int('sale-shoppers', values['sale-shoppers'], 1, 2000),
    saleSeconds: int('sale-seconds', values['sale-seconds'], 1, 3600),
    thinkMs: int('think-ms', values['think-ms'], 0, 60_000),
    /** Whether the soak runs (never by default: it takes 10 minutes). */
    soak: values.soak,
    soakMinutes: int('soak-minutes', values['soak-minutes'], 1, 600),
    /** The report's file: BENCHMARKS.md for a full run; none (stdout only) for --browser-only. */
    out:
      values.out !== undefined
        ? path.resolve(values.out)
        : values['browser-only'] || values['lighthouse-only'] || values.only !== undefined
          ? undefined
          : path.join(ROOT_DIR, 'BENCHMARKS.md'),
  };
}

const PARTS = [
  'catalog',
  'catalog-filtered',
  'catalog-search',
  'catalog-fuzzy',
  'catalog-synonym',
  'grid',
  'product',
  'rest',
  'checkout',
  'sale-day',
  'sale-loop',
  'soak',
];

function parseOnly(text: string | undefined): Set<string> | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const parts = text.split(',').map((p) => p.trim());
  const unknown = parts.filter((p) => !PARTS.includes(p));
  if (unknown.length > 0) {
    throw new Error(`--only: partes desconocidas ${unknown.join(', ')} (hay: ${PARTS.join(', ')})`);
  }
  return new Set(parts);
}

export type BenchOptions = ReturnType<typeof options>;
