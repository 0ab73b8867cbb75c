import { and, avg, count, countDistinct, eq, isNotNull, sql } from 'drizzle-orm';
import { CLAIMED_STATS, MIN_REVIEWS_FOR_RATING, type LandingStats } from '../../../shared/content/stats';
import type { Db } from '../../db/client';
import { generation, review } from '../../db/schema';

/**
 * The landing metrics measured from the database: succeeded generations, distinct input photos,
 * their mean render time and the reviews' mean rating. Each falls back to the spec's claim until
 * there is something to measure.
 */
export async function landingStats(db: Db): Promise<LandingStats> {
  const [g] = await db
    .select({
      styles: count(),
      photos: countDistinct(sql`coalesce(${generation.inputKey}, ${generation.id})`),
      avgMs: avg(generation.durationMs),
    })
    .from(generation)
    .where(eq(generation.status, 'succeeded'));
  const [timed] = await db
    .select({ n: count() })
    .from(generation)
    .where(and(eq(generation.status, 'succeeded'), isNotNull(generation.durationMs)));
  const [r] = await db.select({ n: count(), mean: avg(review.rating) }).from(review);

  const styles = Number(g?.styles ?? 0);
  const photos = Number(g?.photos ?? 0);
  const avgMs = g?.avgMs == null ? null : Number(g.avgMs);
  const reviews = Number(r?.n ?? 0);
  return {
    stylesGenerated: styles > 0 ? { value: styles, live: true } : CLAIMED_STATS.stylesGenerated,
    photosTriedOn: photos > 0 ? { value: photos, live: true } : CLAIMED_STATS.photosTriedOn,
    averageRenderSeconds:
      Number(timed?.n ?? 0) > 0 && avgMs != null ? { value: Math.round(avgMs / 100) / 10, live: true } : CLAIMED_STATS.averageRenderSeconds,
    averageRating:
      reviews >= MIN_REVIEWS_FOR_RATING && r?.mean != null ? { value: Math.round(Number(r.mean) * 10) / 10, live: true } : CLAIMED_STATS.averageRating,
  };
}
