/**
 * Landing figures (docs/product.md §1's metrics band), every one computed (decision 110). The server answers what it
 * knows (LandingStatsSchema, a type import here so zod stays out of the landing); `landingFacts()` picks
 * what is worth showing: usage counts only once they mean something, otherwise true facts about what a
 * visitor can do today.
 */
import type { LandingStats } from './stats-schema';

export type { LandingStats } from './stats-schema';

/** Usage counts are shown from here: below it a count says "few people use this", not "people love it". */
export const MIN_COUNT_SHOWN = 1_000;
/** Reviews needed before the directory's average is shown as the rating. */
export const MIN_REVIEWS_FOR_RATING = 20;
/** Finished try-ons needed before a render time is quoted; the median of fewer is one person's photo. */
export const MIN_TIMED_RENDERS = 5;
/** Finished try-ons the render time is the median of: recent ones, so it follows the engine as it changes. */
export const RENDER_SAMPLE = 200;

export interface LandingFact {
  key: 'styles' | 'photos' | 'rating' | 'render' | 'professionals' | 'library' | 'colours' | 'techniques';
  value: string;
  label: string;
}

/** At most four figures, best first. */
export function landingFacts(s: LandingStats): LandingFact[] {
  const facts: LandingFact[] = [];
  if (s.stylesGenerated >= MIN_COUNT_SHOWN) facts.push({ key: 'styles', value: formatCount(s.stylesGenerated), label: 'styles generated' });
  if (s.photosTriedOn >= MIN_COUNT_SHOWN) facts.push({ key: 'photos', value: formatCount(s.photosTriedOn), label: 'photos tried on' });
  if (s.reviews.count >= MIN_REVIEWS_FOR_RATING && s.reviews.average !== null)
    facts.push({ key: 'rating', value: s.reviews.average.toFixed(1), label: `average rating from ${formatCount(s.reviews.count)} reviews` });
  if (s.renderSeconds !== null) facts.push({ key: 'render', value: formatSeconds(s.renderSeconds), label: 'typical try-on time' });
  if (s.professionalsListed > 0)
    facts.push({
      key: 'professionals',
      value: formatCount(s.professionalsListed),
      label: s.professionalsListed === 1 ? 'professional listed' : 'professionals listed',
    });
  if (s.libraryStyles > 0) facts.push({ key: 'library', value: String(s.libraryStyles), label: 'styles in the library' });
  if (s.colours > 0) facts.push({ key: 'colours', value: String(s.colours), label: 'hair colours to try' });
  if (s.techniques > 0) facts.push({ key: 'techniques', value: String(s.techniques), label: 'colouring techniques' });
  return facts.slice(0, 4);
}

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
