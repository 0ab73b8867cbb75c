import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { boundingBox, EARTH_RADIUS_KM } from '@shared/geo/distance';
import type { Db } from '../../db/client';
import { partner } from '../../db/schema';
import type { DirectoryPage, PartnerCard } from '@shared/partners/views';
import type { DirectoryQuery } from '@shared/partners/schemas';
import { mayBeAvailableSql, nextFreeTimes } from '../booking/next-free';
import { placeById } from '../geo/cities';
import { mediaUrl } from './partner-media';
import { prefixQuery } from './search-text';

export const PAGE_SIZE = 24;
const FEATURED_MAX = 3;

/** Spec §4: listed only when the status is active (case-insensitive) and the profile complete: the generated `listed` column. */
export const listed = sql`${partner.listed}`;

const cardColumns = {
  id: partner.userId,
  slug: partner.slug,
  businessName: partner.businessName,
  fullName: partner.fullName,
  location: partner.location,
  services: partner.services,
  isVerified: partner.isVerified,
  plan: partner.plan,
  averageRating: partner.averageRating,
  ratingCount: partner.ratingCount,
  profileImageKey: partner.profileImageKey,
  coverKey: sql<
    string | null
  >`(select pi.storage_key from partner_image pi where pi.partner_id = ${partner.userId} and pi.kind = 'portfolio' order by pi.position, pi.created_at limit 1)`,
  latitude: partner.latitude,
  longitude: partner.longitude,
};
interface CardRow {
  id: string;
  slug: string | null;
  businessName: string;
  fullName: string;
  location: string;
  services: string[];
  isVerified: boolean;
  plan: 'monthly' | 'yearly' | null;
  averageRating: number;
  ratingCount: number;
  profileImageKey: string | null;
  coverKey: string | null;
  latitude: number | null;
  longitude: number | null;
  distanceKm?: number | null;
}

export function toCard(r: CardRow): PartnerCard {
  return {
    id: r.id,
    slug: r.slug,
    businessName: r.businessName,
    fullName: r.fullName,
    location: r.location,
    services: r.services,
    isVerified: r.isVerified,
    annual: r.plan === 'yearly',
    averageRating: r.averageRating,
    ratingCount: r.ratingCount,
    profileImageUrl: mediaUrl(r.profileImageKey),
    coverImageUrl: mediaUrl(r.coverKey),
    point: r.latitude !== null && r.longitude !== null ? { lat: r.latitude, lng: r.longitude } : null,
    distanceKm: r.distanceKm ?? null,
    nextFree: null,
  };
}

interface Centre {
  label: string;
  lat: number;
  lng: number;
  radiusKm: number;
}

/** The centre of a near-me search: a GeoNames city id, or the browser's position; null when neither was given. */
function centreOf(query: Pick<DirectoryQuery, 'near' | 'lat' | 'lng' | 'radius'>): Centre | null {
  if (query.near) {
    const place = placeById(query.near);
    return place && { label: place.label, lat: place.lat, lng: place.lng, radiusKm: query.radius };
  }
  if (query.lat !== undefined && query.lng !== undefined) return { label: 'your location', lat: query.lat, lng: query.lng, radiusKm: query.radius };
  return null;
}

