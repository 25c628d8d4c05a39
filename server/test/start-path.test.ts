import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/**
 * Issue 8 item 8: the demo photo renderer (sharp and its fonts) runs only when seeding with
 * photos, never on the shop's start path. Loads what `main.js` loads (the app and the seeder
 * module) in a fresh built-server process and lists the sharp modules Node has loaded.
 */
test('starting the shop loads no part of sharp; drawing a photo does', async () => {
  const script = `
    import 'reflect-metadata';
    import { createRequire } from 'node:module';
    const require = createRequire(${JSON.stringify(DIST)});
    const sharp = () => Object.keys(require.cache).filter((k) => k.includes('/node_modules/sharp/')).length;
    await import(${JSON.stringify(`${DIST}app.js`)});
    await import(${JSON.stringify(`${DIST}db/seeders/seed.js`)});
    const onStart = sharp();
    await import(${JSON.stringify(`${DIST}db/seeders/product-images.js`)});
    console.log(JSON.stringify({ onStart, whenDrawing: sharp() }));`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', script],
    { cwd: DIST },
  );
  const { onStart, whenDrawing } = JSON.parse(stdout.trim().split('\n').pop()!) as {
    onStart: number;
    whenDrawing: number;
  };
  expect(onStart).toBe(0);
  expect(whenDrawing).toBeGreaterThan(0);
});
