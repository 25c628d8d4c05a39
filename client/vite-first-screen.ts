import type { Plugin } from 'vite';

/**
 * Writes the first screen's manifest (client/src/app/first-screen-queries.ts: the documents the
 * server answers inside the HTML, the home page's variables, the photos to preload) into the
 * build as `fileName`, for the server (server/src/http/storefront-html.ts). `screens` names the
 * lazy screen a server-made page opens (a share page: the product screen; `/`: the home screen,
 * when its address opens it); the manifest lists each one's chunk and its imports, transitively,
 * less what the entry loads anyway, under `modulePreload`, so that page fetches them at once and
 * no other page does (index.html itself preloads only the entry's imports).
 */
export function firstScreenManifest(
  fileName: string,
  manifest: () => object,
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
      // What the entry loads anyway (index.html's own script and Vite's modulepreloads of its
      // imports): never listed again for a screen.
      const entryFiles = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) collect(chunk.fileName, entryFiles);
      const modulePreload = Object.fromEntries(
        Object.entries(screens).map(([screen, module]) => {
          const chunk = chunks.find((c) =>
            c.facadeModuleId?.replaceAll('\\', '/').endsWith(module),
          );
          if (!chunk) throw new Error(`firstScreenManifest: no chunk for ${module}`);
          const files = [...collect(chunk.fileName, new Set())].filter((f) => !entryFiles.has(f));
          return [screen, files.map((file) => `/${file}`)];
        }),
      );
      this.emitFile({
        type: 'asset',
        fileName,
        source: `${JSON.stringify({ ...manifest(), modulePreload }, null, 2)}\n`,
      });
    },
  };
}
