import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import { precompressPlugin } from './scripts/precompress';
import { prerenderPlugin } from './scripts/prerender-plugin';
import { routePreloadsPlugin } from './scripts/route-preloads';

const apiPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  root: path.join(import.meta.dirname, 'src/web'),
  publicDir: path.join(import.meta.dirname, 'public'),
  plugins: [react(), tailwindcss(), routePreloadsPlugin(), prerenderPlugin(), precompressPlugin()],
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
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 4 * 1024 } } },
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
