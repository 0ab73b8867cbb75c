import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partner } from '../../db/schema';
import { slugCandidates } from '@shared/partners/slug';

/**
 * Spec §4/§5: the slug is assigned once, at the first profile save, and then stays. The unique index
 * is the reservation: each candidate is an UPDATE that either takes the name or hits the index. When
 * every candidate is taken the profile simply stays without a slug (docs/product.md §8). Returns the slug it holds.
 */
export async function assignSlugOnce(db: Db, uid: string, businessName: string, random: () => number = Math.random): Promise<string | null> {
  const [current] = await db.select({ slug: partner.slug }).from(partner).where(eq(partner.userId, uid));
  if (!current) return null;
  if (current.slug) return current.slug;
  for (const candidate of slugCandidates(businessName, uid, random)) {
    try {
      const rows = await db
        .update(partner)
        .set({ slug: candidate })
        .where(and(eq(partner.userId, uid), isNull(partner.slug)))
        .returning({ slug: partner.slug });
      if (rows.length) return candidate;
      // Someone (another tab) assigned it meanwhile: keep theirs.
      const [again] = await db.select({ slug: partner.slug }).from(partner).where(eq(partner.userId, uid));
      return again?.slug ?? null;
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
    }
  }
  return null;
}

function isUniqueViolation(e: unknown): boolean {
  for (let cur: unknown = e; cur && typeof cur === 'object'; cur = (cur as { cause?: unknown }).cause) {
    if ((cur as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
