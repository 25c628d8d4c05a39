import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (this file is bench/paths.ts). */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The built server (`npm run build -w server`): the app the benchmark measures. BENCH_SERVER_DIST
 * names another build (e.g. a copy of the one before a change, kept under server/ so that it
 * finds the same node_modules) for before/after comparisons by hand.
 */
export const SERVER_DIST = process.env.BENCH_SERVER_DIST
  ? path.resolve(process.env.BENCH_SERVER_DIST)
  : path.join(ROOT_DIR, 'server', 'dist');
/** The built client (`npm run build -w client`), for the browser measurements. */
export const CLIENT_DIST = path.join(ROOT_DIR, 'client', 'dist');
/** This folder: the baseline server runs from here under tsx. */
export const BENCH_DIR = path.join(ROOT_DIR, 'bench');
