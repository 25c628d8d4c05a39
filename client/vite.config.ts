import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// The root package.json is the one source of the app version (spec §4: built-in version).
import rootPackage from '../package.json' with { type: 'json' };

const apiTarget = 'http://localhost:4000';
const proxied = ['/graphql', '/api', '/uploads', '/healthz'];

export default defineConfig({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
