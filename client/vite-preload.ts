import type { Plugin } from 'vite';

/**
 * Adds `<link rel="modulepreload">` for the chunks of the first screen most visits open
 * (#/inicio, where `/` leads), so the browser fetches them with the entry instead of after it has
 * run and the router has asked for them. Vite already preloads the entry's static imports.
 */
export function preloadFirstScreen(modules: readonly string[]): Plugin {
  return {
    name: 'tienda-preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle ?? {};
        const files = Object.values(bundle)
          .filter(
            (chunk) =>
              chunk.type === 'chunk' &&
              chunk.facadeModuleId !== null &&
              modules.some((m) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(m)),
          )
          .map((chunk) => chunk.fileName);
        if (files.length !== modules.length) {
          throw new Error(`preloadFirstScreen: no chunk for some of ${modules.join(', ')}`);
        }
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
