import type { Context } from 'hono';
import type { AppEnv } from '../../http/context';
import type { HtmlRenderer } from '../../http/spa';
import { sharedCompareUrl, sharedImageUrl } from './creation-view';
import { sharedCreationByToken } from './manage-creations';

/** /c/{token}: the SPA page with its title and Open Graph picture filled in, so link previews show the look. */
export async function renderSharedCreationPage(c: Context<AppEnv>, html: HtmlRenderer) {
  if (!html.available()) return c.text('The web app is not built. Run `npm run build` (npm start does it for you).', 503);
  const services = c.get('services');
  const { publicUrl } = services.env;
  const token = c.req.param('token') ?? '';
  const row = await sharedCreationByToken(services, token);
  const url = `${publicUrl}/c/${encodeURIComponent(token)}`;
  if (!row) {
    return c.html(
      html.render({
        title: 'Shared look not found — Tress',
        description: 'This shared look is no longer available. Try a new hair colour on your own photo with Tress.',
        url,
      }),
      404,
    );
  }
  const look = typeof row.meta.applied === 'string' && row.meta.applied ? row.meta.applied : row.prompt;
  return c.html(
    html.render({
      title: `${look} — a look tried on with Tress`,
      description: `“${row.prompt}”, tried on a real photo with Tress. Try this style on your own photo.`,
      // the preview follows the owner's choice: the result alone, or before and after side by side
      image: `${publicUrl}${row.shareIncludesBefore ? sharedCompareUrl(row.shareToken) : sharedImageUrl(row.shareToken, 'after')}`,
      url,
    }),
  );
}
