import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { ROUTES } from '@shared/routes';
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

/**
 * The code that draws each page of ROUTES (src/shared/routes.ts, the route table of docs/product.md §2), one a
 * line: the build reads these lines for each page's preloads (scripts/route-preloads.ts, whose test holds that
 * every page of ROUTES is here). /app, /billing and /partners/subscribe render their own signed-out states.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootError />,
    children: [
      { path: ROUTES.home, ...page(() => import('@web/features/content/pages/landing-page')) },
      { path: ROUTES.login, ...page(() => import('@web/features/auth/pages/login-page')) },
      { path: ROUTES.forgotPassword, ...page(() => import('@web/features/auth/pages/forgot-password-page')) },
      { path: ROUTES.resetPassword, ...page(() => import('@web/features/auth/pages/reset-password-page')) },
      { path: ROUTES.account, ...guarded(() => import('@web/features/account/pages/account-page'), signedIn) },
      { path: ROUTES.studio, ...page(() => import('@web/features/studio/pages/studio-page')) },
      { path: ROUTES.creations, ...guarded(() => import('@web/features/studio/pages/creations-page'), signedIn) },
      { path: ROUTES.sharedCreation, ...page(() => import('@web/features/studio/pages/shared-creation-page')) },
      { path: ROUTES.billing, ...page(() => import('@web/features/billing/pages/billing-page')) },
      { path: ROUTES.pricing, ...page(() => import('@web/features/billing/pages/pricing-page')) },
      { path: ROUTES.checkoutSuccess, ...page(() => import('@web/features/billing/pages/checkout-success-page')) },
      { path: ROUTES.checkoutCancel, ...page(() => import('@web/features/billing/pages/checkout-cancel-page')) },
      { path: ROUTES.styles, ...page(() => import('@web/features/content/pages/styles-page')) },
      { path: ROUTES.shop, ...page(() => import('@web/features/content/pages/shop-page')) },
      { path: ROUTES.blog, ...page(() => import('@web/features/content/pages/blog-page')) },
      { path: ROUTES.blogPost, ...page(() => import('@web/features/content/pages/blog-post-page')) },
      { path: ROUTES.professionals, ...page(() => import('@web/features/partners/pages/directory-page')) },
      { path: ROUTES.professional, ...page(() => import('@web/features/partners/pages/professional-page')) },
      { path: ROUTES.bookProfessional, ...guarded(() => import('@web/features/booking/pages/book-page'), signedIn) },
      { path: ROUTES.bookings, ...guarded(() => import('@web/features/booking/pages/my-bookings-page'), signedIn) },
      { path: ROUTES.manageBooking, ...page(() => import('@web/features/booking/pages/booking-link-page')) },
      { path: ROUTES.partners, ...page(() => import('@web/features/partners/pages/partners-page')) },
      { path: ROUTES.partnersSignup, ...page(() => import('@web/features/partners/pages/partners-signup-page')) },
      { path: ROUTES.partnersLogin, ...page(() => import('@web/features/auth/pages/partner-login-page')) },
      { path: ROUTES.partnersSubscribe, ...page(() => import('@web/features/billing/pages/partners-subscribe-page')) },
      { path: ROUTES.partnerProfile, ...guarded(() => import('@web/features/partners/pages/partner-profile-page'), partnerArea) },
      { path: ROUTES.partnerServices, ...guarded(() => import('@web/features/booking/pages/partner-services-page'), partnerArea) },
      { path: ROUTES.partnerBookings, ...guarded(() => import('@web/features/booking/pages/partner-bookings-page'), partnerArea) },
      { path: ROUTES.partnerInsights, ...guarded(() => import('@web/features/partners/pages/partner-insights-page'), partnerArea) },
      { path: ROUTES.about, ...page(() => import('@web/features/content/pages/about-page')) },
      { path: ROUTES.contact, ...page(() => import('@web/features/content/pages/contact-page')) },
      { path: ROUTES.careers, ...page(() => import('@web/features/content/pages/careers-page')) },
      { path: ROUTES.privacy, ...page(() => import('@web/features/content/pages/privacy-page')) },
      { path: ROUTES.terms, ...page(() => import('@web/features/content/pages/terms-page')) },
      { path: ROUTES.sitemap, ...page(() => import('@web/features/content/pages/sitemap-page')) },
      { path: '*', element: <Navigate to={ROUTES.home} replace /> },
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
