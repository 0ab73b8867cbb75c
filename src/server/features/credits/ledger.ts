import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { ledgerEntry, user } from '../../db/schema';
import type { EventBus } from '../../events/bus';

export type LedgerType = (typeof ledgerEntry.$inferInsert)['type'];

/**
 * The only way credits change: a ledger row and the balance move together in the caller's
 * transaction. (type, reference) is unique, so a replay returns false and changes nothing.
 * Throws (check constraint) if a debit would go below zero: callers lock and check first.
 */
export async function postLedgerEntry(
  tx: Tx,
  bus: EventBus,
  entry: { userId: string; amount: number; type: LedgerType; reference: string },
): Promise<{ applied: boolean; credits: number }> {
  const inserted = await tx.insert(ledgerEntry).values(entry).onConflictDoNothing().returning({ id: ledgerEntry.id });
  if (inserted.length === 0) {
    const [row] = await tx.select({ credits: user.credits }).from(user).where(eq(user.id, entry.userId));
    return { applied: false, credits: row?.credits ?? 0 };
  }
  const [row] = await tx
    .update(user)
    .set({ credits: sql`${user.credits} + ${entry.amount}`, updatedAt: new Date() })
    .where(eq(user.id, entry.userId))
    .returning({ credits: user.credits });
  await bus.publish(tx, `user:${entry.userId}`, { type: 'credits', credits: row.credits });
  return { applied: true, credits: row.credits };
}

/** Locks the user row for the rest of the transaction (SELECT … FOR UPDATE) and returns its balance. */
export async function lockBalance(tx: Tx, userId: string): Promise<number | undefined> {
  const [row] = await tx.select({ credits: user.credits }).from(user).where(eq(user.id, userId)).for('update');
  return row?.credits;
}
