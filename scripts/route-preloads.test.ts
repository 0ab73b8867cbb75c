import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@shared/routes';
import { matchesRoute } from '../src/server/http/route-preloads';
import { routeNames, routerPages } from './route-preloads';

const read = (file: string) => readFileSync(path.join(import.meta.dirname, '..', file), 'utf8');

describe('which page each route loads (decision 183)', () => {
  it('reads every page of the router, by path and module', () => {
    const router = read('src/web/app/router.tsx');
    const pages = routerPages(router, routeNames(read('src/shared/routes.ts')));
    expect(pages).toHaveLength(router.match(/import\('@web\/features\//g)!.length);
    expect(pages).toContainEqual({ path: '/app', module: '@web/features/studio/pages/studio-page' });
    expect(new Set(pages.map((p) => p.path)).size).toBe(pages.length);
    // the router draws every page of the one route table, and no other
    expect(new Set(pages.map((p) => p.path))).toEqual(new Set(Object.values(ROUTES)));
  });

  it('reads the route names as the code declares them, and a router that uses them', () => {
    expect(routeNames(read('src/shared/routes.ts'))).toEqual(ROUTES);
    const line = "      { path: ROUTES.professional, ...page(() => import('@web/features/partners/pages/professional-page')) },";
    expect(routerPages(line, ROUTES)).toEqual([{ path: '/professionals/:idOrSlug', module: '@web/features/partners/pages/professional-page' }]);
    expect(() => routerPages("{ path: somewhere(), ...page(() => import('@web/x')) }", ROUTES)).toThrow(/cannot read/);
  });

  it('matches a path to its route as the router does', () => {
    expect(matchesRoute('/', '/')).toBe(true);
    expect(matchesRoute('/', '/app')).toBe(false);
    expect(matchesRoute('/app', '/app/')).toBe(true);
    expect(matchesRoute('/professionals/:idOrSlug', '/professionals/ana-cuts')).toBe(true);
    expect(matchesRoute('/professionals/:idOrSlug', '/professionals')).toBe(false);
    expect(matchesRoute('/professionals/:idOrSlug', '/professionals/ana-cuts/book')).toBe(false);
  });
});
