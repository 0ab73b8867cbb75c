import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../lib/escape-html';
import { createPrerendered } from './prerendered-pages';
import { createRoutePreloads } from './route-preloads';

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
 * Every page asks who is signed in (`useMe`) before it shows anything that depends on it: the request starts
 * with the HTML instead of after the page's JavaScript has run (decision 183). `crossorigin="anonymous"` is
 * what the app's own `fetch` (same origin, credentials same-origin) matches, so the answer is used, not fetched twice.
 */
/** The one stylesheet Vite links (Tailwind writes every page's styles into it). */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/;

const SESSION_PRELOAD = '<link rel="preload" href="/api/me" as="fetch" crossorigin="anonymous" fetchpriority="high">';

/**
 * The built index.html with per-page title, description and Open Graph tags filled in by the server, the
 * page's own JavaScript named for early download, and `notice()`, when it says something, as a line above
 * the page (outside the app, so it needs no script).
 */
export function createHtmlRenderer(distDir: string, opts: { notice?: () => string | undefined } = {}) {
  const file = path.join(distDir, 'index.html');
  const preloadsFor = createRoutePreloads(distDir);
  const prerendered = createPrerendered(distDir);
  let template: string | undefined;
  let styles: string | undefined;
  return {
    available: () => existsSync(file),
    /** `visitor`: no session cookie came with the request, so a page drawn at build time for signed-out visitors fits. */
    render(meta: PageMeta, { visitor = false }: { visitor?: boolean } = {}): string {
      template ??= readFileSync(file, 'utf8');
      const tags = [
        // first in the head: it takes one of the phone's six connections before the scripts queue up for them
        SESSION_PRELOAD,
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
      // meta.url is this page's address wherever it is set
      const pathname = meta.url ? new URL(meta.url).pathname : undefined;
      // the page's chunks after the entry's own tags (the stylesheet keeps its place)
      const early = (pathname ? preloadsFor(pathname) : []).join('\n    ');
      const drawn = visitor && pathname ? prerendered(pathname) : undefined;
      // A function, not a string: `$&`, `` $` `` and `$'` in a string replacement are patterns, and the tags carry user text.
      let page = template.replace(/<title>[\s\S]*?<\/title>/, () => tags).replace(/<\/head>/, () => `  ${early}\n  </head>`);
      if (drawn) {
        // A drawn page paints as soon as its HTML and styles are in: the styles come inside the HTML instead of
        // as a second request that shares a phone's few connections with the scripts (decision 184).
        page = page
          .replace('<div id="root"></div>', () => `<div id="root">${drawn}</div>`)
          .replace(STYLESHEET, (_, href: string) => `<style>${(styles ??= readFileSync(path.join(distDir, href), 'utf8'))}</style>`);
      }
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
