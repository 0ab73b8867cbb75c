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
  /** False while a LISTEN connection is lost and being re-established (for /readyz). */
  listening(): boolean;
}

/** Where connection trouble is reported: the app's logger, or the console for tests and CLIs. */
export interface DbLog {
  warn(fields: object, msg: string): void;
  info(fields: object, msg: string): void;
}
const consoleLog: DbLog = {
  warn: (fields, msg) => console.warn(msg, fields),
  info: (fields, msg) => console.info(msg, fields),
};

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  notifier: Notifier;
  close(): Promise<void>;
}

const MIGRATIONS = path.join(PROJECT_ROOT, 'drizzle');

/**
 * Opens the embedded database (persisted under dataDir/db, or in memory when dataDir is null) or a server.
 * `snapshot` is a PGlite data directory to start from (the tests' migrated template, decision 164).
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string | null; log?: DbLog; snapshot?: Blob }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.log ?? consoleLog);
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
  }
  // btree_gist: the busy-block exclusion constraint (decision 147)
  const client = new PGlite({ dataDir: dir, loadDataDir: opts.snapshot, extensions: { btree_gist } });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
  return {
    db,
    kind: 'pglite',
    // in-process: there is no connection to lose
    notifier: { listen: async (channel, cb) => client.listen(channel, cb), listening: () => true },
    close: () => client.close(),
  };
}

/** How long opening a connection may take while the server is unreachable, instead of waiting forever. */
const CONNECT_TIMEOUT_MS = 5000;
/**
 * How long a query waits for one of the pool's connections while all of them are busy. pg-pool applies its
 * `connectionTimeoutMillis` to this wait too, and at 5 s twenty clients booking one time on a loaded machine were
 * told the database was unreachable while it answered every query (decision 190): a busy pool is slow, not down.
 */
const POOL_WAIT_MS = 20_000;

/** A pooled connection that gives up opening after CONNECT_TIMEOUT_MS, whatever the pool's own wait allows. */
class TimedClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

async function openPostgres(url: string, log: DbLog): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: POOL_WAIT_MS, Client: TimedClient });
  const report = connectionErrorReporter(log);
  // An idle client's error reaches the pool; a checked-out one's (a restart between two statements of a
  // transaction) reaches only the client, and unhandled it would end the process (issue 34). The query
  // in flight fails on its own; the broken client is not queryable and the pool drops it on release.
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const db = drizzlePg(pool, { schema });
  await migrateWithLock(pool, db);
  const listeners = new Set<ListenConnection>();
  return {
    db,
    kind: 'postgres',
    notifier: {
      async listen(channel, cb) {
        const conn = new ListenConnection(url, channel, cb, log);
        await conn.open();
        listeners.add(conn);
        return async () => {
          listeners.delete(conn);
          await conn.close();
        };
      },
      listening: () => [...listeners].every((l) => l.connected),
    },
    async close() {
      await Promise.all([...listeners].map((l) => l.close()));
      listeners.clear();
      await pool.end();
    },
  };
}

/**
 * A server restart ends every connection at once (57P01 admin_shutdown, then ECONNREFUSED while it is
 * down): one line per outage is enough for the operator, not one per pooled client.
 */
function connectionErrorReporter(log: DbLog) {
  let last = 0;
  return (err: Error & { code?: string }) => {
    if (Date.now() - last < 10_000) return;
    last = Date.now();
    log.warn({ code: err.code, message: err.message }, 'PostgreSQL connection lost; queries fail until it answers again');
  };
}

const RETRY_MS = [100, 250, 500, 1000, 2000];

/**
 * One LISTEN connection that comes back by itself: when the server ends it (a restart, a failover, a
 * killed backend) it reconnects with a short backoff and LISTENs again, so event streams opened before
 * the outage get the events published after it. Notifications sent while it was down are not replayed
 * (NOTIFY keeps none); a stream's client reads current state again when it reconnects anyway.
 */
class ListenConnection {
  connected = false;
  private client?: pg.Client;
  private closed = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
    private readonly log: DbLog,
  ) {}

  async open() {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    const lost = (err?: Error) => this.lost(client, err);
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      client.on('notification', (n) => n.channel === this.channel && this.onPayload(n.payload ?? ''));
      await client.query(`LISTEN "${this.channel.replace(/"/g, '')}"`);
    } catch (err) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) return void (await client.end().catch(() => undefined));
    this.client = client;
    this.connected = true;
  }

  private lost(client: pg.Client, err?: Error) {
    if (client !== this.client || this.closed) return;
    this.client = undefined;
    this.connected = false;
    void client.end().catch(() => undefined);
    this.log.warn({ channel: this.channel, message: err?.message ?? 'connection ended' }, 'LISTEN connection lost; reconnecting');
    this.retry(0);
  }

  private retry(attempt: number) {
    this.timer = setTimeout(
      () => {
        this.open().then(
          () => this.connected && this.log.info({ channel: this.channel, attempts: attempt + 1 }, 'LISTEN connection restored'),
          () => !this.closed && this.retry(attempt + 1),
        );
      },
      RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)],
    );
    this.timer.unref();
  }

  async close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.connected = false;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
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
