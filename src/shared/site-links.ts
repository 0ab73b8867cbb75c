import { ROUTES } from './routes';

/** A link in one of the site's lists of pages. */
export interface SiteLink {
  to: string;
  label: string;
}

/** The footer's columns (docs/product.md §2 Global chrome). */
export const FOOTER_COLUMNS: { title: string; links: SiteLink[] }[] = [
  {
    title: 'Solutions',
    links: [
      { to: ROUTES.studio, label: 'AI Generator' },
      { to: ROUTES.creations, label: 'My Creations' },
      { to: ROUTES.styles, label: 'AI Hair Gallery' },
    ],
  },
  {
    title: 'Discover',
    links: [
      { to: ROUTES.professionals, label: 'Find Professionals' },
      { to: ROUTES.partners, label: 'List Your Business' },
      { to: ROUTES.pricing, label: 'Pricing' },
      { to: ROUTES.shop, label: 'Shop The Look' },
      { to: ROUTES.blog, label: 'Blog' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: ROUTES.about, label: 'About' },
      { to: ROUTES.contact, label: 'Contact' },
      { to: ROUTES.careers, label: 'Careers' },
    ],
  },
];

/** The footer's last line. */
export const FOOTER_LEGAL: SiteLink[] = [
  { to: ROUTES.privacy, label: 'Privacy' },
  { to: ROUTES.terms, label: 'Terms' },
  { to: ROUTES.sitemap, label: 'Sitemap' },
];

/** The /sitemap page: every public page a person can open, grouped. */
export const SITEMAP_GROUPS: { title: string; links: SiteLink[] }[] = [
  {
    title: 'Try on',
    links: [
      { to: ROUTES.home, label: 'Home' },
      { to: ROUTES.studio, label: 'AI Generator' },
      { to: ROUTES.creations, label: 'My Creations' },
      { to: ROUTES.styles, label: 'Style Library' },
      { to: ROUTES.pricing, label: 'Pricing' },
    ],
  },
  {
    title: 'Discover',
    links: [
      { to: ROUTES.professionals, label: 'Find Professionals' },
      { to: ROUTES.bookings, label: 'My Bookings' },
      { to: ROUTES.shop, label: 'Shop The Look' },
      { to: ROUTES.blog, label: 'Blog' },
    ],
  },
  {
    title: 'Professionals',
    links: [
      { to: ROUTES.partners, label: 'List Your Business' },
      { to: ROUTES.partnersSignup, label: 'Join as a Professional' },
      { to: ROUTES.partnersLogin, label: 'Professional sign in' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: ROUTES.about, label: 'About' },
      { to: ROUTES.contact, label: 'Contact' },
      { to: ROUTES.careers, label: 'Careers' },
      { to: ROUTES.privacy, label: 'Privacy' },
      { to: ROUTES.terms, label: 'Terms' },
      { to: ROUTES.login, label: 'Sign in' },
      { to: ROUTES.account, label: 'Your account' },
    ],
  },
];
