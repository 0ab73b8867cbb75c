import { eq } from 'drizzle-orm';
import { partner } from '../../db/schema';
import type { Services } from '../../services';

/** The team's approval (docs/product.md §4: isVerified is set by the team). Returns null when no partner has that email. */
export async function setVerified(s: Pick<Services, 'db' | 'bus'>, email: string, verified: boolean) {
  const rows = await s.db
    .update(partner)
    .set({ isVerified: verified, updatedAt: new Date() })
    .where(eq(partner.email, email.trim().toLowerCase()))
    .returning({ id: partner.userId, businessName: partner.businessName, slug: partner.slug });
  const row = rows[0];
  if (row) await s.bus.publish(s.db, `partner:${row.id}`, { type: 'listing', partnerId: row.id });
  return row ?? null;
}
