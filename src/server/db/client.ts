import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PROJECT_ROOT } from '../lib/project-root';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; inside a transaction use it, never `db` (PGlite has one connection). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Raw LISTEN/NOTIFY access, the one thing Drizzle does not wrap. */
export interface Notifier {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  notifier: Notifier;
  close(): Promise<void>;
}

const MIGRATIONS = path.join(PROJECT_ROOT, 'drizzle');

/** Opens the embedded database (persisted under dataDir/db, or in memory when dataDir is null) or a server. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string | null }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
  }
  // btree_gist: the busy-block exclusion constraint (decision 147)
  const client = new PGlite({ dataDir: dir, extensions: { btree_gist } });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
  return {
    db,
    kind: 'pglite',
    notifier: { listen: async (channel, cb) => client.listen(channel, cb) },
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', reportIdleError);
  const db = drizzlePg(pool, { schema });
  await migrateWithLock(pool, db);
  const listeners: pg.Client[] = [];
  return {
    db,
    kind: 'postgres',
    notifier: {
      async listen(channel, cb) {
        const client = new pg.Client({ connectionString: url });
        client.on('error', reportIdleError);
        await client.connect();
        client.on('notification', (n) => n.channel === channel && cb(n.payload ?? ''));
        await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
        listeners.push(client);
        return async () => {
          listeners.splice(listeners.indexOf(client), 1);
          await client.end();
        };
      },
    },
    async close() {
      await Promise.all(listeners.splice(0).map((c) => c.end()));
      await pool.end();
    },
  };
}

/**
 * An idle connection can be ended by the server (a restart, a dropped test database: 57P01
 * admin_shutdown). pg emits that on the pool or client; unhandled, it would crash the process. The
 * pool replaces the connection on the next query, so it is reported, not fatal.
 */
function reportIdleError(err: Error & { code?: string }) {
  if (err.code !== '57P01') console.error('PostgreSQL connection error:', err.message);
}

/** Several instances may boot at once against one server: an advisory lock runs migrations one at a time. */
async function migrateWithLock(pool: pg.Pool, db: Db) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migratePg(db, { migrationsFolder: MIGRATIONS });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    client.release();
  }
}
