import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { partner } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { isProfessional, isSubscribed } from '@shared/partners/access';

export type PartnerRow = typeof partner.$inferSelect;

/**
 * The caller's own partner row for managing the listing. Decision 051: a partner whose subscription
 * is active or trialing may manage it before the profile is complete (that is how it becomes complete);
 * anyone else is refused, whatever they send.
 */
export async function requireManagingPartner(db: Db | Tx, userId: string, opts: { forUpdate?: boolean } = {}): Promise<PartnerRow> {
  const q = db.select().from(partner).where(eq(partner.userId, userId));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  if (!row) throw new AppError('permission-denied', 'Only professionals can manage a listing. Join as a Professional first.');
  if (!isSubscribed(row.subscriptionStatus) && !isProfessional(row)) {
    throw new AppError('permission-denied', 'Your listing needs an active subscription. Choose a plan to continue.', { reason: 'subscription-inactive' });
  }
  return row;
}
