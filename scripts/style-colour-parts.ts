import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const ID = 'virtual:style-colour-parts';

/**
 * The colour part of each cut style's prompt ("Copper brown, all-over colour"), read by the studio's own parser at
 * build time: the style library offers it on a cut's card where no generative engine runs, and parsing the thirty
 * fixed prompts in the browser would send every visitor of /styles the parser's word tables (~19 KB gzip,
 * decision 199). Read in a process of its own (scripts/style-colour-parts-read.ts, run by tsx), like the prerender:
 * the Vite config must not load the web's sources. `import colourParts from 'virtual:style-colour-parts'`, declared
 * in src/web/virtual-modules.d.ts.
 */
export function styleColourPartsPlugin(): Plugin {
  let source: string | undefined;
  return {
    name: 'tress-style-colour-parts',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      source ??= `export default ${readColourParts()};`;
      return source;
    },
  };
}

function readColourParts(): string {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const run = spawnSync(process.execPath, [tsx, path.join(import.meta.dirname, 'style-colour-parts-read.ts')], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`reading the styles' colour parts failed (exit ${run.status}): ${run.stderr}`);
  return run.stdout.trim();
}
