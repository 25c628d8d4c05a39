import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { gqlDocuments } from './vite-gql-documents';
import { precompress } from './vite-precompress';
import { preloadFirstScreen } from './vite-preload';
// The root package.json is the one source of the app version (spec §4: built-in version).
import rootPackage from '../package.json' with { type: 'json' };

const apiTarget = 'http://localhost:4000';
const proxied = ['/graphql', '/api', '/uploads', '/healthz'];

/**
 * Vendor chunks: libraries change far less often than the shop's code, so each family gets its
 * own long-cached file. An entry ending in '/' stands for a whole npm scope.
 */
const VENDOR_CHUNKS = [
  {
    name: 'react',
    packages: ['react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom'],
  },
  { name: 'apollo', packages: ['@apollo/client', 'graphql', 'rxjs'] },
  { name: 'chakra', packages: ['@chakra-ui/', '@emotion/', '@ark-ui/', '@zag-js/'] },
];

/** 'react-dom', '@chakra-ui/react'…: the package a module belongs to, if it is a dependency. */
function packageOf(moduleId: string): string | undefined {
  const match = /.*[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(moduleId);
  return match?.[1]?.replace('\\', '/');
}

function inPackages(moduleId: string, packages: readonly string[]): boolean {
  const pkg = packageOf(moduleId);
  return (
    pkg !== undefined &&
    packages.some((entry) => (entry.endsWith('/') ? pkg.startsWith(entry) : pkg === entry))
  );
}

/** The shop's own source files (client/src), not dependencies or bundler helpers. */
function isShopModule(moduleId: string): boolean {
  return /[\\/]client[\\/]src[\\/]/.test(moduleId) && packageOf(moduleId) === undefined;
}

/** The back office (client/src/admin and the admin shell): shoppers never download it. */
function isAdminModule(moduleId: string): boolean {
  return (
    isShopModule(moduleId) &&
    /[\\/]client[\\/]src[\\/](admin[\\/]|app[\\/]layouts[\\/]admin-)/.test(moduleId)
  );
}

export default defineConfig({
  plugins: [
    // Each screen imports only the GraphQL documents it uses (not codegen's map of all of them).
    gqlDocuments(fileURLToPath(new URL('./src', import.meta.url))),
    react(),
    // The home page's screen (#/inicio): its route chunk is lazy, but most visits start there.
    preloadFirstScreen(['src/store/catalog/pages/home-page.tsx']),
    precompress(),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Route screens are loaded on demand (app/router.tsx); on top of that automatic
        // splitting, these groups decide where the rest goes. A group also takes in what its
        // modules import (@chakra-ui/react brings @floating-ui, @apollo/client brings @wry…);
        // the higher priority claims a module first.
        codeSplitting: {
          groups: [
            ...VENDOR_CHUNKS.map(({ name, packages }, index) => ({
              name,
              test: (moduleId: string) => inPackages(moduleId, packages),
              priority: VENDOR_CHUNKS.length - index + 1,
            })),
            // The shop's code used by the shell and a screen, or by several screens: one chunk
            // rather than a handful of tiny ones. Never the back office's code: the entry loads
            // this chunk, and admin modules are left to the automatic splitting of the admin
            // gate's dynamic imports. (A named 'admin' group would not do: a group also takes
            // in what its modules import, and the entry would then import from it.)
            {
              name: 'common',
              test: (moduleId: string) => isShopModule(moduleId) && !isAdminModule(moduleId),
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
