import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { RequireAuth, RequireProfessional } from '@web/features/auth/public';
import { RootError } from './layout/root-error';
import { RootLayout } from './layout/root-layout';

/** Each screen is its own chunk, so the landing page ships only what it shows. */
const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const guarded = (load: () => Promise<{ default: ComponentType }>, wrap: (C: ComponentType) => ComponentType): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: wrap((await load()).default) }),
});
const signedIn = (C: ComponentType) =>
  function SignedIn() {
    return (
      <RequireAuth>
        <C />
      </RequireAuth>
    );
  };
const partnerArea = (C: ComponentType) =>
  function PartnerArea() {
    return (
      <RequireProfessional allowSubscribed>
        <C />
      </RequireProfessional>
    );
  };

/** The route table of docs/product.md §2. /app, /billing and /partners/subscribe render their own signed-out states. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootError />,
    children: [
      { path: '/', ...page(() => import('@web/features/content/pages/landing-page')) },
      { path: '/login', ...page(() => import('@web/features/auth/pages/login-page')) },
      { path: '/forgot-password', ...page(() => import('@web/features/auth/pages/forgot-password-page')) },
      { path: '/reset-password', ...page(() => import('@web/features/auth/pages/reset-password-page')) },
      { path: '/account', ...guarded(() => import('@web/features/account/pages/account-page'), signedIn) },
      { path: '/app', ...page(() => import('@web/features/studio/pages/studio-page')) },
      { path: '/creations', ...guarded(() => import('@web/features/studio/pages/creations-page'), signedIn) },
      { path: '/c/:token', ...page(() => import('@web/features/studio/pages/shared-creation-page')) },
      { path: '/billing', ...page(() => import('@web/features/billing/pages/billing-page')) },
      { path: '/pricing', ...page(() => import('@web/features/billing/pages/pricing-page')) },
      { path: '/checkout/success', ...page(() => import('@web/features/billing/pages/checkout-success-page')) },
      { path: '/checkout/cancel', ...page(() => import('@web/features/billing/pages/checkout-cancel-page')) },
      { path: '/styles', ...page(() => import('@web/features/content/pages/styles-page')) },
      { path: '/shop', ...page(() => import('@web/features/content/pages/shop-page')) },
      { path: '/blog', ...page(() => import('@web/features/content/pages/blog-page')) },
      { path: '/blog/:slug', ...page(() => import('@web/features/content/pages/blog-post-page')) },
      { path: '/professionals', ...page(() => import('@web/features/partners/pages/directory-page')) },
      { path: '/professionals/:idOrSlug', ...page(() => import('@web/features/partners/pages/professional-page')) },
      { path: '/professionals/:idOrSlug/book', ...guarded(() => import('@web/features/booking/pages/book-page'), signedIn) },
      { path: '/bookings', ...guarded(() => import('@web/features/booking/pages/my-bookings-page'), signedIn) },
      { path: '/bookings/manage/:token', ...page(() => import('@web/features/booking/pages/booking-link-page')) },
      { path: '/partners', ...page(() => import('@web/features/partners/pages/partners-page')) },
      { path: '/partners/signup', ...page(() => import('@web/features/partners/pages/partners-signup-page')) },
      { path: '/partners/login', ...page(() => import('@web/features/auth/pages/partner-login-page')) },
      { path: '/partners/subscribe', ...page(() => import('@web/features/billing/pages/partners-subscribe-page')) },
      { path: '/partner/profile', ...guarded(() => import('@web/features/partners/pages/partner-profile-page'), partnerArea) },
      { path: '/partner/services', ...guarded(() => import('@web/features/booking/pages/partner-services-page'), partnerArea) },
      { path: '/partner/bookings', ...guarded(() => import('@web/features/booking/pages/partner-bookings-page'), partnerArea) },
      { path: '/partner/insights', ...guarded(() => import('@web/features/partners/pages/partner-insights-page'), partnerArea) },
      { path: '/about', ...page(() => import('@web/features/content/pages/about-page')) },
      { path: '/contact', ...page(() => import('@web/features/content/pages/contact-page')) },
      { path: '/careers', ...page(() => import('@web/features/content/pages/careers-page')) },
      { path: '/privacy', ...page(() => import('@web/features/content/pages/privacy-page')) },
      { path: '/terms', ...page(() => import('@web/features/content/pages/terms-page')) },
      { path: '/sitemap', ...page(() => import('@web/features/content/pages/sitemap-page')) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/**
 * The browser's router, made once the current page's code is in place: a page the server sent already drawn
 * (decision 184) must render at once exactly as it was drawn, and any other page would wait for that code anyway.
 */
export async function createRouter() {
  const pending = (matchRoutes(routes, window.location) ?? []).map((m) => m.route).filter((r) => typeof r.lazy === 'function');
  await Promise.all(pending.map(async (r) => Object.assign(r, await (r.lazy as () => Promise<Partial<RouteObject>>)(), { lazy: undefined })));
  return createBrowserRouter(routes);
}
