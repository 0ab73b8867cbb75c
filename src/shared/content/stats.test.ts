import { describe, expect, it } from 'vitest';
import { formatCount, formatSeconds, landingFacts, MIN_COUNT_SHOWN, MIN_REVIEWS_FOR_RATING, type LandingStats } from './stats';
import { LandingStatsSchema } from './stats-schema';

const FRESH: LandingStats = {
  stylesGenerated: 0,
  photosTriedOn: 0,
  renderSeconds: null,
  reviews: { count: 0, average: null },
  professionalsListed: 0,
  libraryStyles: 30,
  colours: 21,
  techniques: 9,
};

describe('landing figures', () => {
  it('formats counts and render time', () => {
    expect(formatCount(120_000)).toBe('120k+');
    expect(formatCount(1_530)).toBe('1.5k+');
    expect(formatCount(2_400_000)).toBe('2.4M+');
    expect(formatCount(980)).toBe('980');
    expect(formatSeconds(12)).toBe('about 12s');
    expect(formatSeconds(3.6)).toBe('about 4s');
    expect(formatSeconds(0.4)).toBe('under 1s');
  });

  it('on a fresh install leads with what the product offers, never a small usage count', () => {
    expect(landingFacts(FRESH).map((f) => [f.key, f.value])).toEqual([
      ['library', '30'],
      ['colours', '21'],
      ['techniques', '9'],
    ]);
    const early = { ...FRESH, stylesGenerated: 4, photosTriedOn: 4, professionalsListed: 14, renderSeconds: 2.3, reviews: { count: 5, average: 4.4 } };
    expect(landingFacts(early).map((f) => `${f.value} ${f.label}`)).toEqual([
      'about 2s typical try-on time',
      '14 professionals listed',
      '30 styles in the library',
      '21 hair colours to try',
    ]);
  });

  it('shows usage counts and the rating once they mean something, at most four figures', () => {
    const busy = {
      ...FRESH,
      stylesGenerated: MIN_COUNT_SHOWN,
      photosTriedOn: 1_530,
      renderSeconds: 3.1,
      reviews: { count: MIN_REVIEWS_FOR_RATING, average: 4.66 },
      professionalsListed: 1,
    };
    expect(landingFacts(busy).map((f) => [f.key, f.value])).toEqual([
      ['styles', '1k+'],
      ['photos', '1.5k+'],
      ['rating', '4.7'],
      ['render', 'about 3s'],
    ]);
    expect(landingFacts({ ...FRESH, stylesGenerated: MIN_COUNT_SHOWN - 1 }).some((f) => f.key === 'styles')).toBe(false);
    expect(landingFacts({ ...FRESH, professionalsListed: 1 })[0]).toEqual({ key: 'professionals', value: '1', label: 'professional listed' });
  });

  it('the response schema takes a server answer and refuses anything malformed', () => {
    expect(LandingStatsSchema.parse(FRESH)).toEqual(FRESH);
    expect(LandingStatsSchema.safeParse(null).success).toBe(false);
    expect(LandingStatsSchema.safeParse({ ...FRESH, stylesGenerated: -1 }).success).toBe(false);
    expect(LandingStatsSchema.safeParse({ ...FRESH, reviews: { count: 1 } }).success).toBe(false);
    expect(LandingStatsSchema.safeParse({ ...FRESH, renderSeconds: 'fast' }).success).toBe(false);
  });
});
