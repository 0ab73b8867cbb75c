import { ROUTES, type RouteName } from '@shared/routes';

/** Who opens a page: nobody signed in, the demo user, or the demo professional. */
export type As = 'visitor' | 'user' | 'pro';

/**
 * Who opens each page of ROUTES to see it as it is meant to be seen: a signed-in page as its account, the studio
 * also as a visitor (it draws its own signed-out state). Keyed by every route name, so a page added to ROUTES does
 * not compile here until it says who sees it, and the budgets and benches that walk this list cover it.
 */
const SEEN_BY: Record<RouteName, readonly As[]> = {
  home: ['visitor'],
  login: ['visitor'],
  forgotPassword: ['visitor'],
  resetPassword: ['visitor'],
  account: ['user'],
  studio: ['visitor', 'user'],
  creations: ['user'],
  sharedCreation: ['visitor'],
  billing: ['user'],
  pricing: ['visitor'],
  checkoutSuccess: ['user'],
  checkoutCancel: ['user'],
  styles: ['visitor'],
  shop: ['visitor'],
  blog: ['visitor'],
  blogPost: ['visitor'],
  professionals: ['visitor'],
  professional: ['visitor'],
  bookProfessional: ['user'],
  bookings: ['user'],
  manageBooking: ['visitor'],
  partners: ['visitor'],
  partnersSignup: ['visitor'],
  partnersLogin: ['visitor'],
  partnersSubscribe: ['pro'],
  partnerProfile: ['pro'],
  partnerServices: ['pro'],
  partnerBookings: ['pro'],
  partnerInsights: ['pro'],
  about: ['visitor'],
  contact: ['visitor'],
  careers: ['visitor'],
  privacy: ['visitor'],
  terms: ['visitor'],
  sitemap: ['visitor'],
};

export interface RoutePage {
  name: RouteName;
  /** the route as declared, `:name` segments and all */
  route: string;
  as: As;
}

/** Every page of the router, once per account that sees it. */
export const ROUTE_PAGES: RoutePage[] = (Object.keys(ROUTES) as RouteName[]).flatMap((name) => SEEN_BY[name].map((as) => ({ name, route: ROUTES[name], as })));

export const pageLabel = (p: Pick<RoutePage, 'route' | 'as'>) => `${p.route}${p.as === 'visitor' ? '' : ` (${p.as})`}`;

/**
 * A real address for a route: a `:token` (a share or booking link) is one that matches nothing, so the page draws
 * its "no such link" state; any other parameter is taken from a page the sitemap lists under the same prefix
 * (a blog post, a professional), with what follows it kept (`/professionals/<slug>/book`).
 */
export function concretePath(route: string, sitemapPaths: readonly string[]): string {
  const param = /:(\w+)/.exec(route);
  if (!param) return route;
  if (param[1] === 'token') return route.replace(param[0], 'no-such-link');
  const prefix = route.slice(0, param.index);
  const rest = route.slice(param.index + param[0].length);
  const found = sitemapPaths.find((p) => p.startsWith(prefix) && p.length > prefix.length && !p.slice(prefix.length).includes('/'));
  if (!found) throw new Error(`no ${prefix}… page in the sitemap for ${route}`);
  return found + rest;
}

/** The paths /sitemap.xml lists. */
export const sitemapPaths = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
