import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, startShop as start, waitFor } from './support/shop-process.js';

test('rule port in use: a second start on a taken port says so and exits non-zero, stopping its database', async () => {
  const [first, second] = await Promise.all([
    mkdtemp(path.join(os.tmpdir(), 'tienda-port-a-')),
    mkdtemp(path.join(os.tmpdir(), 'tienda-port-b-')),
  ]);
  const port = await freePort();
  const running = start(first, port);
  try {
    await waitFor(running, new RegExp(`Tienda lista en http://localhost:${port}`), 45_000);
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

test("rule keep-alive: an idle connection is kept past Node's default 5 s, so a proxy (nginx keeps its upstream connections 60 s) never sends on one the shop is closing", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tienda-keepalive-'));
  const port = await freePort();
  const running = start(dir, port);
  try {
    await waitFor(running, new RegExp(`Tienda lista en http://localhost:${port}`), 45_000);
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let closed = false;
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => (closed = true));
    await new Promise((resolve) => socket.once('connect', resolve));
    const ask = () =>
      socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    const answers = () => received.match(/HTTP\/1\.1 200/g)?.length ?? 0;
    const until = async (ok: () => boolean) => {
      while (!ok() && !closed) await new Promise((r) => setTimeout(r, 50));
    };
    ask();
    await until(() => answers() === 1);
    expect(received).toMatch(/keep-alive/i);
    await new Promise((r) => setTimeout(r, 6_500));
    expect(closed).toBe(false);
    ask();
    await until(() => answers() === 2);
    expect(answers()).toBe(2);
    socket.destroy();
  } finally {
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    await rm(dir, { recursive: true, force: true });
  }
});
