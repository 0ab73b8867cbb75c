import { and, avg, count, countDistinct, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { COLOUR_WORDS } from '@shared/hair/colour-words';
import { TECHNIQUES } from '@shared/hair/techniques';
import { STYLES } from '@shared/content/styles';
import { MIN_TIMED_RENDERS, RENDER_SAMPLE, type LandingStats } from '@shared/content/stats';
import type { Db } from '../../db/client';
import { generation, partner, review } from '../../db/schema';

/**
 * The landing figures, all measured or counted (decision 110): succeeded generations and their distinct
 * input photos, the median time of the latest ones, the directory's reviews and listed professionals, and
 * what the library offers. Which of them are worth showing is `landingFacts()`'s call.
 */
export async function landingStats(db: Db): Promise<LandingStats> {
  const succeeded = eq(generation.status, 'succeeded');
  const [g] = await db
    .select({ styles: count(), photos: countDistinct(sql`coalesce(${generation.inputKey}, ${generation.id})`) })
    .from(generation)
    .where(succeeded);
  // The median of recent try-ons: a cold start or one huge photo does not move it, and it follows the engine as it changes.
  const recent = db
    .select({ ms: generation.durationMs })
    .from(generation)
    .where(and(succeeded, isNotNull(generation.durationMs)))
    .orderBy(desc(generation.createdAt))
    .limit(RENDER_SAMPLE)
    .as('recent');
  const [t] = await db.select({ n: count(), medianMs: sql<string | null>`percentile_cont(0.5) within group (order by ${recent.ms})` }).from(recent);
  const [r] = await db.select({ n: count(), mean: avg(review.rating) }).from(review);
  const [p] = await db
    .select({ n: count() })
    .from(partner)
    .where(sql`${partner.listed}`);

  const timed = Number(t?.n ?? 0);
  return {
    stylesGenerated: Number(g?.styles ?? 0),
    photosTriedOn: Number(g?.photos ?? 0),
    renderSeconds: timed >= MIN_TIMED_RENDERS && t?.medianMs != null ? Math.round(Number(t.medianMs) / 100) / 10 : null,
    reviews: { count: Number(r?.n ?? 0), average: r?.mean == null ? null : Math.round(Number(r.mean) * 10) / 10 },
    professionalsListed: Number(p?.n ?? 0),
    libraryStyles: STYLES.length,
    colours: COLOUR_WORDS.length,
    techniques: TECHNIQUES.length,
  };
}
