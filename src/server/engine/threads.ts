/**
 * The engine's threads run bundled JavaScript instead of TypeScript through tsx. tsx registers its loader
 * in every thread that uses it (its own loader thread and copy of tsx): the engine worker and the hair
 * model's thread ran with 55 MB more resident memory that way (peak RSS 380 → 328 MB, bench/engine.bench.ts).
 *
 * The bundles are built with esbuild once per process (buildSync, ~100 ms, at engine start) from the
 * sources beside this file, and written to node_modules/.cache/tress-engine/ under names that carry a hash
 * of their contents, so processes never see each other's half-written or outdated files. Packages stay
 * external and resolve from the project's node_modules, which is why the cache lives inside the project.
 * Code inside the bundles must not locate files through `import.meta.url`: what it needs (the hair
 * model thread's entry, the warm-up portrait) is passed in.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';

export interface ThreadEntries {
  /** The engine pool's worker (worker.ts). */
  engineWorker: URL;
  /** The hair model's thread (segment/hair-model-worker.ts). */
  hairModel: URL;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CACHE = path.resolve(HERE, '../../../node_modules/.cache/tress-engine');

/** The warm-up portrait the engine worker runs once at load (a 288×384 copy of a fixture, MIT). */
export const WARMUP_PORTRAIT = path.join(HERE, 'assets', 'warmup-portrait.jpg');

let built: ThreadEntries | null = null;

export function threadEntries(): ThreadEntries {
  if (built) return built;
  const result = buildSync({
    entryPoints: { 'engine-worker': path.join(HERE, 'worker.ts'), 'hair-model': path.join(HERE, 'segment', 'hair-model-worker.ts') },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    keepNames: true,
    outdir: CACHE,
    outExtension: { '.js': '.mjs' },
    write: false,
    logLevel: 'silent',
  });
  mkdirSync(CACHE, { recursive: true });
  const urls: Record<string, URL> = {};
  for (const file of result.outputFiles) {
    const name = path.basename(file.path, '.mjs');
    const hash = createHash('sha256').update(file.contents).digest('hex').slice(0, 16);
    const target = path.join(CACHE, `${name}.${hash}.mjs`);
    if (!existsSync(target)) {
      const tmp = `${target}.${process.pid}.tmp`;
      writeFileSync(tmp, file.contents);
      renameSync(tmp, target);
    }
    urls[name] = pathToFileURL(target);
  }
  built = { engineWorker: urls['engine-worker'], hairModel: urls['hair-model'] };
  return built;
}
