import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { booking } from '../../db/schema';

/**
 * The reviewers of a professional who had a completed booking with them: their reviews carry "Verified
 * booking" (issue 33). One reviewer, or all of them for a list.
 */
export async function verifiedReviewers(db: Db | Tx, partnerId: string, reviewerId?: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ clientId: booking.clientId })
    .from(booking)
    .where(and(eq(booking.partnerId, partnerId), eq(booking.state, 'completed'), reviewerId ? eq(booking.clientId, reviewerId) : undefined));
  return new Set(rows.flatMap((r) => (r.clientId ? [r.clientId] : [])));
}
