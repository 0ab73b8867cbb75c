/**
 * Every page's path, named once. The router, the header, the footer, the sitemap page and /sitemap.xml read them
 * here, so a page renamed or added is renamed or added everywhere (src/shared/site-links.test.ts holds that the
 * lists agree).
 */
export const ROUTES = {
  home: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  account: '/account',
  studio: '/app',
  creations: '/creations',
  sharedCreation: '/c/:token',
  billing: '/billing',
  pricing: '/pricing',
  checkoutSuccess: '/checkout/success',
  checkoutCancel: '/checkout/cancel',
  styles: '/styles',
  shop: '/shop',
  blog: '/blog',
  blogPost: '/blog/:slug',
  professionals: '/professionals',
  professional: '/professionals/:idOrSlug',
  bookProfessional: '/professionals/:idOrSlug/book',
  bookings: '/bookings',
  manageBooking: '/bookings/manage/:token',
  partners: '/partners',
  partnersSignup: '/partners/signup',
  partnersLogin: '/partners/login',
  partnersSubscribe: '/partners/subscribe',
  partnerProfile: '/partner/profile',
  partnerServices: '/partner/services',
  partnerBookings: '/partner/bookings',
  partnerInsights: '/partner/insights',
  about: '/about',
  contact: '/contact',
  careers: '/careers',
  privacy: '/privacy',
  terms: '/terms',
  sitemap: '/sitemap',
} as const;

export type RouteName = keyof typeof ROUTES;

/** A path with its `:name` segments filled in: `pathTo('blogPost', { slug })`. */
export function pathTo(name: RouteName, params: Record<string, string> = {}): string {
  return ROUTES[name].replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`pathTo('${name}') needs ${key}`);
    return encodeURIComponent(value);
  });
}
