import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompiledLocales } from './scripts/vite-locales.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), precompiledLocales()],
  resolve: {
    // React 19 has useSyncExternalStore: libraries written for React < 18 get it without the shim
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./src/app/useSyncExternalStoreShim.ts', import.meta.url)) },
    ],
  },
  server: { proxy: { '/api': apiTarget, '/uploads': apiTarget } },
  // The server rendering (`vite build --ssr src/ssr/render.tsx` into <dist>-ssr) carries its
  // packages: the server loads it at run time from wherever the build was put, where no
  // node_modules may be found (`npm run build -- --outDir /srv/souk/dist`).
  ...(isSsrBuild ? { ssr: { noExternal: true, target: 'node' as const } } : {}),

  build: {
    outDir: 'dist',
    // public/ (the favicons) belongs to the SPA, not to the server rendering beside it
    copyPublicDir: !isSsrBuild,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    // every browser we support (baseline widely available) has modulepreload natively
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Short chunk names: every chunk imports others by file name, and the entry lists them all.
        chunkFileNames: 'assets/[hash].js',
        // The runtime every page needs (React, react-intl, XState, routing, fetch) in one chunk
        // beside the entry: gzip compresses one file better than seven small ones. The one helper
        // both the storefront and the back office name data with (machines/localName) goes in too:
        // alone it was a chunk of its own on the first load of `/`.
        codeSplitting: {
          groups: [
            {
              name: 'runtime',
              test: /node_modules[\\/](react|react-dom|scheduler|react-intl|@formatjs|intl-messageformat|tslib|xstate|@xstate|use-sync-external-store|wouter|regexparam|ofetch|ufo|destr)[\\/]|machines[\\/]localName\./,
              priority: 10,
            },
            // Every storefront page's shared code in one file, which compresses better than the five
            // small ones it replaces (layout, goods cards and carousel, load states, shop API, the
            // home page): the first load of `/` stays under its budget (docs/benchmarks.md). The other
            // shop pages carry the home page's code too (its class menu opens without a fetch there);
            // the session hook stays out, so the back office, which uses it, loads none of this.
            // Listed files only: what they import goes where it is used.
            {
              name: 'shop',
              test: /src[\\/](shop[\\/]shared[\\/](States|useResource|Carousel|GoodsCard|Price|money|params|Img)\.|shop[\\/]search[\\/]searchHref|shop[\\/]home[\\/]|api[\\/]shop\.|shop[\\/]layout[\\/]|api[\\/]common\.)/,
              priority: 4,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      { extends: true, test: { name: 'machines', environment: 'node', include: ['tests/machines/**/*.test.ts'] } },
      { extends: true, test: { name: 'views', environment: 'happy-dom', include: ['tests/views/**/*.test.{ts,tsx}'] } },
      { extends: true, test: { name: 'server', environment: 'node', include: ['tests/server/**/*.test.ts'], globalSetup: ['tests/server/dbSnapshotsSetup.ts'], testTimeout: 30000, hookTimeout: 60000 } },
      // a browser waits for a real server: a list may take more than Vitest's default 1 s to show on a busy CI machine
      { extends: true, test: { name: 'e2e', environment: 'node', include: ['tests/e2e/**/*.test.ts'], globalSetup: ['tests/e2e/dataDirTemplate.ts'], testTimeout: 60000, hookTimeout: 180000, fileParallelism: false, expect: { poll: { timeout: 10_000 } } } },
    ],
  },
}));
