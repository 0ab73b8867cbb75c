import type { BlogPost } from './schemas';

export type BlogPostMeta = Omit<BlogPost, 'content'>;

/**
 * The blog's posts without their text: enough for the list, the sitemap and each post's title and
 * description (src/shared/seo.ts), without shipping the articles to every page.
 */
export const BLOG_META: BlogPostMeta[] = [
  {
    slug: 'choosing-hair-colour-for-your-skin-tone',
    title: 'How to choose a hair colour that suits your skin tone',
    author: 'Maya Okafor',
    authorRole: 'Colourist and Tress editor',
    publishDate: '2026-10-14',
    img: '/img/blog/choosing-hair-colour-for-your-skin-tone',
    imgAlt: 'Four skin-tone discs, each above three hair strands in shades that flatter it',
    excerpt:
      'Undertone matters more than how light or dark your skin is. Here is a five-minute way to find yours, the shades that usually flatter it, and how to test a colour before you book.',
    readingMinutes: 4,
  },
  {
    slug: 'balayage-ombre-highlights-explained',
    title: 'Balayage, ombré or highlights? How to ask for the one you want',
    author: 'Daniel Reyes',
    authorRole: 'Salon owner and educator',
    publishDate: '2026-11-03',
    img: '/img/blog/balayage-ombre-highlights-explained',
    imgAlt: 'Three groups of brown hair strands lightened as balayage, ombré and highlights',
    excerpt:
      'They all make hair lighter, but they grow out differently, cost differently and look very different in three months. A plain-language guide to the techniques and the words to use in the chair.',
    readingMinutes: 4,
  },
  {
    slug: 'keep-hair-colour-from-fading',
    title: 'Keep your colour: the first 30 days after a dye job',
    author: 'Maya Okafor',
    authorRole: 'Colourist and Tress editor',
    publishDate: '2026-11-17',
    img: '/img/blog/keep-hair-colour-from-fading',
    imgAlt: 'Two bright copper strands beside a gloss bottle and water drops',
    excerpt:
      'Most colour is lost in the first month. What to do on day one, how to wash, which products are worth it, and the three habits that fade colour fastest.',
    readingMinutes: 3,
  },
];

/** Newest first. */
export function postsByDate(): BlogPostMeta[] {
  return [...BLOG_META].sort((a, b) => b.publishDate.localeCompare(a.publishDate));
}
