import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { runningAppPid } from './pid-file';

const run = promisify(execFile);
const FORMAT = 'tress-backup/1';

export interface BackupManifest {
  format: typeof FORMAT;
  kind: 'pglite';
  createdAt: string;
  files: string[];
  counts: Record<string, number>;
}

/** What lives under $DATA_DIR besides the database and must come back with it. */
const DATA_FILES = ['storage', 'auth-secret'];
const COUNTED = ['user', 'ledger_entry', 'generation', 'creation', 'partner', 'review', 'checkout'];

class BackupError extends Error {}

/** A manifest's row counts as the backup and restore commands print them: "user 3, review 12, …". */
export const countsLine = (m: BackupManifest) =>
  Object.entries(m.counts)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');

/**
 * Runs a backup command's main with its arguments and exits with its code. A BackupError is for the operator
 * and prints its message alone; anything else prints in full.
 */
export function runBackupCommand(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof BackupError ? err.message : err);
      process.exit(1);
    },
  );
}

function refuseIfRunning(dataDir: string) {
  const pid = runningAppPid(dataDir);
  if (pid) throw new BackupError(`The app (pid ${pid}) is using ${dataDir}. Stop it first: the embedded database belongs to one process at a time.`);
}

async function tableCounts(db: PGlite): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED) {
    const exists = await db.query<{ present: boolean }>(`select to_regclass('public."${table}"') is not null as present`);
    if (!exists.rows[0]?.present) continue;
    const res = await db.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
    counts[table] = res.rows[0].n;
  }
  return counts;
}

/**
 * A consistent copy of an embedded installation: PGlite's own data-dir dump (taken with the database
 * open and idle, so it is a clean snapshot) plus the stored files and the auth secret, in one .tar.gz.
 */
export async function backupEmbedded(dataDir: string, outFile: string): Promise<BackupManifest> {
  const dbDir = path.join(dataDir, 'db');
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) throw new BackupError(`No embedded database in ${dbDir}.`);
  refuseIfRunning(dataDir);
  const stage = mkdtempSync(path.join(os.tmpdir(), 'tress-backup-'));
  try {
    const db = new PGlite(dbDir, { extensions: { btree_gist } });
    await db.waitReady;
    let manifest: BackupManifest;
    try {
      const dump = await db.dumpDataDir('gzip');
      writeFileSync(path.join(stage, 'pgdata.tar.gz'), Buffer.from(await dump.arrayBuffer()));
      manifest = { format: FORMAT, kind: 'pglite', createdAt: new Date().toISOString(), files: [], counts: await tableCounts(db) };
    } finally {
      await db.close();
    }
    mkdirSync(path.join(stage, 'files'));
    for (const name of DATA_FILES) {
      const src = path.join(dataDir, name);
      if (!existsSync(src)) continue;
      cpSync(src, path.join(stage, 'files', name), { recursive: true });
      manifest.files.push(name);
    }
    writeFileSync(path.join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2));
    mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
    await run('tar', ['-czf', path.resolve(outFile), '-C', stage, '.']);
    return manifest;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/**
 * Restores a backup into $DATA_DIR. An existing database (and stored files) are kept aside as
 * `*.replaced-<time>` when `force` is set; without it, restoring over data is refused.
 */
export async function restoreEmbedded(dataDir: string, file: string, opts: { force?: boolean } = {}): Promise<BackupManifest> {
  refuseIfRunning(dataDir);
  const stage = mkdtempSync(path.join(os.tmpdir(), 'tress-restore-'));
  try {
    await run('tar', ['-xzf', path.resolve(file), '-C', stage]);
    const manifest = JSON.parse(readFileSync(path.join(stage, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== FORMAT || manifest.kind !== 'pglite') throw new BackupError(`${file} is not an embedded Tress backup.`);
    const dbDir = path.join(dataDir, 'db');
    const occupied = existsSync(dbDir) && readdirSync(dbDir).length > 0;
    if (occupied && !opts.force) throw new BackupError(`${dbDir} already holds a database. Pass --force to keep it aside and restore over it.`);
    mkdirSync(dataDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const keepAside = (p: string) => existsSync(p) && renameSync(p, `${p}.replaced-${stamp}`);
    keepAside(dbDir);
    const db = new PGlite(dbDir, { extensions: { btree_gist }, loadDataDir: new Blob([readFileSync(path.join(stage, 'pgdata.tar.gz'))]) });
    await db.waitReady;
    try {
      const counts = await tableCounts(db);
      if (JSON.stringify(counts) !== JSON.stringify(manifest.counts))
        throw new BackupError(`Restored row counts ${JSON.stringify(counts)} differ from the backup's ${JSON.stringify(manifest.counts)}.`);
    } finally {
      await db.close();
    }
    for (const name of manifest.files) {
      const target = path.join(dataDir, name);
      keepAside(target);
      cpSync(path.join(stage, 'files', name), target, { recursive: true });
    }
    return manifest;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** The server route: pg_dump's custom format (compressed, restorable table by table). */
export async function backupPostgres(databaseUrl: string, outFile: string) {
  mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.resolve(outFile)}`, `--dbname=${databaseUrl}`]);
}

/** Restores a pg_dump into the (normally empty) database at `databaseUrl`; --clean drops what the dump recreates. */
export async function restorePostgres(databaseUrl: string, file: string) {
  await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${databaseUrl}`, path.resolve(file)]);
}
