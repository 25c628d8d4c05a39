/**
 * The shopper's initial JavaScript, from a production build of the client (issue 15: under
 * 200 KiB gzip). Builds the client into a temporary folder (hidden source maps and Vite's
 * manifest; the scripts are byte for byte those of `npm run build`) and sums, gzipped at level 9
 * like bench/browser.ts, every script a cold load of `/#/inicio` runs, in two cases (issue 27):
 *
 * - over the screen the server drew (a visitor's `/` or share page): index.html's entry script
 *   and its static imports, all that runs before the shopper's first sign (client/src/main.tsx;
 *   the app's files are then prefetched, not run);
 * - the app (a hash route the server cannot draw, a signed-in shopper, or the drawn screen once
 *   the shopper is there): the entry's, the app's (client/src/boot.tsx) and the home page's
 *   route chunk's static imports, followed through the manifest. The budget applies to this one.
 *
 *   npx tsx bench/js-budget.ts              per-chunk table; exit code 1 over the budget
 *   npx tsx bench/js-budget.ts --packages   and, per chunk, the gzip bytes of each package or
 *                                           shop folder (from the source maps)
 *   npx tsx bench/js-budget.ts --files @chakra-ui/react
 *                                           the same, file by file for the sources whose path
 *                                           matches the regular expression
 *   npx tsx bench/js-budget.ts --json       the figures as JSON
 *
 * A chunk's gzip bytes are shared among the packages in it in proportion to the gzip size of
 * each package's own part of the minified code (gzip does not add up exactly; the proportions
 * are what matters for finding the weight).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { ROOT_DIR } from './paths.js';

const CLIENT_DIR = path.join(ROOT_DIR, 'client');
/** The route a cold visit opens (`/` leads to #/inicio): its screen's module. */
const HOME_MODULE = 'src/store/catalog/pages/home-page.tsx';
/** index.html's entry (main.tsx) and the app it imports (vite.config.ts: an entry of the build). */
const PAGE_ENTRY = 'index.html';
const APP_MODULE = 'src/boot.tsx';
export const BUDGET_BYTES = 200 * 1024;

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

interface SourceMap {
  sources: string[];
  mappings: string;
}

export interface ChunkFigures {
  file: string;
  bytes: number;
  gzipBytes: number;
  /** Package or shop folder → gzip bytes attributed to it (with --packages). */
  parts?: Record<string, number>;
}

const gzipSize = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

/** Every file the manifest entry `key` loads before it runs: itself and its static imports. */
function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`js-budget: ${key} is not in the build's manifest`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/** index.html's module script and modulepreload links (paths under the output folder). */
function htmlScripts(html: string): string[] {
  const sources = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="\/([^"]+)"/g)];
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/([^"]+)"/g)];
  return [...sources, ...preloads].map((match) => match[1] as string);
}

// --- source maps: which package each byte of a minified chunk comes from ---------------------

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One segment's VLQ fields. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** 'react-dom', '@chakra-ui/react', 'shop: store/catalog'… for a source path of the map. */
function partOf(source: string, detail?: RegExp): string {
  if (detail?.test(source)) return source.replace(/.*node_modules\//, '').replace(/.*client\//, '');
  const pkg = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1] as string;
  const shop =
    /client\/src\/([^/]+\/(?:[^/]+\/)?)/.exec(source) ?? /client\/src\/([^/]+)/.exec(source);
  if (shop) return `shop: ${(shop[1] as string).replace(/\/$/, '')}`;
  return '(bundler)';
}

/** The chunk's code cut into its packages' parts, by the source map's segments. */
function partsOf(code: string, map: SourceMap, detail?: RegExp): Map<string, string> {
  const lines = code.split('\n');
  const texts = new Map<string, string[]>();
  const add = (part: string, text: string) => {
    if (!texts.has(part)) texts.set(part, []);
    texts.get(part)?.push(text);
  };
  let sourceIndex = 0;
  map.mappings.split(';').forEach((lineMappings, lineNumber) => {
    const line = lines[lineNumber] ?? '';
    let column = 0;
    const segments: { column: number; source: number | null }[] = [];
    for (const segment of lineMappings.split(',')) {
      if (segment === '') continue;
      const fields = decodeSegment(segment);
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        sourceIndex += fields[1] ?? 0;
        segments.push({ column, source: sourceIndex });
      } else {
        segments.push({ column, source: null });
      }
    }
    if (segments.length === 0 || (segments[0]?.column ?? 0) > 0) {
      add('(unmapped)', line.slice(0, segments[0]?.column ?? line.length));
    }
    segments.forEach((segment, index) => {
      const end = segments[index + 1]?.column ?? line.length;
      const source = segment.source === null ? undefined : map.sources[segment.source];
      add(
        source === undefined ? '(unmapped)' : partOf(source, detail),
        line.slice(segment.column, end),
      );
    });
  });
  return new Map([...texts].map(([part, pieces]) => [part, pieces.join('')]));
}

