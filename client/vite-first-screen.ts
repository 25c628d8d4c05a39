import type { Plugin } from 'vite';

/**
 * Writes the first screen's manifest (client/src/app/first-screen-queries.ts: the documents the
 * server answers inside the HTML, the home page's variables, the photos to preload) into the
 * build as `fileName`, for the server (server/src/http/storefront-html.ts). `screens` names the
 * lazy screen a server-made page opens (a share page: the product screen); the manifest lists
 * each one's chunk and its imports under `modulePreload`, so that page fetches them at once.
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
      const modulePreload = Object.fromEntries(
        Object.entries(screens).map(([screen, module]) => {
          const chunk = chunks.find((c) =>
            c.facadeModuleId?.replaceAll('\\', '/').endsWith(module),
          );
          if (!chunk) throw new Error(`firstScreenManifest: no chunk for ${module}`);
          return [screen, [chunk.fileName, ...chunk.imports].map((file) => `/${file}`)];
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
