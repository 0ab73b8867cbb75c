import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../lib/escape-html';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of a preview image for Open Graph cards. */
  image?: string;
  url?: string;
  /** The page's largest picture, preloaded so the browser fetches it while the JavaScript loads. */
  preloadImage?: { srcset: string; sizes: string; type: string };
}

/**
 * The built index.html with per-page title, description and Open Graph tags filled in by the server, and
 * `notice()`, when it says something, as a line above the page (outside the app, so it needs no script).
 */
export function createHtmlRenderer(distDir: string, opts: { notice?: () => string | undefined } = {}) {
  const file = path.join(distDir, 'index.html');
  let template: string | undefined;
  return {
    available: () => existsSync(file),
    render(meta: PageMeta): string {
      template ??= readFileSync(file, 'utf8');
      const tags = [
        `<title>${escapeHtml(meta.title)}</title>`,
        `<meta name="description" content="${escapeHtml(meta.description)}">`,
        `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
        `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
        `<meta property="og:type" content="website">`,
        meta.url ? `<meta property="og:url" content="${escapeHtml(meta.url)}">` : '',
        meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}">` : '',
        `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
        meta.preloadImage
          ? `<link rel="preload" as="image" type="${escapeHtml(meta.preloadImage.type)}" imagesrcset="${escapeHtml(meta.preloadImage.srcset)}" imagesizes="${escapeHtml(meta.preloadImage.sizes)}" fetchpriority="high">`
          : '',
      ].join('\n    ');
      const notice = opts.notice?.();
      // A function, not a string: `$&`, `` $` `` and `$'` in a string replacement are patterns, and the tags carry user text.
      const page = template.replace(/<title>[\s\S]*?<\/title>/, () => tags);
      return notice
        ? page.replace(
            /<body[^>]*>/,
            (body) => `${body}\n    <p role="status" class="bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">${escapeHtml(notice)}</p>`,
          )
        : page;
    },
  };
}
export type HtmlRenderer = ReturnType<typeof createHtmlRenderer>;
