import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partner } from '../../db/schema';
import type { Me } from '@shared/auth';
import { isProfessional, isSubscribed } from '@shared/partners/access';

/** The professional part of /api/me. Spec §8: a failed partner lookup treats the user as not a professional. */
export async function professionalStatus(db: Db, userId: string): Promise<Me['professional']> {
  try {
    const [row] = await db
      .select({ status: partner.subscriptionStatus, complete: partner.profileComplete, slug: partner.slug })
      .from(partner)
      .where(eq(partner.userId, userId));
    if (!row) return { isPartner: false, active: false, subscribed: false, slug: null };
    return {
      isPartner: true,
      active: isProfessional({ subscriptionStatus: row.status, profileComplete: row.complete }),
      subscribed: isSubscribed(row.status),
      slug: row.slug,
    };
  } catch {
    return { isPartner: false, active: false, subscribed: false, slug: null };
  }
}
