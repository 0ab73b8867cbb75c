import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partnerDailyStat, partnerVisit, visitSalt } from '../../db/schema';

export type VisitKind = (typeof partnerDailyStat.$inferInsert)['kind'];

/** Each database's salt of the current day, so a view costs no extra query once the day's salt is known. */
const salts = new WeakMap<Db, { day: string; salt: string }>();

/**
 * The random salt of `day`, made by whichever instance asks first. Making it also deletes earlier days'
 * salts and visitor hashes: a hash cannot be matched to the same visitor on another day.
 */
async function saltOf(db: Db, day: string): Promise<string> {
  const known = salts.get(db);
  if (known?.day === day) return known.salt;
  const [made] = await db
    .insert(visitSalt)
    .values({ day, salt: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
    .returning();
  if (made) {
    await db.delete(partnerVisit).where(lt(partnerVisit.day, day));
    await db.delete(visitSalt).where(lt(visitSalt.day, day));
  }
  const [row] = made ? [made] : await db.select().from(visitSalt).where(eq(visitSalt.day, day));
  salts.set(db, { day, salt: row.salt });
  return row.salt;
}

/**
 * One more view (or click from directory results) on today's counter (UTC day), once per visitor per day
 * (issue 34: anyone could add hundreds). `visitor` names who looks (an account id, else the address and
 * browser); only its hash with the day's salt is stored, and only until the day is over.
 */
export async function recordVisit(db: Db, partnerId: string, kind: VisitKind, visitor: string) {
  const day = new Date().toISOString().slice(0, 10);
  const hashed = createHash('sha256')
    .update(`${await saltOf(db, day)}|${visitor}`)
    .digest('base64url');
  await db.transaction(async (tx) => {
    const fresh = await tx.insert(partnerVisit).values({ partnerId, day, kind, visitor: hashed }).onConflictDoNothing().returning({ day: partnerVisit.day });
    if (fresh.length === 0) return;
    await tx
      .insert(partnerDailyStat)
      .values({ partnerId, day, kind, count: 1 })
      .onConflictDoUpdate({
        target: [partnerDailyStat.partnerId, partnerDailyStat.day, partnerDailyStat.kind],
        set: { count: sql`${partnerDailyStat.count} + 1` },
      });
  });
}
