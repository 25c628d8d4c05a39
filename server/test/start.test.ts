import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
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
