/**
 * How the server is compiled (decision 096), for `npm run build` (scripts/build-server.ts) and for the tests that
 * run it as real processes (tests/support/server-bundle.ts, decision 209): one esbuild bundle per entry, shared
 * chunks beside them, packages external, so they resolve from node_modules at run time.
 */
import path from 'node:path';
import type { BuildOptions } from 'esbuild';

const ROOT = path.join(import.meta.dirname, '..');

export const SERVER_ENTRIES = {
  start: 'src/server/start.ts',
  worker: 'src/server/cli/worker.ts',
  admin: 'src/server/cli/admin.ts',
  'db-backup': 'src/server/cli/db-backup.ts',
  'db-restore': 'src/server/cli/db-restore.ts',
};
export type ServerEntry = keyof typeof SERVER_ENTRIES;

export function serverBuildOptions(outdir: string, entryPoints: Partial<typeof SERVER_ENTRIES> = SERVER_ENTRIES): BuildOptions {
  return {
    entryPoints,
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Shared code lands in chunks beside the entries (not in a subfolder): threads.ts finds the thread bundles next to itself.
    splitting: true,
    keepNames: true,
    sourcemap: 'linked',
    outdir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  };
}
