import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built server, as `npm start` runs it (`npm test` builds it first). */
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** The postmaster's pid (first line of postmaster.pid) and its children's. */
export function postgresPids(databaseDir: string): number[] {
  const postmaster = Number(
    readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    // pgrep exits 1 when there are none.
  }
  return [postmaster, ...children];
}

/** Stops the shop's PostgreSQL processes (SIGSTOP); `thaw` lets them go on, once. */
export function freeze(dataDir: string): { thaw: () => void } {
  let frozen = postgresPids(path.join(dataDir, 'postgres'));
  for (const pid of frozen) process.kill(pid, 'SIGSTOP');
  return {
    thaw: () => {
      for (const pid of frozen) {
        try {
          process.kill(pid, 'SIGCONT');
        } catch {
          // Already gone.
        }
      }
      frozen = [];
    },
  };
}

export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: Math.round(performance.now() - started) };
}

/** Polls `ok` every 200 ms until it is true; returns the time taken, throws after `limitMs`. */
export async function until(ok: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = performance.now();
  while (!(await ok().catch(() => false))) {
    if (performance.now() - started > limitMs) throw new Error(`sin recuperación en ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return Math.round(performance.now() - started);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address() as net.AddressInfo;
      s.close(() => resolve(address.port));
    });
  });
}

export interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** The built server (`node server/dist/main.js`) on its own embedded database in `dataDir`. */
export function startShop(dataDir: string, port: number, env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => output, exited };
}

export async function waitFor(run: Run, pattern: RegExp, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!pattern.test(run.output())) {
    if (run.child.exitCode !== null) throw new Error(`terminó antes de tiempo:\n${run.output()}`);
    if (Date.now() > deadline) throw new Error(`sin ${pattern} a tiempo:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
