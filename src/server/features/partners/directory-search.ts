import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partner } from '../../db/schema';
import type { DirectoryPage, PartnerCard } from '../../../shared/partners/views';
import type { DirectoryQuery } from '../../../shared/partners/schemas';
import { mediaUrl } from './partner-media';
import { prefixQuery } from './search-text';

export const PAGE_SIZE = 24;
export const FEATURED_MAX = 3;

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
  coverKey: sql<string | null>`(select pi.storage_key from partner_image pi where pi.partner_id = ${partner.userId} and pi.kind = 'portfolio' order by pi.position, pi.created_at limit 1)`,
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
  };
}

/** Search, filter and sort in the database (spec §4, §5, §9); decision 052 has the index choices. */
export function directoryFilter(query: Pick<DirectoryQuery, 'q' | 'style' | 'colour'>): SQL {
  const conds: SQL[] = [listed];
  const tsq = prefixQuery(query.q ?? '');
  if (tsq) conds.push(sql`${partner.searchVector} @@ to_tsquery('simple', ${tsq})`);
  const tags = [query.style, query.colour].filter((t): t is string => Boolean(t));
  if (tags.length) conds.push(sql`${partner.styleTags} @> ${JSON.stringify(tags)}::jsonb`);
  return and(...conds)!;
}

/** Spelled exactly as partner_directory_idx is built (DESC NULLS LAST), so the index yields rows already sorted. */
const ORDER = [sql`${partner.isVerified} desc nulls last`, sql`${partner.averageRating} desc nulls last`, asc(partner.businessName), asc(partner.userId)];

export async function searchDirectory(db: Db, query: DirectoryQuery): Promise<DirectoryPage> {
  const where = directoryFilter(query);
  const page = query.page ?? 1;
  const rows = await db.select(cardColumns).from(partner).where(where).orderBy(...ORDER).limit(PAGE_SIZE + 1).offset((page - 1) * PAGE_SIZE);
  // Featured row (page 1 only): when every match fits on this page, the yearly members are already here, in
  // order; only a longer result list needs its own walk (which then finds 3 quickly).
  const featured =
    page !== 1
      ? []
      : rows.length <= PAGE_SIZE
        ? rows.filter((r) => r.plan === 'yearly').slice(0, FEATURED_MAX)
        : await db.select(cardColumns).from(partner).where(and(where, eq(partner.plan, 'yearly'))).orderBy(...ORDER).limit(FEATURED_MAX);
  return {
    featured: featured.map(toCard),
    items: rows.slice(0, PAGE_SIZE).map(toCard),
    nextPage: rows.length > PAGE_SIZE ? page + 1 : null,
  };
}

/** A listed partner by slug or user id (spec §2 /professionals/{slug or user id}); anything else is not found. */
export async function findListed(db: Db, idOrSlug: string) {
  const [row] = await db
    .select({ ...cardColumns, bio: partner.bio, website: partner.website, instagram: partner.instagram, facebook: partner.facebook, styleTags: partner.styleTags, createdAt: partner.createdAt })
    .from(partner)
    .where(and(listed, or(eq(partner.slug, idOrSlug), eq(partner.userId, idOrSlug))))
    .limit(1);
  return row ?? null;
}
