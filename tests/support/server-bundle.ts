import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { threadBuildOptions } from '../../src/server/engine/threads';
import { SERVER_ENTRIES, serverBuildOptions } from '../../scripts/server-build-options';

/**
 * The server as `npm run build` compiles it (decision 096): one esbuild bundle per entry, shared chunks and the
 * engine's two thread bundles beside them, packages external. Tests that start the app, the worker or the
 * backup tools as real processes run these with plain `node` instead of `node --import tsx` on the sources:
 * tsx resolved and loaded the server's hundreds of modules through its loader on every start (decision 209).
 *
 * Built from the current sources once per test process (esbuild, well under a second) into
 * .tmp/server-bundle/<hash of the output>/, so a changed source makes a new folder and processes never see
 * each other's half-written files; folders not used for a day are removed.
 */
const ROOT = path.join(import.meta.dirname, '../..');
const CACHE = path.join(ROOT, '.tmp/server-bundle');
/** The entries a test starts as a process (the admin tool is run from its source). */
const ENTRIES = {
  start: SERVER_ENTRIES.start,
  worker: SERVER_ENTRIES.worker,
  'db-backup': SERVER_ENTRIES['db-backup'],
  'db-restore': SERVER_ENTRIES['db-restore'],
};
export type ServerEntry = keyof typeof ENTRIES;

async function buildBundle(): Promise<string> {
  // built for a folder at the final depth, so the source maps' relative paths hold after the rename
  const staging = path.join(CACHE, 'staging');
  const [server, threads] = await Promise.all([
    build({ ...serverBuildOptions(staging, ENTRIES), write: false }),
    build({ ...threadBuildOptions(staging), write: false }),
  ]);
  const files = [...server.outputFiles, ...threads.outputFiles].sort((a, b) => a.path.localeCompare(b.path));
  const hash = createHash('sha256');
  for (const f of files) hash.update(path.relative(staging, f.path)).update(f.contents);
  const dir = path.join(CACHE, hash.digest('hex').slice(0, 16));
  if (existsSync(dir)) {
    // in use again: not pruned as a day old
    const now = new Date();
    utimesSync(dir, now, now);
    return dir;
  }
  const tmp = `${dir}.${process.pid}.tmp`;
  for (const f of files) {
    const target = path.join(tmp, path.relative(staging, f.path));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, f.contents);
  }
  try {
    renameSync(tmp, dir);
  } catch (err) {
    // another process wrote the same build first
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(dir)) throw err;
  }
  prune(dir);
  return dir;
}

function prune(keep: string) {
  const dayAgo = Date.now() - 24 * 3600 * 1000;
  for (const name of readdirSync(CACHE)) {
    const p = path.join(CACHE, name);
    try {
      if (p !== keep && statSync(p).mtimeMs < dayAgo) rmSync(p, { recursive: true, force: true });
    } catch {
      // removed by another process meanwhile
    }
  }
}

let bundle: Promise<string> | undefined;

/**
 * The node arguments that run one of the server's entries (from the project folder): its build with plain
 * `node`, one process, so signals (even SIGKILL) reach the program itself. The bundle is built on the first
 * call in this process. TEST_APP_BUILD=off runs the TypeScript sources through tsx instead, as before decision
 * 209, to time the difference.
 */
export async function serverArgs(entry: ServerEntry): Promise<string[]> {
  if (process.env.TEST_APP_BUILD === 'off') return ['--import', 'tsx', ENTRIES[entry]];
  bundle ??= buildBundle();
  return ['--enable-source-maps', path.join(await bundle, `${entry}.mjs`)];
}
