import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import { precompressPlugin } from './scripts/precompress';
import { prerenderPlugin } from './scripts/prerender-plugin';
import { routePreloadsPlugin } from './scripts/route-preloads';
import { styleColourPartsPlugin } from './scripts/style-colour-parts';

const apiPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  root: path.join(import.meta.dirname, 'src/web'),
  publicDir: path.join(import.meta.dirname, 'public'),
  plugins: [react(), tailwindcss(), styleColourPartsPlugin(), routePreloadsPlugin(), prerenderPlugin(), precompressPlugin()],
  resolve: {
    alias: {
      '@shared': path.join(import.meta.dirname, 'src/shared'),
      '@web': path.join(import.meta.dirname, 'src/web'),
    },
  },
  build: {
    outDir: path.join(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    // The one chunk over Vite's 500 kB default is the map's (d3-geo and the land outlines, ~570 kB, ~190 kB
    // brotli), loaded only when someone opens a map: it is never initial JavaScript (decision 162).
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      preserveEntrySignatures: false,
      // A schema a page does not use is dropped: `z.object(…)` and the like build a value and change nothing else,
      // so a page that imports only a constant from a schemas module (LEDGER_LABELS, the insights radii) no longer
      // ships zod (~27 KB gzip, decision 199). By name: a `z.…(…)` call whose result is unused is removed, so
      // code here must not call `z.config(…)` or a `z.…` for its effect alone.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // Everything the entry loads is one file (React, the router, TanStack Query, the layout): split by which
          // pages also use each part it was eleven, 5 KB more gzip and more requests before the first paint.
          groups: [{ name: 'web', tags: ['$initial'] }],
          experimentalInlineCommonChunks: { maxSize: 4 * 1024 },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false },
      '/media': { target: `http://localhost:${apiPort}` },
      '/c/': { target: `http://localhost:${apiPort}` },
    },
  },
});
