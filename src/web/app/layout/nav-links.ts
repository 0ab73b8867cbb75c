import { bookingPaths } from '@shared/booking/paths';

/** Spec §2 global chrome: top links and the avatar menu's entries, shared by the desktop header and the mobile menu. */
export const TOP_LINKS = [
  { to: '/blog', label: 'Blog' },
  { to: '/professionals', label: 'Professionals' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/styles', label: 'Style Library' },
] as const;

export const ACCOUNT_LINKS = [
  { to: '/app', label: 'Dashboard' },
  { to: '/creations', label: 'My Creations' },
  { to: bookingPaths.mine, label: 'My Bookings' },
  { to: '/billing', label: 'Billing & Credits' },
  { to: '/account', label: 'Account' },
] as const;

/** The Professional section: Visit Professional Profile and Manage Listing for active professionals, else Join. */
export function professionalLinks(p: { active: boolean; slug: string | null }, userId: string) {
  return p.active
    ? [
        { to: `/professionals/${p.slug ?? userId}`, label: 'Visit Professional Profile' },
        { to: bookingPaths.agenda(), label: 'Bookings Agenda' },
        { to: '/partner/profile', label: 'Manage Listing' },
      ]
    : [{ to: '/partners', label: 'Join as a Professional' }];
}
