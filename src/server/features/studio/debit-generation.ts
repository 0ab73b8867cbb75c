import { and, eq } from 'drizzle-orm';
import { GENERATION_COST } from '@shared/constants';
import { MSG } from '@shared/messages';
import { generation } from '../../db/schema';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { AppError } from '../../http/app-error';
import { lockBalance, postLedgerEntry } from '../credits/ledger';

interface Deps {
  db: Db;
  bus: EventBus;
}

/**
 * One transaction: lock the user's row, refuse below the cost of every generation asked for, write each
 * `pending` generation and its debit. Concurrent calls queue on the row lock, so the balance can never be
 * spent twice; a request for several variations is charged all at once or not at all.
 */
export async function debitGeneration({ db, bus }: Deps, userId: string, generationIds: readonly string[], prompt: string): Promise<number> {
  return db.transaction(async (tx) => {
    const balance = await lockBalance(tx, userId);
    if (balance === undefined) throw new AppError('unauthenticated', MSG.signInRequired);
    const cost = GENERATION_COST * generationIds.length;
    if (balance < cost)
      throw new AppError('resource-exhausted', generationIds.length > 1 && balance > 0 ? notEnoughFor(generationIds.length, balance) : MSG.notEnoughCredits, {
        credits: balance,
      });
    let credits = balance;
    for (const id of generationIds) {
      await tx.insert(generation).values({ id, userId, prompt, status: 'pending' });
      ({ credits } = await postLedgerEntry(tx, bus, { userId, amount: -GENERATION_COST, type: 'generation', reference: id }));
    }
    return credits;
  });
}

/** A grid of variations costs one credit each: said with the number, so the person can ask for fewer. */
const notEnoughFor = (n: number, balance: number) =>
  `${n} variations use ${n * GENERATION_COST} credits and you have ${balance} ${balance === 1 ? 'credit' : 'credits'}. Ask for fewer variations, or buy a pack.`;

/**
 * Gives the credit back for a generation that is still `pending`, in its own transaction. Safe to call
 * twice or from two instances: the status update settles it once and the ledger's (type, reference)
 * is unique. Returns the new balance, or null when the generation was already settled.
 */
export async function refundGeneration({ db, bus }: Deps, generationId: string, reason: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(generation)
      .set({ status: 'refunded', error: reason.slice(0, 500), finishedAt: new Date() })
      .where(and(eq(generation.id, generationId), eq(generation.status, 'pending')))
      .returning({ userId: generation.userId });
    if (!row) return null;
    const { credits } = await postLedgerEntry(tx, bus, { userId: row.userId, amount: GENERATION_COST, type: 'refund', reference: generationId });
    return credits;
  });
}
