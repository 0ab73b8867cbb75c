import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { busyBlock } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { blocksFor, type Interval, type ServiceShape } from './availability';

/** Thrown inside a transaction when the exclusion constraint refused the time (SQLSTATE 23P01). */
export class TimeTaken extends Error {
  constructor() {
    super('time taken');
  }
}

const isExclusionViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.code === '23P01' || err.cause?.code === '23P01';
};

const isDeadlock = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.code === '40P01' || err.cause?.code === '40P01';
};

/**
 * Runs a transaction that takes time, again when PostgreSQL broke a deadlock by aborting it. Two clients waiting on
 * a third's uncommitted block can each wait on the other once it commits (an exclusion constraint checks against
 * rows still in flight), and the deadlock detector then aborts one: run again, it meets the committed block and is
 * answered "just taken" (409) like the others, instead of a server error.
 */
export async function withDeadlockRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (e) {
      if (i >= attempts || !isDeadlock(e)) throw e;
    }
  }
}

const range = (i: Interval) => sql`tstzrange(${new Date(i.start).toISOString()}::timestamptz, ${new Date(i.end).toISOString()}::timestamptz, '[)')`;

/**
 * Inserts busy blocks; the exclusion constraint decides who gets a contested time (decision 147), so
 * there is no check-then-insert window. A refusal becomes TimeTaken and the caller's transaction rolls back.
 */
export async function insertBlocks(
  tx: Tx,
  partnerId: string,
  blocks: { during: Interval; bookingId: string | null; kind: 'chair' | 'finish' | 'blocked'; label?: string }[],
) {
  const ids: string[] = [];
  try {
    for (const b of blocks) {
      const id = crypto.randomUUID();
      await tx.insert(busyBlock).values({ id, partnerId, bookingId: b.bookingId, kind: b.kind, during: range(b.during), label: b.label ?? '' });
      ids.push(id);
    }
  } catch (e) {
    if (isExclusionViolation(e)) throw new TimeTaken();
    throw e;
  }
  return ids;
}

/** The chair and finish blocks of a booking (one block when there is no processing gap). */
export const bookingBlocks = (shape: ServiceShape, start: number, bookingId: string) =>
  blocksFor(shape, start).map((during, i) => ({ during, bookingId, kind: i === 0 ? ('chair' as const) : ('finish' as const) }));

export async function removeBlocks(tx: Tx, bookingId: string) {
  await tx.delete(busyBlock).where(eq(busyBlock.bookingId, bookingId));
}

export const PROBLEM_MESSAGES = {
  past: 'That time has already passed. Choose a later one.',
  'too-soon': 'That is too soon to book with this professional. Choose a later time.',
  'too-far': 'That is further ahead than this professional takes bookings. Choose an earlier date.',
  closed: 'The salon is closed that day. Choose another date.',
  'outside-hours': 'That time is not one of the free times offered. Choose a time from the list.',
} as const;

export const refuseStart = (problem: keyof typeof PROBLEM_MESSAGES) => new AppError('invalid-argument', PROBLEM_MESSAGES[problem], { reason: problem });
