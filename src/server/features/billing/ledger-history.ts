import { and, desc, eq } from 'drizzle-orm';
import { packById } from '@shared/billing/catalogue';
import type { LedgerHistory } from '@shared/billing/schemas';
import { DISPLAY } from '@shared/constants';
import type { Db } from '../../db/client';
import { checkout, ledgerEntry } from '../../db/schema';

/** GET /api/me/ledger: the latest DISPLAY.billingHistory entries, newest first, purchases named by their pack. */
export async function ledgerHistory(db: Db, userId: string): Promise<LedgerHistory> {
  const rows = await db
    .select({ id: ledgerEntry.id, amount: ledgerEntry.amount, type: ledgerEntry.type, createdAt: ledgerEntry.createdAt, itemId: checkout.itemId })
    .from(ledgerEntry)
    .leftJoin(checkout, and(eq(ledgerEntry.type, 'credit'), eq(checkout.id, ledgerEntry.reference)))
    .where(eq(ledgerEntry.userId, userId))
    .orderBy(desc(ledgerEntry.createdAt), desc(ledgerEntry.id))
    .limit(DISPLAY.billingHistory);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      amount: r.amount,
      type: r.type,
      packName: r.itemId ? (packById(r.itemId)?.name ?? null) : null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