/** Haversine in SQL, the same formula as shared/geo/distance.ts, over the partner's matched city. */
function distanceSql(c: Pick<Centre, 'lat' | 'lng'>): SQL<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${partner.latitude} - ${c.lat}::float8) / 2), 2)
    + cos(radians(${c.lat}::float8)) * cos(radians(${partner.latitude})) * power(sin(radians(${partner.longitude} - ${c.lng}::float8) / 2), 2)))))`;
}

/** Inside the radius: a latitude (and, away from the poles and the antimeridian, longitude) box on partner_geo_idx, then the exact distance. */
function withinSql(c: Centre): SQL {
  const box = boundingBox(c.lat, c.lng, c.radiusKm);
  const conds = [sql`${partner.latitude} between ${box.minLat}::float8 and ${box.maxLat}::float8`];
  if (box.lng) conds.push(sql`${partner.longitude} between ${box.lng[0]}::float8 and ${box.lng[1]}::float8`);
  conds.push(sql`${distanceSql(c)} <= ${c.radiusKm}::float8`);
  return and(...conds)!;
}

/** Search, filter and sort in the database (docs/product.md §4, §5, §9); decision 052 has the index choices. */
function directoryFilter(query: Pick<DirectoryQuery, 'q' | 'style' | 'colour' | 'available'>): SQL {
  const conds: SQL[] = [listed];
  if (query.available) conds.push(mayBeAvailableSql(partner.userId));
  const tsq = prefixQuery(query.q ?? '');
  if (tsq) conds.push(sql`${partner.searchVector} @@ to_tsquery('simple', ${tsq})`);
  const tags = [query.style, query.colour].filter((t): t is string => Boolean(t));
  if (tags.length) conds.push(sql`${partner.styleTags} @> ${JSON.stringify(tags)}::jsonb`);
  return and(...conds)!;
}

/** Spelled exactly as partner_directory_idx is built (DESC NULLS LAST), so the index yields rows already sorted. */
const ORDER = [sql`${partner.isVerified} desc nulls last`, sql`${partner.averageRating} desc nulls last`, asc(partner.businessName), asc(partner.userId)];

/** "Available this week" is decided by the hours and bookings, not a column: at most this many candidates are checked. */
const AVAILABLE_SCAN = 1000;

export async function searchDirectory(db: Db, query: DirectoryQuery): Promise<DirectoryPage> {
  const centre = centreOf(query);
  // near me: nearest first, and the spec's order among professionals at the same distance (same city)
  const where = centre ? and(directoryFilter(query), withinSql(centre))! : directoryFilter(query);
  const columns = centre ? { ...cardColumns, distanceKm: distanceSql(centre) } : cardColumns;
  const order = centre ? [sql`${distanceSql(centre)}`, ...ORDER] : ORDER;
  const page = query.page ?? 1;
  const select = () => db.select(columns).from(partner);
  let rows: Awaited<ReturnType<typeof select>>;
  let allMatches: typeof rows | null = null;
  if (query.available) {
    // free times come from the hours and busy blocks: the SQL filter keeps who takes bookings, the week is checked here
    const candidates = await select()
      .where(where)
      .orderBy(...order)
      .limit(AVAILABLE_SCAN);
    const free = await nextFreeTimes(
      db,
      candidates.map((r) => r.id),
    );
    allMatches = candidates.filter((r) => free.has(r.id));
    rows = allMatches.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE + 1);
  } else {
    rows = await select()
      .where(where)
      .orderBy(...order)
      .limit(PAGE_SIZE + 1)
      .offset((page - 1) * PAGE_SIZE);
  }
  // Featured row (page 1 only): when every match fits on this page, the yearly members are already here, in
  // order; only a longer result list needs its own walk (which then finds 3 quickly).
  const featured =
    page !== 1
      ? []
      : rows.length <= PAGE_SIZE
        ? rows.filter((r) => r.plan === 'yearly').slice(0, FEATURED_MAX)
        : allMatches
          ? allMatches.filter((r) => r.plan === 'yearly').slice(0, FEATURED_MAX)
          : await select()
              .where(and(where, eq(partner.plan, 'yearly')))
              .orderBy(...order)
              .limit(FEATURED_MAX);
  const items = rows.slice(0, PAGE_SIZE);
  const next = await nextFreeTimes(db, [...new Set([...items, ...featured].map((r) => r.id))]);
  const card = (r: CardRow) => ({ ...toCard(r), nextFree: next.get(r.id) ?? null });
  return {
    featured: featured.map(card),
    items: items.map(card),
    nextPage: rows.length > PAGE_SIZE ? page + 1 : null,
    near: centre,
  };
}

/** A listed partner by slug or user id (docs/product.md §2 /professionals/{slug or user id}); anything else is not found. */
export async function findListed(db: Db, idOrSlug: string) {
  const [row] = await db
    .select({
      ...cardColumns,
      bio: partner.bio,
      website: partner.website,
      instagram: partner.instagram,
      facebook: partner.facebook,
      styleTags: partner.styleTags,
      createdAt: partner.createdAt,
    })
    .from(partner)
    .where(and(listed, or(eq(partner.slug, idOrSlug), eq(partner.userId, idOrSlug))))
    .limit(1);
  return row ?? null;
}
