import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';
import type { EventBus } from '../../events/bus';
import { WELCOME_CREDITS } from '@shared/constants';
import { lockBalance, postLedgerEntry } from './ledger';

/**
 * Spec §4 "after sign-in a user document is ensured": a user without the welcome flag gets the
 * welcome credit once. The flag and a `welcome` ledger entry (reference = user id) make it idempotent.
 */
export async function ensureWelcomeCredit(db: Db, bus: EventBus, userId: string): Promise<void> {
  const [row] = await db.select({ granted: user.welcomeCreditGranted }).from(user).where(eq(user.id, userId));
  if (!row || row.granted) return;
  await db.transaction(async (tx) => {
    await lockBalance(tx, userId);
    await postLedgerEntry(tx, bus, { userId, amount: WELCOME_CREDITS, type: 'welcome', reference: userId });
    await tx.update(user).set({ welcomeCreditGranted: true }).where(eq(user.id, userId));
  });
}
