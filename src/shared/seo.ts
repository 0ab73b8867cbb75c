import { ROUTES } from './routes';
import { BLOG_META } from './content/blog-meta';
import { imageSrcSet, imageUrl } from './content/images';

/** Title and description of each public page: the server writes them into the first HTML, the SPA on navigation. */
export interface SeoEntry {
  path: string;
  title: string;
  description: string;
  /** Listed in /sitemap.xml. */
  sitemap: boolean;
  /** Site-relative preview picture for Open Graph cards. */
  image?: string;
  /** The page's largest picture, preloaded from the first HTML so it does not wait for the JavaScript. */
  preloadImage?: { srcset: string; sizes: string; type: string };
}

const SITE = 'Tress';

/** `sizes` of the landing's hero picture (features/content/components/landing/hero.tsx uses the same). */
/** `sizes` of a Style Library card picture (features/content/pages/styles-page.tsx). */
export const STYLE_CARD_SIZES = '(min-width: 1280px) 296px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw';

export const HERO_SIZES = '(min-width: 1024px) 448px, (min-width: 640px) 384px, 92vw';

export const SEO_PAGES: SeoEntry[] = [
  {
    path: ROUTES.home,
    title: `${SITE} — Try a new hair colour on your own photo`,
    description: 'Upload a selfie, describe a colour or technique and see it on your own hair in seconds. Then find a professional who does that look.',
    sitemap: true,
    image: imageUrl('/img/site/hero', 1280),
    preloadImage: { srcset: imageSrcSet('/img/site/hero', 'avif'), sizes: HERO_SIZES, type: 'image/avif' },
  },
  { path: ROUTES.login, title: `Sign in — ${SITE}`, description: 'Sign in or create your Tress account. New accounts get a free credit.', sitemap: false },
  {
    path: ROUTES.pricing,
    title: `Pricing — ${SITE}`,
    description: 'Credit packs for the try-on studio and listing plans for hair professionals. Credits never expire.',
    sitemap: true,
  },
  {
    path: ROUTES.styles,
    title: `Style Library — ${SITE}`,
    description: 'Thirty hair colours, cuts and techniques for women and men, from honey balayage to a silver fade. Copy a prompt or try it on your own photo.',
    sitemap: true,
    image: imageUrl('/img/styles/honey-balayage', 720),
    preloadImage: { srcset: imageSrcSet('/img/styles/honey-balayage', 'avif'), sizes: STYLE_CARD_SIZES, type: 'image/avif' },
  },
  {
    path: ROUTES.shop,
    title: `Shop The Look — ${SITE}`,
    description: 'Hair colour, extensions, growth treatments and laser devices picked to go with the looks you try on. Affiliate links, prices in USD.',
    sitemap: true,
  },
  {
    path: ROUTES.blog,
    title: `Blog — ${SITE}`,
    description: 'Practical guides from colourists: choosing a shade for your skin tone, balayage versus ombré, and keeping colour from fading.',
    sitemap: true,
  },
  {
    path: ROUTES.professionals,
    title: `Find a hair professional — ${SITE}`,
    description: 'Hairdressers, colourists and barbers with portfolios and reviews. Search by city, service or technique.',
    sitemap: true,
  },
  {
    path: ROUTES.partners,
    title: `List your salon — ${SITE}`,
    description: 'Get found by clients who already know the look they want. Monthly or yearly listing, no commissions.',
    sitemap: true,
  },
  {
    path: ROUTES.partnersSignup,
    title: `Join as a professional — ${SITE}`,
    description: 'Create your professional account and list your business in the Tress directory.',
    sitemap: true,
  },
  { path: ROUTES.partnersLogin, title: `Sign in (Professional) — ${SITE}`, description: 'Sign in to manage your Tress listing.', sitemap: false },
  {
    path: ROUTES.about,
    title: `About — ${SITE}`,
    description: 'Why we built Tress, how the on-device colour try-on works and what we do with your photos.',
    sitemap: true,
  },
  {
    path: ROUTES.contact,
    title: `Contact — ${SITE}`,
    description: 'How to reach the Tress team for support, listings, press and privacy requests.',
    sitemap: true,
  },
  {
    path: ROUTES.careers,
    title: `Careers — ${SITE}`,
    description: 'Work with us on Tress: how we work, what we value and how to get in touch about roles.',
    sitemap: true,
  },
  {
    path: ROUTES.privacy,
    title: `Privacy — ${SITE}`,
    description: 'What Tress stores about you, why, for how long, and how to get it deleted.',
    sitemap: true,
  },
  {
    path: ROUTES.terms,
    title: `Terms — ${SITE}`,
    description: 'The terms of using Tress: accounts, credits, professional listings, affiliate links and acceptable use.',
    sitemap: true,
  },
  // Signed-in and payment pages: not indexed, but every tab still says where it is.
  { path: ROUTES.studio, title: `Studio — ${SITE}`, description: 'Upload a photo, describe a colour and see it on your own hair.', sitemap: false },
  { path: ROUTES.creations, title: `My Creations — ${SITE}`, description: 'Every look you saved, newest first.', sitemap: false },
  { path: ROUTES.bookings, title: `My Bookings — ${SITE}`, description: 'Your appointments: reschedule, cancel or book again.', sitemap: false },
  { path: ROUTES.billing, title: `Billing & Credits — ${SITE}`, description: 'Your credit balance, credit packs and purchase history.', sitemap: false },
  { path: ROUTES.account, title: `Account — ${SITE}`, description: 'Your email, password, devices and data.', sitemap: false },
  { path: ROUTES.forgotPassword, title: `Forgot password — ${SITE}`, description: 'Get a link to choose a new Tress password.', sitemap: false },
  { path: ROUTES.resetPassword, title: `Choose a new password — ${SITE}`, description: 'Set a new password for your Tress account.', sitemap: false },
  { path: ROUTES.checkoutSuccess, title: `Payment successful — ${SITE}`, description: 'Your payment went through.', sitemap: false },
  { path: ROUTES.checkoutCancel, title: `Payment canceled — ${SITE}`, description: 'Your payment was canceled and nothing was charged.', sitemap: false },
  {
    path: ROUTES.partnersSubscribe,
    title: `Choose your partner plan — ${SITE}`,
    description: 'Monthly or yearly listing in the Tress directory of hair professionals. No commissions.',
    sitemap: false,
  },
  {
    path: ROUTES.partnerProfile,
    title: `Manage your listing — ${SITE}`,
    description: 'Your business details, pictures, reviews and client messages.',
    sitemap: false,
  },
  {
    path: ROUTES.partnerServices,
    title: `Services & hours — ${SITE}`,
    description: 'Your service menu, opening hours, cancellation policy and deposits.',
    sitemap: false,
  },
  {
    path: ROUTES.partnerBookings,
    title: `Bookings — ${SITE}`,
    description: 'Requests, the day and the week of your appointments, blocked time and your calendar feed.',
    sitemap: false,
  },
  {
    path: ROUTES.partnerInsights,
    title: `Insights — ${SITE}`,
    description: 'Who finds your listing, and which looks people near you are trying.',
    sitemap: false,
  },
  {
    path: ROUTES.sitemap,
    title: `Sitemap — ${SITE}`,
    description: 'Every public page of Tress: the studio, style library, shop, blog, directory and company pages.',
    sitemap: false,
  },
  ...BLOG_META.map((p) => ({ path: `/blog/${p.slug}`, title: `${p.title} — ${SITE}`, description: p.excerpt, sitemap: true, image: imageUrl(p.img, 1280) })),
];

const DEFAULT_SEO = SEO_PAGES[0];

export function seoFor(pathname: string): Pick<SeoEntry, 'title' | 'description' | 'image' | 'preloadImage'> {
  return SEO_PAGES.find((p) => p.path === pathname) ?? { title: SITE, description: DEFAULT_SEO.description };
}
