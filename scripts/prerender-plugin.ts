import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Draws the public pages at build time (scripts/prerender.ts, decision 184) once the bundle is written. In a
 * process of its own: the pages are the web sources run by tsx, which the Vite config must not load.
 */
export function prerenderPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'tress-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const tsx = createRequire(import.meta.url).resolve('tsx/cli');
      const run = spawnSync(process.execPath, [tsx, path.join(import.meta.dirname, 'prerender.ts'), outDir], { stdio: 'inherit' });
      if (run.status !== 0) throw new Error(`prerendering the public pages failed (exit ${run.status})`);
    },
  };
}
