/**
 * Products by spreadsheet at scale (issue 26 item 4): 100,000 new products imported from a
 * generated CSV through the built app (POST /api/admin/productos/importar: the dry run, then the
 * real run and its worker until the job is done), then the catalogue exported
 * (GET /api/admin/productos.csv, streamed) and the export checked back (a dry run: nothing to
 * change). Times each step and samples the app's resident memory (VmRSS, every 100 ms) to give
 * each step's peak. Writes its section of BENCHMARKS.md (between the csv-import markers; the
 * rest of the file is left as it is).
 *
 * Usage: npm run build && npx tsx bench/csv-import.ts [--rows N] [--no-write]
 * (BENCH_DATABASE_URL: a fresh database on that server; else an embedded PostgreSQL.)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openBenchDatabase } from './database.js';
import { ROOT_DIR } from './paths.js';
import { startProductionShop } from './processes.js';
import { Cleanup, log } from './run-control.js';

const args = process.argv.slice(2);
const ROWS = Number(args[args.indexOf('--rows') + 1] || 100_000) || 100_000;
const WRITE = !args.includes('--no-write');
const ADMIN = { email: 'bench@tienda.local', password: 'Bench-only-password-2026' };
const MARK_START = '<!-- csv-import:start -->';
const MARK_END = '<!-- csv-import:end -->';
const HEADER =
  'id,nombre,descripcion,precio,promocion,precioPromocion,especial,tipo,marca,color,tallas,cantidad,imagenes';

/** The process's resident memory now, in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Runs `work` while sampling `pid`'s RSS: its duration, and the peak and starting RSS. */
async function measured<T>(pid: number, work: () => Promise<T>) {
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // The process is gone; the step fails on its own.
    }
  }, 100);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, before, peak };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const cleanup = new Cleanup();
  process.on('SIGINT', () => void cleanup.run().then(() => process.exit(130)));
  const loadBefore = os.loadavg()[0]!;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tienda-bench-csv-'));
  cleanup.add('datos', async () => rmSync(dataDir, { recursive: true, force: true }));
  try {
    const db = await openBenchDatabase(path.join(dataDir, 'pg'), log);
    cleanup.add('base de datos', () => db.stop());
    const shop = await startProductionShop({
      databaseUrl: db.url,
      dataDir,
      admin: ADMIN,
      timeoutMs: 120_000,
    });
    cleanup.add('tienda', () => shop.stop());
    const pid = shop.child.pid!;
    const base = `http://127.0.0.1:${shop.port}`;

    // The lookups the rows name, and one photo file per new product (already uploaded).
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    for (const [table, name] of [
      ['product_type', 'Playera'],
      ['brand', 'Nike'],
      ['color', 'Negro'],
    ]) {
      await client.query(
        `insert into ${table} (name) select $1::text where not exists (select 1 from ${table} where lower(name) = lower($1::text))`,
        [name],
      );
    }
    await client.end();
    const photos = path.join(dataDir, 'uploads', 'products');
    mkdirSync(photos, { recursive: true });
    log(`${ROWS} fotos y el CSV…`);
    const lines = [HEADER];
    for (let i = 1; i <= ROWS; i += 1) {
      writeFileSync(path.join(photos, `bench-${i}.webp`), 'webp');
      lines.push(
        `,Playera Nike ${i} Negro,"Playera de algodón, modelo ${i}",299.00,no,,no,Playera,Nike,Negro,"S, M, L","1, 2, 3",bench-${i}.webp`,
      );
    }
    const csv = Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const send = async (file: Buffer, fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append(
        'archivo',
        new Blob([new Uint8Array(file)], { type: 'text/csv' }),
        'productos.csv',
      );
      const res = await fetch(`${base}/api/admin/productos/importar`, {
        method: 'POST',
        headers: { cookie },
        body: form,
      });
      const body = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`importar: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
      return body as {
        creados: number;
        actualizados: number;
        sinCambios: number;
        errores: unknown[];
        importacion: { id: number } | null;
      };
    };

    log('simulación…');
    const dry = await measured(pid, () => send(csv, { simular: '1' }));
    if (dry.result.creados !== ROWS || dry.result.errores.length > 0) {
      throw new Error(`simulación inesperada: ${JSON.stringify(dry.result).slice(0, 300)}`);
    }
    log(`simulación: ${dry.seconds.toFixed(1)} s`);

    log('importación…');
    let accepted = 0;
    const real = await measured(pid, async () => {
      const started = performance.now();
      const answer = await send(csv, {});
      accepted = (performance.now() - started) / 1000;
      const id = answer.importacion!.id;
      for (;;) {
        await new Promise((r) => setTimeout(r, 250));
        const res = await fetch(`${base}/api/admin/productos/importaciones/${id}`, {
          headers: { cookie },
        });
        const job = (await res.json()) as { estado: string; creados: number; errores: unknown[] };
        if (job.estado === 'terminada') return job;
        if (job.estado === 'fallida') throw new Error('la importación falló');
      }
    });
    if (real.result.creados !== ROWS) throw new Error(`creados: ${real.result.creados}`);
    log(`importación: ${real.seconds.toFixed(1)} s (aceptada en ${accepted.toFixed(1)} s)`);

    log('exportación…');
    let bytes = 0;
    let exported = '';
    const exportRun = await measured(pid, async () => {
      const res = await fetch(`${base}/api/admin/productos.csv`, { headers: { cookie } });
      if (!res.ok || !res.body) throw new Error(`exportar: ${res.status}`);
      const decoder = new TextDecoder();
      const parts: string[] = [];
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        parts.push(decoder.decode(chunk, { stream: true }));
      }
      exported = parts.join('');
    });
    log(`exportación: ${exportRun.seconds.toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB`);

    log('ida y vuelta (simulación de la exportación)…');
    const back = await measured(pid, () => send(Buffer.from(exported), { simular: '1' }));
    if (back.result.sinCambios !== ROWS || back.result.creados + back.result.actualizados > 0) {
      throw new Error(`ida y vuelta: ${JSON.stringify(back.result).slice(0, 300)}`);
    }
    log(`ida y vuelta: ${back.seconds.toFixed(1)} s, 0 cambios`);

    const mb = (n: number) => n.toFixed(0);
    const cpus = os.cpus();
    const section = [
      MARK_START,
      `## Products by spreadsheet (CSV), ${ROWS.toLocaleString('en-US')} rows`,
      '',
      'Generated by `npx tsx bench/csv-import.ts` after `npm run build` (not by `npm run bench`); notes in',
      '`bench/notes/csv-import.md`. The built app (production mode) on a fresh database; the file has',
      `${ROWS.toLocaleString('en-US')} new products (3 sizes, 1 photo each, the photo files already uploaded). RSS is the`,
      "app process's resident memory, sampled every 100 ms: at the step's start and its peak.",
      '',
      '**Budget (issue 26 item 4):** 100,000 rows import in under 2 minutes.',
      '',
      '| Step | Time (s) | RSS at start (MB) | RSS peak (MB) |',
      '|---|--:|--:|--:|',
      `| Dry run (POST \`simular=1\`: read, checked, nothing written) | ${dry.seconds.toFixed(1)} | ${mb(dry.before)} | ${mb(dry.peak)} |`,
      `| Import: POST (read, checked, staged) + worker until \`terminada\` | **${real.seconds.toFixed(1)}** (POST ${accepted.toFixed(1)}) | ${mb(real.before)} | ${mb(real.peak)} |`,
      `| Export (GET \`productos.csv\`, ${(bytes / 1e6).toFixed(1)} MB streamed) | ${exportRun.seconds.toFixed(1)} | ${mb(exportRun.before)} | ${mb(exportRun.peak)} |`,
      `| Round trip: the export as a dry run (0 created, 0 updated) | ${back.seconds.toFixed(1)} | ${mb(back.before)} | ${mb(back.peak)} |`,
      '',
      `Load average (1 min, ${os.cpus().length} CPUs shared with other work) at the start: ${loadBefore.toFixed(2)}; at the end: ${os.loadavg()[0]!.toFixed(2)}.`,
      '',
      `Budget: ${real.seconds < 120 ? 'met' : '**not met**'} (${real.seconds.toFixed(1)} s). Run ${new Date().toISOString()}; ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}; Node ${process.version}; ${db.version.split(' on ')[0]}; ${db.description}.`,
      MARK_END,
    ].join('\n');
    console.log(`\n${section}\n`);
    if (WRITE) {
      const file = path.join(ROOT_DIR, 'BENCHMARKS.md');
      const current = readFileSync(file, 'utf8');
      const start = current.indexOf(MARK_START);
      const end = current.indexOf(MARK_END);
      const next =
        start >= 0 && end > start
          ? `${current.slice(0, start)}${section}${current.slice(end + MARK_END.length)}`
          : `${current.trimEnd()}\n\n${section}\n`;
      writeFileSync(file, next);
      log(`escrito ${file}`);
    }
  } finally {
    await cleanup.run();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
