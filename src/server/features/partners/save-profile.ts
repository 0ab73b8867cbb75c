import { eq } from 'drizzle-orm';
import { partner } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { geocodeText, placeById } from '../geo/cities';
import type { Services } from '../../services';
import type { PartnerProfile } from '@shared/partners/schemas';
import { assignSlugOnce } from './assign-slug';
import { requireManagingPartner } from './own-partner';
import { publishProfessionalStatus } from './publish-status';
import { searchText } from './search-text';

/** Spec §4: saving the profile sets profileComplete and assigns the slug once (without one if it cannot be reserved). */
export async function saveProfile(s: Pick<Services, 'db' | 'bus'>, uid: string, input: PartnerProfile, random?: () => number) {
  await requireManagingPartner(s.db, uid);
  const { placeId, ...fields } = input;
  const place = placeOf(placeId, input.location);
  await s.db
    .update(partner)
    .set({
      ...fields,
      placeId: place?.id ?? null,
      latitude: place?.lat ?? null,
      longitude: place?.lng ?? null,
      profileComplete: true,
      searchText: searchText(input),
      updatedAt: new Date(),
    })
    .where(eq(partner.userId, uid));
  const slug = await assignSlugOnce(s.db, uid, input.businessName, random);
  await publishProfessionalStatus(s.db, s.bus, uid);
  await s.bus.publish(s.db, `partner:${uid}`, { type: 'listing', partnerId: uid });
  return { slug };
}

/** Decision 104: the city chosen from the autocomplete, else the typed location matched offline, else none. */
function placeOf(placeId: number | null | undefined, location: string) {
  if (placeId) {
    const place = placeById(placeId);
    if (!place) throw new AppError('invalid-argument', 'Choose your town or city from the list.', { field: 'placeId' });
    return place;
  }
  return location ? geocodeText(location) : null;
}
