import { describe, expect, it } from 'vitest';
import { formatDistance, haversineKm } from '@shared/geo/distance';
import { geocodeText, placeById, searchPlaces } from './cities';

describe('GeoNames places', () => {
  it('matches a typed location to the most precise real place it names', { timeout: 30_000 }, () => {
    const label = (s: string) => geocodeText(s)?.label ?? null;
    expect(label('Shoreditch, London')).toBe('London, England, United Kingdom');
    expect(label('Peckham, London')).toBe('Peckham, England, United Kingdom');
    expect(label('Plateau, Montréal')).toBe('Montréal, Canada');
    expect(label('London, UK')).toBe('London, England, United Kingdom');
    expect(label('London, Canada')).toBe('London, Canada');
    expect(label('montreal')).toBe('Montréal, Canada');
    expect(label('Upper Nowhereshire')).toBeNull();
    expect(label('')).toBeNull();
  });

  it('autocompletes by accent-free prefix, most populous first, narrowed by a region or country', () => {
    expect(searchPlaces('lee')[0].label).toBe('Leeds, England, United Kingdom');
    expect(searchPlaces('sao pa')[0].name).toBe('São Paulo');
    expect(searchPlaces('london, can').map((p) => p.label)).toEqual(['London, Canada']);
    expect(searchPlaces('zzqx')).toEqual([]);
    const leeds = searchPlaces('leeds')[0];
    expect(placeById(leeds.id)).toEqual(leeds);
    expect(placeById(-1)).toBeNull();
  });

  it('measures and words distances', () => {
    // London to Paris, great circle
    expect(haversineKm(51.50853, -0.12574, 48.85341, 2.3488)).toBeCloseTo(343.9, 0);
    expect(formatDistance(0.2)).toBe('Under 1 km away');
    expect(formatDistance(3.24)).toBe('3.2 km away');
    expect(formatDistance(12.6)).toBe('13 km away');
  });
});