function attribute(code: string, map: SourceMap, gzipBytes: number, detail?: RegExp) {
  const sizes = [...partsOf(code, map, detail)].map(
    ([part, text]) => [part, gzipSize(text)] as const,
  );
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  return Object.fromEntries(
    sizes
      .map(([part, size]) => [part, Math.round((size / total) * gzipBytes)] as const)
      .sort((a, b) => b[1] - a[1]),
  );
}

// --- the measurement -----------------------------------------------------------------------

/**
 * Builds the client and measures its initial scripts over a drawn screen (`drawn`) and the app's
 * (`app`); with `parts`, attributes each chunk's gzip bytes to packages (and, for sources
 * matching `parts.detail`, to single files).
 */
export async function measureInitialJs(
  parts: { detail?: RegExp } | false,
): Promise<{ drawn: ChunkFigures[]; app: ChunkFigures[] }> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'tienda-js-budget-'));
  try {
    await build({
      root: CLIENT_DIR,
      configFile: path.join(CLIENT_DIR, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, sourcemap: 'hidden', manifest: true },
    });
    const manifest = JSON.parse(
      await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
    const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
    const scriptsOf = (keys: string[]) => {
      const files = staticClosure(manifest, keys);
      for (const file of htmlScripts(html)) files.add(file);
      return files;
    };
    return {
      drawn: await chunkFigures(outDir, scriptsOf([PAGE_ENTRY]), parts),
      app: await chunkFigures(outDir, scriptsOf([PAGE_ENTRY, APP_MODULE, HOME_MODULE]), parts),
    };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

async function chunkFigures(
  outDir: string,
  files: Set<string>,
  parts: { detail?: RegExp } | false,
): Promise<ChunkFigures[]> {
  const figures: ChunkFigures[] = [];
  for (const file of files) {
    const code = await readFile(path.join(outDir, file), 'utf8');
    const gzipBytes = gzipSize(code);
    const chunk: ChunkFigures = { file, bytes: Buffer.byteLength(code), gzipBytes };
    if (parts) {
      // The bundler's own runtime chunk has no map.
      const map = await readFile(path.join(outDir, `${file}.map`), 'utf8').catch(() => null);
      chunk.parts = map
        ? attribute(code, JSON.parse(map) as SourceMap, gzipBytes, parts.detail)
        : { '(bundler)': gzipBytes };
    }
    figures.push(chunk);
  }
  return figures.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The chunk's name without its content hash: 'assets/chakra-Cwl0VzD9.js' → 'chakra'. */
const chunkName = (file: string) => path.basename(file).replace(/-[\w-]{8}\.js$/, '');

export function renderTable(figures: readonly ChunkFigures[]): string {
  const total = figures.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  const raw = figures.reduce((sum, chunk) => sum + chunk.bytes, 0);
  const rows = figures.map(
    (chunk) => `| ${chunkName(chunk.file)} | ${kib(chunk.bytes)} | ${kib(chunk.gzipBytes)} |`,
  );
  return [
    '| Chunk | minified | gzip -9 |',
    '|---|--:|--:|',
    ...rows,
    `| **total (${figures.length} scripts)** | ${kib(raw)} | **${kib(total)}** (budget ${kib(BUDGET_BYTES)}) |`,
  ].join('\n');
}

function renderParts(figures: readonly ChunkFigures[], minBytes = 300): string {
  const out: string[] = [];
  for (const chunk of figures) {
    out.push(`\n${chunkName(chunk.file)} (${kib(chunk.gzipBytes)} gzip):`);
    const parts = Object.entries(chunk.parts ?? {});
    for (const [part, size] of parts.filter(([, size]) => size >= minBytes)) {
      out.push(`  ${kib(size).padStart(10)}  ${part}`);
    }
    const rest = parts.filter(([, size]) => size < minBytes);
    if (rest.length > 0) {
      const restBytes = rest.reduce((sum, [, size]) => sum + size, 0);
      out.push(`  ${kib(restBytes).padStart(10)}  ${rest.length} smaller parts`);
    }
  }
  return out.join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      packages: { type: 'boolean' },
      files: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  const detail = values.files === undefined ? undefined : new RegExp(values.files);
  const withParts = (values.packages ?? false) || detail !== undefined;
  const { drawn, app: figures } = await measureInitialJs(withParts && { detail });
  const totalOf = (chunks: ChunkFigures[]) => chunks.reduce((sum, c) => sum + c.gzipBytes, 0);
  const total = totalOf(figures);
  if (values.json) {
    console.log(
      JSON.stringify(
        {
          totalGzipBytes: total,
          chunks: figures,
          drawnScreen: { totalGzipBytes: totalOf(drawn), chunks: drawn },
        },
        null,
        2,
      ),
    );
  } else {
    console.log("Over a drawn screen, before the shopper's first sign:\n");
    console.log(renderTable(drawn));
    console.log('\nThe app (a hash route, a signed-in shopper, the drawn screen once used):\n');
    console.log(renderTable(figures));
    if (withParts) console.log(renderParts(figures));
  }
  if (total > BUDGET_BYTES) {
    console.error(`\nInitial JavaScript ${kib(total)} gzip: over the ${kib(BUDGET_BYTES)} budget.`);
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
