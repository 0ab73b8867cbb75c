import { and, eq, isNotNull, lt, notExists } from 'drizzle-orm';
import { creation, generation } from '../../db/schema';
import type { Services } from '../../services';
import { refundGeneration } from './debit-generation';
import { generationKeys } from './generate-hair-style';

type Deps = Pick<Services, 'db' | 'bus' | 'storage' | 'logger' | 'generationDeadlineMs'>;

/** Unsaved results are kept this long so the studio can still save them, then their files go. */
export const UNSAVED_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Refunds generations left `pending` by a crash or a lost refund. A row is only touched once it is
 * older than the server deadline plus a margin, so a generation still running on any instance is
 * never refunded under it. Files a queue-mode generation stored before its engine ran (decision 117)
 * are deleted with it: nothing else refers to them.
 */
export async function refundStalePending(deps: Deps, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - deps.generationDeadlineMs - 30_000);
  const stale = await deps.db
    .select({ id: generation.id, userId: generation.userId })
    .from(generation)
    .where(and(eq(generation.status, 'pending'), lt(generation.createdAt, cutoff)))
    .limit(500);
  let refunded = 0;
  for (const { id, userId } of stale) {
    if ((await refundGeneration(deps, id, 'sweeper: left pending')) === null) continue;
    refunded++;
    const keys = generationKeys(userId, id);
    await Promise.all([keys.input, keys.output, keys.reference].map((k) => deps.storage.delete(k))).catch((err: unknown) =>
      deps.logger.error({ err, generationId: id }, 'could not delete the files of a refunded generation'),
    );
  }
  if (refunded) deps.logger.warn({ refunded }, 'sweeper refunded generations left pending');
  return refunded;
}

/** Deletes the stored files of results nobody saved within UNSAVED_TTL_MS. */
async function purgeUnsavedFiles(deps: Deps, now = Date.now()): Promise<number> {
  const rows = await deps.db
    .select({ id: generation.id, inputKey: generation.inputKey, outputKey: generation.outputKey })
    .from(generation)
    .where(
      and(
        isNotNull(generation.outputKey),
        lt(generation.createdAt, new Date(now - UNSAVED_TTL_MS)),
        notExists(deps.db.select({ one: creation.id }).from(creation).where(eq(creation.generationId, generation.id))),
      ),
    )
    .limit(500);
  for (const row of rows) {
    await Promise.all([row.inputKey, row.outputKey].filter((k): k is string => !!k).map((k) => deps.storage.delete(k)));
    await deps.db
      .update(generation)
      .set({ inputKey: null, outputKey: null })
      .where(and(eq(generation.id, row.id), isNotNull(generation.outputKey)));
  }
  return rows.length;
}

/** Runs both sweeps at start and then every `intervalMs`; returns a stop function. */
export function startGenerationSweeper(deps: Deps, intervalMs = 60_000): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running
      .then(() => refundStalePending(deps))
      .then(() => purgeUnsavedFiles(deps))
      .catch((err: unknown) => deps.logger.error({ err }, 'generation sweeper failed'));
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
