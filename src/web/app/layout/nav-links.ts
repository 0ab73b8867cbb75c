import { bookingPaths } from '@shared/booking/paths';
import { pathTo, ROUTES } from '@shared/routes';

/** docs/product.md §2 global chrome: top links and the avatar menu's entries, shared by the desktop header and the mobile menu. */
export const TOP_LINKS = [
  { to: ROUTES.blog, label: 'Blog' },
  { to: ROUTES.professionals, label: 'Professionals' },
  { to: ROUTES.pricing, label: 'Pricing' },
  { to: ROUTES.styles, label: 'Style Library' },
] as const;

export const ACCOUNT_LINKS = [
  { to: ROUTES.studio, label: 'Dashboard' },
  { to: ROUTES.creations, label: 'My Creations' },
  { to: bookingPaths.mine, label: 'My Bookings' },
  { to: ROUTES.billing, label: 'Billing & Credits' },
  { to: ROUTES.account, label: 'Account' },
] as const;

/** The Professional section: Visit Professional Profile and Manage Listing for active professionals, else Join. */
export function professionalLinks(p: { active: boolean; slug: string | null }, userId: string) {
  return p.active
    ? [
        { to: pathTo('professional', { idOrSlug: p.slug ?? userId }), label: 'Visit Professional Profile' },
        { to: bookingPaths.agenda(), label: 'Bookings Agenda' },
        { to: ROUTES.partnerProfile, label: 'Manage Listing' },
      ]
    : [{ to: ROUTES.partners, label: 'Join as a Professional' }];
}
