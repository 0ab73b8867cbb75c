import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { STYLE_TAGS } from '@shared/partners/style-tags';

const KIND = new Map(STYLE_TAGS.map((t) => [t.id, t.kind]));

/** The directory URL of one look in one city: `/professionals?style=balayage&near=2644688` (or `colour=`). */
function styleCityPath(tag: string, placeId: number): string | null {
  const kind = KIND.get(tag);
  if (!kind) return null;
  return `/professionals?${kind === 'technique' ? 'style' : 'colour'}=${encodeURIComponent(tag)}&near=${placeId}`;
}

/**
 * Paths for sitemap.xml (issue 18): every listed profile, and a look × city directory page for each pair
 * that at least one listed professional there shows in their portfolio; never an empty page.
 */
export async function directorySitemapPaths(db: Db): Promise<string[]> {
  const profiles = await db.execute<{ path: string }>(
    sql`select coalesce(slug, user_id) as path from partner where listed order by business_name, user_id limit 40000`,
  );
  const pairs = await db.execute<{ tag: string; place_id: number }>(sql`
    select distinct t.tag, p.place_id from partner p cross join lateral jsonb_array_elements_text(p.style_tags) as t(tag)
    where p.listed and p.place_id is not null order by 2, 1 limit 10000`);
  return [
    ...profiles.rows.map((r) => `/professionals/${encodeURIComponent(r.path)}`),
    ...pairs.rows.flatMap((r) => styleCityPath(r.tag, Number(r.place_id)) ?? []),
  ];
}
