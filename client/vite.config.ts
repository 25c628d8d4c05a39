import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import {
  FIRST_SCREEN_MANIFEST,
  firstScreenManifest as manifest,
} from './src/app/first-screen-queries';
import { firstScreenManifest } from './vite-first-screen';
import { gqlDocuments } from './vite-gql-documents';
import { precompress } from './vite-precompress';
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

/**
 * What the page's entry (main.tsx) imports besides the app, and Vite's helper for its dynamic
 * import of the app: a few KiB that must not pull the app in (the 'common' group below would put
 * them with the app's shared code, which imports React).
 */
function isEntryModule(moduleId: string): boolean {
  return (
    moduleId.includes('vite/preload-helper') ||
    /[\\/]client[\\/]src[\\/](first-screen-handoff\.ts|shared[\\/]network[\\/]chunk-failure\.ts)$/.test(
      moduleId,
    )
  );
}

/** The back office (client/src/admin and the admin shell): shoppers never download it. */
function isAdminModule(moduleId: string): boolean {
  return (
    isShopModule(moduleId) &&
    /[\\/]client[\\/]src[\\/](admin[\\/]|app[\\/]layouts[\\/]admin-)/.test(moduleId)
  );
}

/**
 * `vite build --ssr`: the first screen's renderer for the server (src/first-screen-render.tsx),
 * one self-contained module (its dependencies bundled in: the server's image has no client
 * node_modules) in dist-ssr, out of the public dist.
 */
const firstScreenRenderer = defineConfig({
  plugins: [gqlDocuments(fileURLToPath(new URL('./src', import.meta.url))), react()],
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
    // React's production renderer, whatever NODE_ENV the server runs with: a build artifact.
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/first-screen-render.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: { output: { codeSplitting: false } },
  },
});

const app = defineConfig({
  plugins: [
    // Each screen imports only the GraphQL documents it uses (not codegen's map of all of them).
    gqlDocuments(fileURLToPath(new URL('./src', import.meta.url))),
    react(),
    // What the server answers inside the HTML of `/` and of the share pages, and the chunks to
    // preload: the app's (boot.tsx, which the entry imports) and those of the screens an address
    // may open, by the route's first segment (index.html's inline script picks the address's).
    firstScreenManifest(FIRST_SCREEN_MANIFEST, manifest, 'src/boot.tsx', {
      inicio: 'src/store/catalog/pages/home-page.tsx',
      producto: 'src/store/product/pages/product-page.tsx',
      promociones: 'src/store/catalog/pages/promotions-page.tsx',
      nuevo: 'src/store/catalog/pages/new-products-page.tsx',
      buscar: 'src/store/catalog/pages/search-page.tsx',
      carrito: 'src/store/cart/pages/cart-page.tsx',
      'mis-pedidos': 'src/store/orders/pages/my-orders-page.tsx',
      'iniciar-sesion': 'src/store/account/pages/sign-in-page.tsx',
      login: 'src/store/account/pages/sign-in-page.tsx',
      registro: 'src/store/account/pages/registration-page.tsx',
    }),
    // The service worker (production builds only; client/src/main.tsx registers it).
    VitePWA({
      strategies: 'generateSW',
      injectRegister: false,
      manifest: false,
      workbox: {
        // The shell (index.html) and every hashed asset, fetched once after a first visit: a
        // repeat visit's scripts and styles never touch the network. A new build's worker
        // takes over at once (skipWaiting, clientsClaim) and drops the old build's files.
        globPatterns: ['**/*.{js,css,html,svg}'],
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // Navigations (/, /p/42-tenis…: HTML that carries the first screen's data) always go
        // to the network, started while the worker boots (navigation preload); the cached shell
        // answers only when the network fails (offline). Hence no navigateFallback, and '/'
        // is not looked up in the precache as '/index.html'.
        navigateFallback: null,
        directoryIndex: null,
        navigationPreload: true,
        runtimeCaching: [
          {
            urlPattern: ({ request }) => request.mode === 'navigate',
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/index.html' } },
          },
        ],
        // Nothing else has a route: /graphql, /api, /uploads and /healthz go to the network as
        // if there were no worker (prices and stock are never stale).
      },
    }),
    precompress(),
  ],
  resolve: {
    // rxjs's ES2015 build (classes) instead of its ES5 one (tslib's class helpers): 1.6 KiB gzip
    // less in the first screen's scripts.
    conditions: [...defaultClientConditions, 'es2015'],
  },
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
      // The app (boot.tsx) is an entry of its own besides index.html's (main.tsx, which imports
      // it dynamically): the vendor groups below take only what an entry loads at once
      // ('$initial'), and the app's imports are the ones meant.
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        boot: fileURLToPath(new URL('./src/boot.tsx', import.meta.url)),
      },
      output: {
        // Route screens are loaded on demand (app/router.tsx); on top of that automatic
        // splitting, these groups decide where the rest goes. A group also takes in what its
        // modules import (@chakra-ui/react brings @floating-ui, @apollo/client brings @wry…);
        // the higher priority claims a module first.
        codeSplitting: {
          groups: [
            // The entry's few modules, shared with the app, in a chunk of their own.
            { name: 'entry', test: isEntryModule, priority: VENDOR_CHUNKS.length + 2 },
            // Only what the entry itself needs ('$initial'): a library's parts that only a
            // screen or a lazily loaded piece uses (the Toaster's and the Drawer's state
            // machines, a payment page's clipboard…) stay out of the first screen's scripts.
            ...VENDOR_CHUNKS.map(({ name, packages }, index) => ({
              name,
              test: (moduleId: string) => inPackages(moduleId, packages),
              tags: ['$initial' as const],
              priority: VENDOR_CHUNKS.length - index + 1,
            })),
            // The shop's code used by the shell and a screen: one chunk rather than a handful
            // of tiny ones. (What screens share otherwise is left to the automatic splitting: a
            // group with entriesAware merging those pieces left the product page unrendered
            // after a cold load of #/carrito, its chunk fetched but the route never settling.) Never the back office's code: the entry loads
            // this chunk, and admin modules are left to the automatic splitting of the admin
            // gate's dynamic imports. (A named 'admin' group would not do: a group also takes
            // in what its modules import, and the entry would then import from it.)
            {
              name: 'common',
              test: (moduleId: string) =>
                isShopModule(moduleId) && !isAdminModule(moduleId) && !isEntryModule(moduleId),
              minShareCount: 2,
              tags: ['$initial' as const],
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
    setupFiles: ['test/setup.ts'],
    // A screen's first render on a loaded 2-CPU CI machine can take seconds (jsdom, Chakra's
    // styles): a test waits for what it asserts, so a slow machine makes it slow, not red.
    testTimeout: 20_000,
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? firstScreenRenderer : app));
