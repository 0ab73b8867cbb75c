import type { Db } from '../../db/client';
import { userPlace } from '../../db/schema';
import type { Place } from '@shared/geo/schemas';

/**
 * A signed-in person searched the directory near a city: that city (never their position) becomes the
 * coarse location their renders are counted in for local demand (decision 106).
 */
export async function rememberPlace(db: Db, userId: string, place: Place) {
  const values = { placeId: place.id, latitude: place.lat, longitude: place.lng, updatedAt: new Date() };
  await db
    .insert(userPlace)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userPlace.userId, set: values });
}
