import type { Context } from 'hono';
import type { AppEnv } from '../../http/context';
import type { HtmlRenderer } from '../../http/spa';
import { seoFor } from '@shared/seo';
import { formatRating } from '@shared/partners/format';
import { findListed } from './directory-search';
import { mediaUrl } from './partner-media';

/**
 * First HTML of /professionals/{slug or id} with the professional's own title, description and
 * Open Graph image, so a shared link previews well. Unknown or unlisted: the directory's defaults.
 */
export async function renderProfessionalPage(c: Context<AppEnv>, html: HtmlRenderer) {
  const s = c.get('services');
  const url = `${s.env.publicUrl}${c.req.path}`;
  const row = await findListed(s.db, c.req.param('idOrSlug')?.slice(0, 80) ?? '').catch(() => null);
  if (!row) return c.html(html.render({ ...seoFor('/professionals'), url }));
  const where = row.location ? ` in ${row.location}` : '';
  const rating =
    row.ratingCount > 0
      ? ` Rated ${formatRating(row.averageRating, row.ratingCount)}/5 by ${row.ratingCount} ${row.ratingCount === 1 ? 'client' : 'clients'}.`
      : '';
  const services = row.services.slice(0, 4).join(', ');
  const description = (row.bio.trim() || `${row.businessName}: ${services || 'hair professional'}${where}.`).slice(0, 200) + rating;
  const image = mediaUrl(row.coverKey ?? row.profileImageKey);
  return c.html(
    html.render({
      title: `${row.businessName}${where} — Tress`,
      description,
      image: image ? `${s.env.publicUrl}${image}` : undefined,
      url: `${s.env.publicUrl}/professionals/${row.slug ?? row.id}`,
    }),
  );
}
