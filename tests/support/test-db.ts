import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client';
import { pgliteTemplateBlob, POSTGRES_TEMPLATE, TEMPLATES_ON } from './db-templates';
import { PG_ADMIN_URL, postgresAnswers, unavailable } from './required-services';

export { PG_ADMIN_URL };

let serverUp: Promise<boolean> | undefined;
/** Whether the PostgreSQL server the suite also runs on answers (in CI it must: required-services.ts). */
export function postgresAvailable(): Promise<boolean> {
  serverUp ??= postgresAnswers().then((up) => up || unavailable(`PostgreSQL at ${PG_ADMIN_URL} does not answer`, 'the server-backed tests'));
  return serverUp;
}

export type DbKind = 'pglite' | 'postgres';
export const DB_KINDS: DbKind[] = ['pglite', 'postgres'];

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a new database on the server (dropped
 * on close), so files never share state and order never matters. Both are copies of the migrated templates
 * the global setup made (db-templates.ts); without one (a single file run by hand) the migrations run here.
 */
export async function freshDatabase(kind: DbKind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') return openDatabase({ dataDir: null, snapshot: pgliteTemplateBlob() });
  const name = `tress_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  const template = TEMPLATES_ON && (await admin.query('select 1 from pg_database where datname = $1', [POSTGRES_TEMPLATE])).rowCount;
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${POSTGRES_TEMPLATE}` : ''}`);
  await admin.end();
  const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const database = await openDatabase({ databaseUrl: url, dataDir: null });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
