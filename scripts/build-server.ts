/**
 * `npm run build` (after `vite build`): compiles the server, its command-line tools and the engine's two
 * thread bundles into dist/server/ (decision 096). Packages stay external: they resolve from node_modules at
 * run time, so `npm ci --omit=dev` is enough to run the result with plain `node`.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { threadBuildOptions } from '../src/server/engine/threads';
import { serverBuildOptions } from './server-build-options';

const ROOT = path.join(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'dist/server');
const started = performance.now();

rmSync(OUT, { recursive: true, force: true });
await Promise.all([build(serverBuildOptions(OUT)), build({ ...threadBuildOptions(OUT), logLevel: 'warning' })]);
console.log(`Built the server into ${path.relative(ROOT, OUT)}/ in ${Math.round(performance.now() - started)} ms`);
