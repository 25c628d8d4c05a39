import type { Plugin } from 'vite';

/**
 * Writes the first screen's manifest (client/src/app/first-screen-queries.ts: the documents the
 * server answers inside the HTML, the home page's variables, the photos to preload) into the
 * build as `fileName`, for the server (server/src/http/storefront-html.ts), with the chunks to
 * preload under `modulePreload`: `app`, the app's (`appModule`, which the entry imports
 * dynamically, and its static imports, transitively), and one list per screen an address may
 * open (`screens`: a route's first segment → its lazy screen's module: its chunk and static
 * imports less the entry's and the app's). index.html's inline script preloads the app's and the
 * address's screen's when the app starts at once (a hash route the server cannot see), none over
 * a drawn screen; the entry itself is index.html's only script.
 */
export function firstScreenManifest(
  fileName: string,
  manifest: () => object,
  appModule: string,
  screens: Record<string, string>,
): Plugin {
  return {
    name: 'tienda-first-screen-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
      // A chunk and its static imports, transitively.
      const collect = (fileName: string, into: Set<string>) => {
        const chunk = bundle[fileName];
        if (into.has(fileName) || chunk?.type !== 'chunk') return into;
        into.add(fileName);
        for (const imported of chunk.imports) collect(imported, into);
        return into;
      };
      const chunkOf = (module: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
        if (!chunk) throw new Error(`firstScreenManifest: no chunk for ${module}`);
        return chunk.fileName;
      };
      // What the entry loads anyway (index.html's own script and its static imports; the app is
      // an entry of the build too, see vite.config.ts, but not of the page).
      const app = chunkOf(appModule);
      const entryFiles = new Set<string>();
      for (const chunk of chunks)
        if (chunk.isEntry && chunk.fileName !== app) collect(chunk.fileName, entryFiles);
      const appFiles = [...collect(app, new Set())].filter((file) => !entryFiles.has(file));
      const loaded = new Set([...entryFiles, ...appFiles]);
      const urls = (files: string[]) => files.map((file) => `/${file}`);
      const modulePreload = {
        app: urls(appFiles),
        ...Object.fromEntries(
          Object.entries(screens).map(([screen, module]) => [
            screen,
            urls([...collect(chunkOf(module), new Set())].filter((file) => !loaded.has(file))),
          ]),
        ),
      };
      this.emitFile({
        type: 'asset',
        fileName,
        source: `${JSON.stringify({ ...manifest(), modulePreload }, null, 2)}\n`,
      });
    },
  };
}
