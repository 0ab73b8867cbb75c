/**
 * Landing metrics (spec §1 marketing claims). The server measures what it can from the generations
 * it has run; a figure it cannot measure yet (no finished generation, too few reviews) is the spec's
 * claim and is marked `live: false`.
 */
export interface Metric {
  value: number;
  live: boolean;
}

/** Plain types here (no zod) so the landing page does not pull zod in; the schema is in stats-schema.ts. */
export interface LandingStats {
  stylesGenerated: Metric;
  photosTriedOn: Metric;
  averageRating: Metric;
  averageRenderSeconds: Metric;
}

const isMetric = (v: unknown): v is Metric =>
  typeof v === 'object' && v !== null && typeof (v as Metric).value === 'number' && (v as Metric).value >= 0 && typeof (v as Metric).live === 'boolean';

/** The landing's check of GET /api/stats without zod; anything unexpected falls back to the claims. */
export function readLandingStats(v: unknown): LandingStats {
  const o = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
  const pick = (k: keyof LandingStats) => (isMetric(o[k]) ? (o[k] as Metric) : CLAIMED_STATS[k]);
  return { stylesGenerated: pick('stylesGenerated'), photosTriedOn: pick('photosTriedOn'), averageRating: pick('averageRating'), averageRenderSeconds: pick('averageRenderSeconds') };
}

/** The spec's claims: 120k+ styles generated, 4.9 average rating, 380k+ photos tried on, about 12 s. */
export const CLAIMED_STATS: LandingStats = {
  stylesGenerated: { value: 120_000, live: false },
  photosTriedOn: { value: 380_000, live: false },
  averageRating: { value: 4.9, live: false },
  averageRenderSeconds: { value: 12, live: false },
};

/** Reviews needed before the directory's average replaces the claimed rating. */
export const MIN_REVIEWS_FOR_RATING = 20;

/** 120000 → "120k+", 1530 → "1.5k+", 980 → "980", 2400000 → "2.4M+". */
export function formatCount(n: number): string {
  if (n >= 1_000_000) return `${trim(n / 1_000_000)}M+`;
  if (n >= 1_000) return `${trim(n / 1_000)}k+`;
  return String(Math.floor(n));
}
const trim = (x: number) => (x >= 100 ? String(Math.floor(x)) : (Math.floor(x * 10) / 10).toString());

/** 12.3 → "about 12s", 0.4 → "under 1s". */
export function formatSeconds(s: number): string {
  return s < 1 ? 'under 1s' : `about ${Math.round(s)}s`;
}
