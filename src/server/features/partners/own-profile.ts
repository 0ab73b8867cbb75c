import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partner } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { OwnProfile } from '@shared/partners/views';
import { placeById } from '../geo/cities';
import { portfolioOf } from './partner-images';
import { mediaUrl } from './partner-media';

/** Everything /partner/profile edits, for the partner themself (any status: the page shows what to do next). */
export async function ownProfile(db: Db, uid: string): Promise<OwnProfile> {
  const [p] = await db.select().from(partner).where(eq(partner.userId, uid));
  if (!p) throw new AppError('not-found', 'You have no professional listing yet.');
  return {
    id: p.userId,
    email: p.email,
    fullName: p.fullName,
    businessName: p.businessName,
    location: p.location,
    bio: p.bio,
    services: p.services,
    website: p.website,
    instagram: p.instagram,
    facebook: p.facebook,
    slug: p.slug,
    profileComplete: p.profileComplete,
    subscriptionStatus: p.subscriptionStatus,
    plan: p.plan,
    isVerified: p.isVerified,
    averageRating: p.averageRating,
    ratingCount: p.ratingCount,
    profileImage: p.profileImageKey ? { url: mediaUrl(p.profileImageKey)!, path: p.profileImageKey } : null,
    portfolio: await portfolioOf(db, uid),
    place: p.placeId ? placeById(p.placeId) : null,
  };
}
