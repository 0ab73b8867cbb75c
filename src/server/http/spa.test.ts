import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasSessionCookie } from '../auth/auth';
import { PRERENDERED_FILE } from './prerendered-pages';
import { ROUTE_PRELOADS_FILE } from './route-preloads';
import { createHtmlRenderer } from './spa';

/** A web build as Vite writes it, with the two files the build adds (decisions 183 and 184). */
const dist = mkdtempSync(path.join(os.tmpdir(), 'tress-spa-'));
mkdirSync(path.join(dist, '.vite'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>Tress</title><script type="module" crossorigin src="/assets/index-a.js"></script>' +
    '<link rel="stylesheet" crossorigin href="/assets/index-b.css"></head><body><div id="root"></div></body></html>',
);
writeFileSync(path.join(dist, 'assets/index-b.css'), '.hero{color:red}');
writeFileSync(path.join(dist, PRERENDERED_FILE), JSON.stringify({ pages: { '/': '<h1>See the colour</h1>' } }));
writeFileSync(path.join(dist, ROUTE_PRELOADS_FILE), JSON.stringify({ routes: [{ path: '/app', files: ['/assets/studio-page-c.js'] }] }));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const html = createHtmlRenderer(dist);
const meta = (pathname: string) => ({ title: 'T', description: 'D', url: `https://tress.example${pathname}` });

describe('the first HTML of a page', () => {
  it('a visitor gets the drawn landing with its styles inside, so it paints before any script', () => {
    const page = html.render(meta('/'), { visitor: true });
    expect(page).toContain('<div id="root"><h1>See the colour</h1></div>');
    expect(page).toContain('<style>.hero{color:red}</style>');
    expect(page).not.toContain('rel="stylesheet"');
  });

  it('someone signed in gets the page drawn in the browser, with the stylesheet linked', () => {
    const page = html.render(meta('/'));
    expect(page).toContain('<div id="root"></div>');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-b.css">');
  });

  it('a page not drawn at build time is drawn in the browser for visitors too', () => {
    expect(html.render(meta('/pricing'), { visitor: true })).toContain('<div id="root"></div>');
  });

  it("names the page's own scripts and the session for early download", () => {
    const app = html.render(meta('/app'));
    expect(app).toContain('<link rel="modulepreload" crossorigin href="/assets/studio-page-c.js">');
    expect(app).toContain('<link rel="preload" href="/api/me" as="fetch" crossorigin="anonymous" fetchpriority="high">');
    expect(html.render(meta('/pricing'))).not.toContain('modulepreload');
  });

  it('tells a session cookie, under either name, from none', () => {
    expect(hasSessionCookie(new Headers({ cookie: 'tress.session_token=abc.def' }))).toBe(true);
    expect(hasSessionCookie(new Headers({ cookie: 'a=1; __Secure-tress.session_token=abc.def' }))).toBe(true);
    expect(hasSessionCookie(new Headers({ cookie: 'other.session_token=abc' }))).toBe(false);
    expect(hasSessionCookie(new Headers())).toBe(false);
  });
});
