import type { PGlite } from '@electric-sql/pglite';
import { and, desc, eq, lt } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { DataExport } from '@shared/account/endpoints';
import { accountExport } from '../../db/schema';
import type { Services } from '../../services';
import { buildExport } from './export-data';

/** The pg-boss queue the exports are built on. */
const EXPORT_QUEUE = 'account-export';
/** How long a finished export can be downloaded before it is removed. */
const EXPORT_HOURS = 48;

type Deps = Pick<Services, 'db' | 'database' | 'storage' | 'logger'>;

export interface ExportJobs {
  /** Queues the build of a pending export row. */
  enqueue(exportId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * pg-boss on the app's own database, through the connection drizzle already has (pg-boss's `db` option):
 * the PostgreSQL pool, or the embedded PGlite's one connection, where statements without parameters may
 * be several and only `exec` runs those. Started on the first export, so a process that never exports
 * never runs the queue's maintenance.
 */
function bossFor(deps: Deps): PgBoss {
  // drizzle keeps its driver's client as $client: a pg Pool, or the PGlite instance
  const client = (deps.db as unknown as { $client: pg.Pool | PGlite }).$client;
  const executeSql =
    deps.database.kind === 'postgres'
      ? (text: string, values?: unknown[]) => (client as pg.Pool).query(text, values)
      : async (text: string, values?: unknown[]) => {
          const lite = client as PGlite;
          if (values?.length) return lite.query(text, values);
          return { rows: (await lite.exec(text)).at(-1)?.rows ?? [] };
        };
  return new PgBoss({ schema: 'pgboss', schedule: false, maintenanceIntervalSeconds: 60, db: { executeSql } });
}

export function createExportJobs(deps: Deps): ExportJobs {
  let started: Promise<PgBoss> | undefined;
  const start = () =>
    (started ??= (async () => {
      const boss = bossFor(deps);
      boss.on('error', (err) => deps.logger.error({ err }, 'export queue error'));
      await boss.start();
      if (!(await boss.getQueue(EXPORT_QUEUE)))
        await boss.createQueue(EXPORT_QUEUE, { name: EXPORT_QUEUE, retryLimit: 2, expireInSeconds: 300 }).catch(async (err: unknown) => {
          if (!(await boss.getQueue(EXPORT_QUEUE))) throw err; // another instance created it first
        });
      await boss.work<{ exportId: string }>(EXPORT_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => runExport(deps, job.data.exportId));
      return boss;
    })());
  return {
    async enqueue(exportId) {
      await (await start()).send(EXPORT_QUEUE, { exportId });
    },
    async close() {
      if (started) await (await started).stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}

/** Builds one export into storage and opens its download window; a failure is recorded for the page to show. */
async function runExport(deps: Deps, exportId: string): Promise<void> {
  const [row] = await deps.db.select().from(accountExport).where(eq(accountExport.id, exportId));
  if (!row || row.status !== 'pending') return;
  try {
    const zip = await buildExport(deps, row.userId);
    const key = `exports/${row.userId}/${row.id}.zip`;
    await deps.storage.put(key, Buffer.from(zip), 'application/zip');
    const now = new Date();
    await deps.db
      .update(accountExport)
      .set({ status: 'ready', storageKey: key, sizeBytes: zip.byteLength, finishedAt: now, expiresAt: new Date(now.getTime() + EXPORT_HOURS * 3600_000) })
      .where(eq(accountExport.id, row.id));
  } catch (err) {
    deps.logger.error({ err, exportId }, 'data export failed');
    await deps.db.update(accountExport).set({ status: 'failed', finishedAt: new Date() }).where(eq(accountExport.id, row.id));
  }
  await purgeExpired(deps);
}

/** Removes expired exports' files and rows (every account's): run after each build, and before a user's lookup. */
async function purgeExpired(deps: Pick<Deps, 'db' | 'storage'>, userId?: string) {
  const expired = lt(accountExport.expiresAt, new Date());
  const gone = await deps.db
    .delete(accountExport)
    .where(userId ? and(expired, eq(accountExport.userId, userId)) : expired)
    .returning({ key: accountExport.storageKey });
  await Promise.all(gone.flatMap((g) => (g.key ? [deps.storage.delete(g.key)] : [])));
}

const view = (row: typeof accountExport.$inferSelect): DataExport => ({
  id: row.id,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  sizeBytes: row.sizeBytes,
  downloadUrl: row.status === 'ready' ? `/api/account/export/${row.id}/download` : null,
});

/** The user's latest export that has not expired. */
export async function latestExport(deps: Pick<Deps, 'db' | 'storage'>, userId: string): Promise<DataExport | null> {
  await purgeExpired(deps, userId);
  const [row] = await deps.db.select().from(accountExport).where(eq(accountExport.userId, userId)).orderBy(desc(accountExport.createdAt)).limit(1);
  return row ? view(row) : null;
}

/** Starts an export, or answers the one still being built. */
export async function requestExport(deps: Pick<Deps, 'db' | 'storage'> & { exports: ExportJobs }, userId: string): Promise<DataExport> {
  const current = await latestExport(deps, userId);
  if (current?.status === 'pending') return current;
  const [row] = await deps.db
    .insert(accountExport)
    .values({ userId, expiresAt: new Date(Date.now() + EXPORT_HOURS * 3600_000) })
    .returning();
  await deps.exports.enqueue(row.id);
  return view(row);
}

/** The zip of a ready, unexpired export of this user; someone else's answers like a missing one. */
export async function exportFile(deps: Pick<Deps, 'db' | 'storage'>, userId: string, id: string) {
  const [row] = await deps.db
    .select()
    .from(accountExport)
    .where(and(eq(accountExport.id, id), eq(accountExport.userId, userId), eq(accountExport.status, 'ready')));
  if (!row?.storageKey || row.expiresAt < new Date()) return null;
  const obj = await deps.storage.get(row.storageKey);
  return obj ? { body: obj.body, createdAt: row.createdAt } : null;
}
