import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '../../src/config.js';
import { FIRST_SCREEN_RENDERER } from '../../src/http/first-screen-markup.js';
import { FIRST_SCREEN_MANIFEST, type FirstScreenManifest } from '../../src/http/storefront-html.js';

/**
 * A client build for the server's storefront pages, in temporary folders: the client's real
 * index.html (its head script and light shell, as the build copies it), the given first-screen
 * manifest, and, with `renderer` (a module's text with the client renderer's export), a
 * stand-in for the server-side renderer's build (client/dist-ssr).
 */
export async function builtClient(manifest: FirstScreenManifest, renderer?: string) {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'tienda-client-'));
  const ssr = await mkdtemp(path.join(os.tmpdir(), 'tienda-client-ssr-'));
  await writeFile(
    path.join(dist, 'index.html'),
    await readFile(path.join(ROOT_DIR, 'client', 'index.html'), 'utf8'),
  );
  await writeFile(path.join(dist, FIRST_SCREEN_MANIFEST), JSON.stringify(manifest));
  if (renderer !== undefined) await writeFile(path.join(ssr, FIRST_SCREEN_RENDERER), renderer);
  return {
    /** testConfig's options for this build. */
    config: { clientDistDir: dist, clientSsrDir: ssr },
    remove: async () => {
      await rm(dist, { recursive: true, force: true });
      await rm(ssr, { recursive: true, force: true });
    },
  };
}
