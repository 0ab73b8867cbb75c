import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { busyBlock } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { blocksFor, type Interval, type ServiceShape } from './availability';

/** SQLSTATE 23P01: the exclusion constraint refused a block that overlaps a live one (decision 147). */
const isExclusionViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.code === '23P01' || err.cause?.code === '23P01';
};

const isDeadlock = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.code === '40P01' || err.cause?.code === '40P01';
};

/**
 * Runs a transaction that takes time, again when PostgreSQL broke a deadlock by aborting it. Clients who want one
 * time wait on the first one's uncommitted block; when that one commits they are refused at once (23P01), but
 * when it rolls back (a colour whose finish block was refused after its chair block went in, a move that lost its
 * race, a lost connection) each waiter checks again, finds another waiter's uncommitted block and waits on it, and
 * the deadlock detector aborts all but one of them (40P01) after `deadlock_timeout`. Run again, each meets the
 * survivor's block and is answered "just taken" (409) instead of a server error.
 * Run again, the waiters can find each other once more, so a client may be aborted more than once: with four
 * waiters three attempts were not enough in 2 of 8 runs (tests/integration/booking-create.test.ts shows the
 * deadlock and the retry on PostgreSQL).
 */
/** How many times a transaction runs before its deadlock is answered as an error, and the pause's scale. */
const DEADLOCK_ATTEMPTS = 8;
const DEADLOCK_PAUSE_MS = 20;

export async function withDeadlockRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (e) {
      if (i >= DEADLOCK_ATTEMPTS || !isDeadlock(e)) throw e;
      // waiters retried in step wait on each other again: a random pause lets one go first
      await new Promise((resolve) => setTimeout(resolve, Math.random() * DEADLOCK_PAUSE_MS * i));
    }
  }
}

const range = (i: Interval) => sql`tstzrange(${new Date(i.start).toISOString()}::timestamptz, ${new Date(i.end).toISOString()}::timestamptz, '[)')`;

type Block = { during: Interval; bookingId: string | null; kind: 'chair' | 'finish' | 'blocked'; label?: string };

/**
 * Takes time: inserts busy blocks, and the exclusion constraint decides who gets a contested time (decision 147),
 * so there is no check-then-insert window. Returns the blocks' ids, or null when the time is taken. The blocks go
 * in under a savepoint, so a refusal rolls back only them: the caller answers the loser (the nearest free times)
 * on the connection its transaction already holds, instead of asking the pool for another while twenty others wait.
 */
export async function takeTime(tx: Tx, partnerId: string, blocks: Block[]): Promise<string[] | null> {
  try {
    return await tx.transaction(async (sp) => {
      const ids: string[] = [];
      for (const b of blocks) {
        const id = crypto.randomUUID();
        await sp.insert(busyBlock).values({ id, partnerId, bookingId: b.bookingId, kind: b.kind, during: range(b.during), label: b.label ?? '' });
        ids.push(id);
      }
      return ids;
    });
  } catch (e) {
    if (isExclusionViolation(e)) return null;
    throw e;
  }
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
