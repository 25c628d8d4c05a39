import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve((address as net.AddressInfo).port));
    });
  });
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the built server (`node server/dist/main.js`) with its own embedded database. */
function start(dataDir: string, port: number): Run {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
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

async function waitFor(run: Run, pattern: RegExp, ms = 45_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!pattern.test(run.output())) {
    if (run.child.exitCode !== null) throw new Error(`terminó antes de tiempo:\n${run.output()}`);
    if (Date.now() > deadline) throw new Error(`sin ${pattern} a tiempo:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('rule port in use: a second start on a taken port says so and exits non-zero, stopping its database', async () => {
  const [first, second] = await Promise.all([
    mkdtemp(path.join(os.tmpdir(), 'tienda-port-a-')),
    mkdtemp(path.join(os.tmpdir(), 'tienda-port-b-')),
  ]);
  const port = await freePort();
  const running = start(first, port);
  try {
    await waitFor(running, new RegExp(`Tienda lista en http://localhost:${port}`));
    const blocked = start(second, port);
    const code = await blocked.exited;
    expect(code).not.toBe(0);
    expect(blocked.output()).toContain(`El puerto ${port} ya está en uso`);
    expect(blocked.output()).not.toContain('Tienda lista');
    // Its embedded PostgreSQL was stopped and its claim on the data directory released.
    expect(existsSync(path.join(second, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(second, 'tienda.pid'))).toBe(false);
  } finally {
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    await Promise.all([first, second].map((d) => rm(d, { recursive: true, force: true })));
  }
});
