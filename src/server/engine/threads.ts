/**
 * The engine's threads run bundled JavaScript instead of TypeScript through tsx. tsx registers its loader
 * in every thread that uses it (its own loader thread and copy of tsx): the engine worker and the hair
 * model's thread ran with 55 MB more resident memory that way (peak RSS 380 → 328 MB, bench/engine.bench.ts).
 *
 * The built server (`npm run build`, decision 096) ships the two bundles beside itself in dist/server/, so
 * `npm start` writes nothing and needs neither esbuild nor a writable disk. Running from the TypeScript
 * sources (tests, `npm run dev`, scripts) there are no such files next to this one, so the bundles are built
 * with esbuild once per process (~100 ms) into .tmp/engine-threads/ under names that carry a hash of their
 * contents, so processes never see each other's half-written or outdated files. Packages stay external and
 * resolve from the project's node_modules, which is why both places sit inside the project.
 * Code inside the bundles must not locate files through `import.meta.url`: what it needs (the hair
 * model thread's entry, the warm-up portrait) is passed in.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Esbuild from 'esbuild';
import { PROJECT_ROOT } from '../lib/project-root';

export interface ThreadEntries {
  /** The engine pool's worker (worker.ts). */
  engineWorker: URL;
  /** The hair model's thread (segment/hair-model-worker.ts). */
  hairModel: URL;
}

const SOURCES = path.join(PROJECT_ROOT, 'src/server/engine');
const DEV_CACHE = path.join(PROJECT_ROOT, '.tmp/engine-threads');
/** The bundles' names in dist/server/ (without the .mjs). */
const NAMES = { engineWorker: 'engine-worker', hairModel: 'hair-model' } as const;

/** The warm-up portrait the engine worker runs once at load (a 288×384 copy of a fixture, MIT). */
export const WARMUP_PORTRAIT = path.join(SOURCES, 'assets', 'warmup-portrait.jpg');

/** How the two thread bundles are built: by `npm run build` into dist/server, and on the fly from sources. */
export function threadBuildOptions(outdir: string): Esbuild.BuildOptions {
  return {
    entryPoints: { [NAMES.engineWorker]: path.join(SOURCES, 'worker.ts'), [NAMES.hairModel]: path.join(SOURCES, 'segment', 'hair-model-worker.ts') },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    keepNames: true,
    outdir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'silent',
  };
}

let built: ThreadEntries | null = null;

export function threadEntries(): ThreadEntries {
  built ??= prebuiltEntries() ?? buildFromSources();
  return built;
}

/** In the built server this module is part of a bundle in dist/server/, and the thread bundles sit beside it. */
function prebuiltEntries(): ThreadEntries | null {
  const file = (name: string) => path.join(import.meta.dirname, `${name}.mjs`);
  if (!existsSync(file(NAMES.engineWorker)) || !existsSync(file(NAMES.hairModel))) return null;
  return { engineWorker: pathToFileURL(file(NAMES.engineWorker)), hairModel: pathToFileURL(file(NAMES.hairModel)) };
}

function buildFromSources(): ThreadEntries {
  // esbuild is a development dependency: required only here, never by the built server.
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  const result = buildSync({ ...threadBuildOptions(DEV_CACHE), write: false });
  mkdirSync(DEV_CACHE, { recursive: true });
  const urls: Record<string, URL> = {};
  for (const file of result.outputFiles) {
    const name = path.basename(file.path, '.mjs');
    const hash = createHash('sha256').update(file.contents).digest('hex').slice(0, 16);
    const target = path.join(DEV_CACHE, `${name}.${hash}.mjs`);
    if (!existsSync(target)) {
      const tmp = `${target}.${process.pid}.tmp`;
      writeFileSync(tmp, file.contents);
      renameSync(tmp, target);
    }
    urls[name] = pathToFileURL(target);
  }
  return { engineWorker: urls[NAMES.engineWorker], hairModel: urls[NAMES.hairModel] };
}
