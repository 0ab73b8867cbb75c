import { eq } from 'drizzle-orm';
import { partner } from '../../db/schema';
import type { Services } from '../../services';
import type { PartnerProfile } from '../../../shared/partners/schemas';
import { assignSlugOnce } from './assign-slug';
import { requireManagingPartner } from './own-partner';
import { publishProfessionalStatus } from './publish-status';
import { searchText } from './search-text';

/** Spec §4: saving the profile sets profileComplete and assigns the slug once (without one if it cannot be reserved). */
export async function saveProfile(s: Pick<Services, 'db' | 'bus'>, uid: string, input: PartnerProfile, random?: () => number) {
  await requireManagingPartner(s.db, uid);
  await s.db
    .update(partner)
    .set({ ...input, profileComplete: true, searchText: searchText(input), updatedAt: new Date() })
    .where(eq(partner.userId, uid));
  const slug = await assignSlugOnce(s.db, uid, input.businessName, random);
  await publishProfessionalStatus(s.db, s.bus, uid);
  await s.bus.publish(s.db, `partner:${uid}`, { type: 'listing', partnerId: uid });
  return { slug };
}
