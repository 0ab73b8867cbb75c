import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { PG_ADMIN_URL } from './required-services';

/**
 * Migrated, empty databases that each test file's fresh database is copied from, instead of running every
 * migration again per file (decision 164). Both are named by a hash of the migrations, so a new migration
 * makes new templates and an old run's never stand in for it.
 */
const ROOT = path.join(import.meta.dirname, '../..');

/**
 * TEST_DB_TEMPLATES=off migrates every file's database from scratch, as before decision 164: the same suite on
 * the same machine with and without templates, to measure what they save (decision 182).
 */
export const TEMPLATES_ON = process.env.TEST_DB_TEMPLATES !== 'off';
const MIGRATIONS = path.join(ROOT, 'drizzle');

function migrationsHash(): string {
  // PGlite's version too: its data directory is only read back by the version that wrote it
  const h = createHash('sha256').update(readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, name.name);
      if (name.isDirectory()) walk(p);
      else h.update(name.name).update(readFileSync(p));
    }
  };
  walk(MIGRATIONS);
  return h.digest('hex').slice(0, 12);
}

const hash = migrationsHash();
/** PGlite's data directory, migrated, as the tarball `loadDataDir` takes. */
export const PGLITE_TEMPLATE_FILE = path.join(ROOT, `.tmp/pglite-template-${hash}.tar`);
/**
 * The same database as a DATA_DIR on disk (its db/ folder), for app processes and CLIs that open
 * $DATA_DIR/db themselves: each copies this folder instead of migrating a new one (decision 209).
 */
export const PGLITE_DATA_DIR_TEMPLATE = path.join(ROOT, `.tmp/pglite-datadir-${hash}`);
/** The server database `CREATE DATABASE … TEMPLATE` copies. */
export const POSTGRES_TEMPLATE = `tress_tpl_${hash}`;

/** Writes the PGlite template once (several runs may race: each writes its own file and renames it into place). */
export async function ensurePgliteTemplate(): Promise<void> {
  if (existsSync(PGLITE_TEMPLATE_FILE)) return;
  const database = await openDatabase({ dataDir: null });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  mkdirSync(path.dirname(PGLITE_TEMPLATE_FILE), { recursive: true });
  const tmp = `${PGLITE_TEMPLATE_FILE}.${process.pid}`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, PGLITE_TEMPLATE_FILE);
}

/** Writes the on-disk template from the tarball once (loading a tarball is seconds; migrating is more). */
export async function ensurePgliteDataDirTemplate(): Promise<void> {
  if (existsSync(PGLITE_DATA_DIR_TEMPLATE)) return;
  await ensurePgliteTemplate();
  const tmp = mkdtempSync(`${PGLITE_DATA_DIR_TEMPLATE}.building-`);
  const client = new PGlite({
    dataDir: path.join(tmp, 'db'),
    loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE_FILE)]),
    extensions: { btree_gist },
  });
  await client.waitReady;
  await client.close();
  try {
    renameSync(tmp, PGLITE_DATA_DIR_TEMPLATE);
  } catch {
    // another run renamed its copy into place first
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Copies the migrated database into `dataDir` (as its db/ folder), when the global setup made the template. */
export function copyPgliteDataDirTemplate(dataDir: string): boolean {
  if (!TEMPLATES_ON || !existsSync(PGLITE_DATA_DIR_TEMPLATE)) return false;
  cpSync(path.join(PGLITE_DATA_DIR_TEMPLATE, 'db'), path.join(dataDir, 'db'), { recursive: true });
  return true;
}

/** Creates and migrates the server template once; an advisory lock keeps two runs from building it together. */
export async function ensurePostgresTemplate(): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(727275)');
    const found = await admin.query('select 1 from pg_database where datname = $1', [POSTGRES_TEMPLATE]);
    if (found.rowCount) return;
    const building = `${POSTGRES_TEMPLATE}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${building}`);
    await admin.query(`CREATE DATABASE ${building}`);
    const database = await openDatabase({ databaseUrl: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${building}`), dataDir: null });
    await database.close();
    // renamed only once complete, so a template that exists is always fully migrated
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${POSTGRES_TEMPLATE}`);
  } finally {
    await admin.query('select pg_advisory_unlock(727275)').catch(() => undefined);
    await admin.end();
  }
}

/** The PGlite template's bytes, read once per test file. */
let pgliteTemplate: Blob | undefined;
export function pgliteTemplateBlob(): Blob | undefined {
  if (!TEMPLATES_ON || !existsSync(PGLITE_TEMPLATE_FILE)) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(PGLITE_TEMPLATE_FILE)]);
  return pgliteTemplate;
}
