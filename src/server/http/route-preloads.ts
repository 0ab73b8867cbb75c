import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../lib/escape-html';

/** Written by the build (scripts/route-preloads.ts) inside the web build's folder. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

export interface RoutePreloads {
  /** In the router's order: a path pattern (`/professionals/:idOrSlug`) and the files its page loads beyond the entry. */
  routes: { path: string; files: string[] }[];
}

/** Whether `pathname` is the route `pattern` (React Router's `:name` segments, one segment each). */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  if (pattern === '/') return pathname === '/';
  return want.length === got.length && want.every((seg, i) => (seg.startsWith(':') ? got[i].length > 0 : seg === got[i]));
}

/**
 * `<link rel="modulepreload">` for the page's own chunks (decision 183): without them the browser finds them
 * only after the entry has downloaded and run, one round trip after another on a slow phone. A build
 * without the file (an older one) gets none, and nothing else changes.
 */
export function createRoutePreloads(distDir: string) {
  const file = path.join(distDir, ROUTE_PRELOADS_FILE);
  let table: RoutePreloads | undefined;
  return (pathname: string): string[] => {
    table ??= existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads) : { routes: [] };
    const route = table.routes.find((r) => matchesRoute(r.path, pathname));
    return (route?.files ?? []).map((f) => `<link rel="modulepreload" crossorigin href="${escapeHtml(f)}">`);
  };
}
