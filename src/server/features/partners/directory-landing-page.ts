import type { Context } from 'hono';
import type { AppEnv } from '../../http/context';
import type { HtmlRenderer } from '../../http/spa';
import { seoFor } from '@shared/seo';
import { DirectoryQuerySchema } from '@shared/partners/schemas';
import { styleTagLabel } from '@shared/partners/style-tags';
import { searchDirectory } from './directory-search';

/**
 * First HTML of /professionals with a look and a city (`?style=balayage&near=…`): its own title and
 * description when someone there shows that look, the directory's defaults otherwise (issue 18).
 */
export async function renderDirectoryPage(c: Context<AppEnv>, html: HtmlRenderer) {
  const s = c.get('services');
  const defaults = { ...seoFor('/professionals'), url: `${s.env.publicUrl}/professionals` };
  const query = DirectoryQuerySchema.safeParse(c.req.query());
  if (!query.success || !query.data.near || !(query.data.style || query.data.colour) || query.data.q) return c.html(html.render(defaults));
  const page = await searchDirectory(s.db, { ...query.data, page: 1 }).catch(() => null);
  if (!page?.near || page.items.length === 0) return c.html(html.render(defaults));
  const look = [query.data.colour, query.data.style]
    .filter((x): x is string => Boolean(x))
    .map(styleTagLabel)
    .join(' ');
  const city = page.near.label.split(',')[0];
  const count = page.items.length + (page.nextPage ? '+' : '');
  const qs = new URLSearchParams({
    ...(query.data.style ? { style: query.data.style } : {}),
    ...(query.data.colour ? { colour: query.data.colour } : {}),
    near: String(query.data.near),
  });
  return c.html(
    html.render({
      title: `${look} near ${city} — Tress`,
      description: `${count} hair ${page.items.length === 1 ? 'professional' : 'professionals'} near ${page.near.label} with ${look.toLowerCase()} in their portfolio: pictures, reviews and distance. Try the look on your own photo first.`,
      url: `${s.env.publicUrl}/professionals?${qs}`,
    }),
  );
}
