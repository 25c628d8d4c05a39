import type { Plugin } from 'vite';

/**
 * Adds `<link rel="modulepreload">` for the chunks of the first screen most visits open
 * (#/inicio, where `/` leads) and for the chunks they import, so the browser fetches them with
 * the entry instead of after it has run and the router has asked for them (and then after the
 * screen's chunk has been read). Vite already preloads the entry's static imports.
 */
export function preloadFirstScreen(modules: readonly string[]): Plugin {
  return {
    name: 'tienda-preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle ?? {};
        const screens = Object.values(bundle).filter(
          (chunk) =>
            chunk.type === 'chunk' &&
            chunk.facadeModuleId !== null &&
            modules.some((m) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(m)),
        );
        if (screens.length !== modules.length) {
          throw new Error(`preloadFirstScreen: no chunk for some of ${modules.join(', ')}`);
        }
        // The screens' chunks and their static imports, less what the entry loads anyway.
        const entryFiles = new Set<string>();
        const files = new Set<string>();
        const collect = (fileName: string, into: Set<string>) => {
          const chunk = bundle[fileName];
          if (into.has(fileName) || chunk?.type !== 'chunk') return;
          into.add(fileName);
          for (const imported of chunk.imports) collect(imported, into);
        };
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry) collect(chunk.fileName, entryFiles);
        }
        for (const screen of screens) collect(screen.fileName, files);
        return [...files]
          .filter((file) => !entryFiles.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
