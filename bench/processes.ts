import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_DIST } from './paths.js';

export interface Server {
  name: string;
  child: ChildProcess;
  port: number;
  /** The last lines it printed, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `node script` with `env` and waits until it prints a line matching `ready` (whose
 * first group is the port). Rejects if it exits or stays silent for `timeoutMs`.
 */
export function startNodeServer(options: {
  name: string;
  script: string;
  env: NodeJS.ProcessEnv;
  ready: RegExp;
  timeoutMs?: number;
  watchStdin?: boolean;
  /** Node options before the script, e.g. `['--import', 'tsx']` for a TypeScript one. */
  execArgv?: string[];
}): Promise<Server> {
  const child = spawn(process.execPath, [...(options.execArgv ?? []), options.script], {
    env: options.env,
    stdio: [options.watchStdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(
      ...chunk
        .toString()
        .split('\n')
        .filter((l) => l.trim() !== ''),
    );
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  const output = () => lines.join('\n');
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => {
      void stop();
      reject(
        new Error(
          `${options.name} did not start within ${options.timeoutMs ?? 60_000} ms:\n${output()}`,
        ),
      );
    }, options.timeoutMs ?? 60_000);
    const onExit = (code: number | null, signal: string | null) => {
      clearTimeout(timer);
      reject(
        new Error(`${options.name} exited (${code ?? signal}) before it was ready:\n${output()}`),
      );
    };
    child.once('exit', onExit);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.stderr?.on('data', keep);
    child.stdout?.on('data', (chunk: Buffer) => {
      keep(chunk);
      buffered += chunk.toString();
      const match = options.ready.exec(buffered);
      if (!match) return;
      buffered = '';
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve({ name: options.name, child, port: Number(match[1]), output, stop });
    });
  });
}

/** utime + stime of a process in ms (Linux /proc; USER_HZ is 100 on Linux), or undefined. */
function processCpuMs(pid: number): { ppid: number; ms: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { ppid: Number(fields[1]), ms: ticks * 10 };
  } catch {
    return undefined;
  }
}

/** CPU milliseconds used so far per process id, for a process and its direct children. */
export function cpuSnapshot(pid: number | undefined): Map<number, number> | undefined {
  if (pid === undefined) return undefined;
  const own = processCpuMs(pid);
  if (!own) return undefined;
  const snapshot = new Map([[pid, own.ms]]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = processCpuMs(Number(entry));
    if (child && child.ppid === pid) snapshot.set(Number(entry), child.ms);
  }
  return snapshot;
}

/** CPU ms used between two snapshots (processes that started in between count in full). */
export function cpuBetween(
  before: Map<number, number> | undefined,
  after: Map<number, number> | undefined,
): number | undefined {
  if (!before || !after) return undefined;
  let ms = 0;
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0);
  return ms;
}

/**
 * The built shop (server/dist/main.js) in production mode on `databaseUrl`, rate limits off, no
 * demo catalogue, with `admin` as its admin account: what bench/csv-import.ts and
 * bench/summary.ts measure.
 */
export function startProductionShop(options: {
  databaseUrl: string;
  dataDir: string;
  admin: { email: string; password: string };
  timeoutMs: number;
}): Promise<Server> {
  return startNodeServer({
    name: 'shop',
    script: path.join(SERVER_DIST, 'main.js'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: '0',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      RATE_LIMITS: 'off',
      SEED_DEMO: 'false',
      SESSION_SECRET: 'bench-only-session-secret-0123456789abcdef',
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      PUBLIC_URL: 'http://localhost',
    },
    ready: /Tienda lista en http:\/\/localhost:(\d+)/,
    timeoutMs: options.timeoutMs,
  });
}
