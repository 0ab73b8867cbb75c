import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partnerDailyStat } from '../../db/schema';

export type VisitKind = (typeof partnerDailyStat.$inferInsert)['kind'];

/** One more view (or click from directory results) on today's counter (UTC day). */
export async function recordVisit(db: Db, partnerId: string, kind: VisitKind) {
  const day = new Date().toISOString().slice(0, 10);
  await db
    .insert(partnerDailyStat)
    .values({ partnerId, day, kind, count: 1 })
    .onConflictDoUpdate({
      target: [partnerDailyStat.partnerId, partnerDailyStat.day, partnerDailyStat.kind],
      set: { count: sql`${partnerDailyStat.count} + 1` },
    });
}
