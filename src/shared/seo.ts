/** Title and description of each public page: the server writes them into the first HTML, the SPA on navigation. */
export interface SeoEntry {
  path: string;
  title: string;
  description: string;
  /** Listed in /sitemap.xml. */
  sitemap: boolean;
}

const SITE = 'Tress';

export const SEO_PAGES: SeoEntry[] = [
  { path: '/', title: `${SITE} — Try a new hair colour on your own photo`, description: 'Upload a selfie, describe a colour or technique and see it on your own hair in seconds. Then find a professional who does that look.', sitemap: true },
  { path: '/login', title: `Sign in — ${SITE}`, description: 'Sign in or create your Tress account. New accounts get a free credit.', sitemap: false },
  { path: '/pricing', title: `Pricing — ${SITE}`, description: 'Credit packs for the try-on studio and listing plans for hair professionals. Credits never expire.', sitemap: true },
  { path: '/styles', title: `Style Library — ${SITE}`, description: 'Thirty hair colours and techniques to try on your own photo, for women and men.', sitemap: true },
  { path: '/shop', title: `Shop The Look — ${SITE}`, description: 'Hair colour, growth and care products picked to go with the looks you try on.', sitemap: true },
  { path: '/blog', title: `Blog — ${SITE}`, description: 'Practical guides on hair colour, lightening and caring for coloured hair.', sitemap: true },
  { path: '/professionals', title: `Find a hair professional — ${SITE}`, description: 'Hairdressers, colourists and barbers with portfolios and reviews. Search by city, service or technique.', sitemap: true },
  { path: '/partners', title: `List your salon — ${SITE}`, description: 'Get found by clients who already know the look they want. Monthly or yearly listing, no commissions.', sitemap: true },
  { path: '/partners/signup', title: `Join as a professional — ${SITE}`, description: 'Create your professional account and list your business in the Tress directory.', sitemap: true },
  { path: '/partners/login', title: `Sign in (Professional) — ${SITE}`, description: 'Sign in to manage your Tress listing.', sitemap: false },
  { path: '/about', title: `About — ${SITE}`, description: 'Why we built Tress and how the try-on works.', sitemap: true },
  { path: '/contact', title: `Contact — ${SITE}`, description: 'How to reach the Tress team.', sitemap: true },
  { path: '/careers', title: `Careers — ${SITE}`, description: 'Work with us on Tress.', sitemap: true },
  { path: '/privacy', title: `Privacy — ${SITE}`, description: 'What Tress stores about you and why.', sitemap: true },
  { path: '/terms', title: `Terms — ${SITE}`, description: 'The terms of using Tress.', sitemap: true },
  { path: '/sitemap', title: `Sitemap — ${SITE}`, description: 'Every page of Tress.', sitemap: false },
];

export const DEFAULT_SEO = SEO_PAGES[0];

export function seoFor(pathname: string): Pick<SeoEntry, 'title' | 'description'> {
  return SEO_PAGES.find((p) => p.path === pathname) ?? { title: SITE, description: DEFAULT_SEO.description };
}
