import { describe, expect, it } from 'vitest';
import { CLAIMED_STATS, formatCount, formatSeconds, readLandingStats } from './stats';
import { LandingStatsSchema } from './stats-schema';

describe('landing metrics', () => {
  it('formats counts like the spec claims', () => {
    expect(formatCount(120_000)).toBe('120k+');
    expect(formatCount(380_000)).toBe('380k+');
    expect(formatCount(1_530)).toBe('1.5k+');
    expect(formatCount(2_400_000)).toBe('2.4M+');
    expect(formatCount(980)).toBe('980');
    expect(formatCount(0)).toBe('0');
  });
  it('formats render time', () => {
    expect(formatSeconds(12)).toBe('about 12s');
    expect(formatSeconds(3.6)).toBe('about 4s');
    expect(formatSeconds(0.4)).toBe('under 1s');
  });
  it('reads a server answer and falls back to the claims for anything malformed', () => {
    const live = { ...CLAIMED_STATS, stylesGenerated: { value: 7, live: true } };
    expect(readLandingStats(live)).toEqual(live);
    expect(readLandingStats(null)).toEqual(CLAIMED_STATS);
    expect(readLandingStats({ stylesGenerated: { value: -1, live: true } }).stylesGenerated).toEqual(CLAIMED_STATS.stylesGenerated);
    expect(LandingStatsSchema.parse(CLAIMED_STATS)).toEqual(CLAIMED_STATS);
  });
});
