import { describe, expect, it } from 'vitest';
import { DISPLAY } from '../constants';
import { COLOUR_WORDS, detectColourWords } from '../hair/colour-words';
import { parseHairPrompt } from '../hair/prompt';
import { SEO_PAGES, seoFor } from '../seo';
import { BLOG_POSTS, postBySlug } from './blog';
import { filterProducts, PRODUCTS, productsForColours } from './products';
import { SAMPLE_STYLES } from './samples';
import { BlogPostSchema, PRODUCT_CATEGORIES, ProductSchema, SampleStyleSchema, StyleSchema } from './schemas';
import { filterStyles, NO_STYLE_FILTERS, STYLES, studioLink } from './styles';

describe('content data matches the spec entities and counts', () => {
  it('30 styles, 17 women and 13 men, every field valid and ids unique', () => {
    expect(STYLES).toHaveLength(30);
    expect(STYLES.filter((s) => s.gender === 'women')).toHaveLength(17);
    expect(STYLES.filter((s) => s.gender === 'men')).toHaveLength(13);
    for (const s of STYLES) StyleSchema.parse(s);
    expect(new Set(STYLES.map((s) => s.id)).size).toBe(30);
  });

  it("each style's colour tags are exactly the colour words its prompt names, and changesShape matches the engine's cut detection", () => {
    for (const s of STYLES) {
      expect([...detectColourWords(s.prompt)].sort(), s.id).toEqual([...s.colours].sort());
      expect(parseHairPrompt(s.prompt).cut.length > 0, s.id).toBe(s.changesShape);
    }
  });

  it('the library covers all 21 colour words of the filter', () => {
    const used = new Set(STYLES.flatMap((s) => s.colours));
    expect(COLOUR_WORDS.filter((c) => !used.has(c.id)).map((c) => c.id)).toEqual([]);
  });

  it('8 landing samples, 4 women and 4 men, each a library style', () => {
    expect(SAMPLE_STYLES).toHaveLength(DISPLAY.sampleGallery);
    expect(SAMPLE_STYLES.filter((s) => s.gender === 'women')).toHaveLength(4);
    expect(SAMPLE_STYLES.filter((s) => s.gender === 'men')).toHaveLength(4);
    for (const s of SAMPLE_STYLES) {
      SampleStyleSchema.parse(s);
      expect(STYLES.find((x) => x.id === s.id)?.prompt).toBe(s.prompt);
    }
  });

  it('11 products in the four categories, https affiliate links, valid colour tags', () => {
    expect(PRODUCTS).toHaveLength(11);
    for (const p of PRODUCTS) ProductSchema.parse(p);
    expect(new Set(PRODUCTS.map((p) => p.category))).toEqual(new Set(PRODUCT_CATEGORIES));
    expect(new Set(PRODUCTS.map((p) => p.id)).size).toBe(11);
  });

  it('every colour word has at least DISPLAY.productsPerColour products for Shop the Look', () => {
    for (const c of COLOUR_WORDS) expect(PRODUCTS.filter((p) => p.colours.includes(c.id)).length, c.id).toBeGreaterThanOrEqual(DISPLAY.productsPerColour);
  });

  it('at least 2 blog posts with real text, unique slugs, no raw HTML', () => {
    expect(BLOG_POSTS.length).toBeGreaterThanOrEqual(2);
    for (const p of BLOG_POSTS) {
      BlogPostSchema.parse(p);
      expect(p.content).not.toMatch(/<[a-z]/i);
      const words = p.content.split(/\s+/).length;
      expect(words).toBeGreaterThan(400);
      expect(p.readingMinutes, p.slug).toBe(Math.ceil(words / 180));
    }
    expect(postBySlug('no-such-post')).toBeUndefined();
  });
});

describe('colour detection (docs/product.md §5: whole words against the 21 colour words)', () => {
  it('matches whole words only', () => {
    expect(detectColourWords('redhead')).toEqual([]);
    expect(detectColourWords('a reddish tint')).toEqual([]);
    expect(detectColourWords('tired of brown')).toEqual(['brown']);
    expect(detectColourWords('greyish')).toEqual([]);
    expect(detectColourWords('bluebell')).toEqual([]);
  });
  it("'cherry' alone detects the 'cherry cola' entry; 'cola' alone does not", () => {
    expect(detectColourWords('cherry')).toEqual(['cherry cola']);
    expect(detectColourWords('Cherry cola')).toEqual(['cherry cola']);
    expect(detectColourWords('cola')).toEqual([]);
    expect(detectColourWords('cherries')).toEqual([]);
  });
  it('is case-insensitive', () => {
    expect(detectColourWords('PLATINUM Blonde')).toEqual(['blonde', 'platinum']);
  });
  it('ignores punctuation around words and returns gallery order', () => {
    expect(detectColourWords('teal, pink; and (copper)!')).toEqual(['copper', 'pink', 'teal']);
    expect(detectColourWords('silver-grey')).toEqual(['silver', 'grey']);
    expect(detectColourWords('"honey"?')).toEqual(['honey']);
  });
  it('knows the spellings blond, gray and brunette', () => {
    expect(detectColourWords('blond and gray')).toEqual(['blonde', 'grey']);
    expect(detectColourWords('brunette')).toEqual(['brown']);
  });
});

describe('style library filter', () => {
  it('no filter shows all 30', () => {
    expect(filterStyles(STYLES, NO_STYLE_FILTERS)).toHaveLength(30);
  });
  it('gender', () => {
    expect(filterStyles(STYLES, { ...NO_STYLE_FILTERS, gender: 'men' }).every((s) => s.gender === 'men')).toBe(true);
    expect(filterStyles(STYLES, { ...NO_STYLE_FILTERS, gender: 'women' })).toHaveLength(17);
  });
  it('free text over name and prompt, case-insensitive, every word must match', () => {
    expect(filterStyles(STYLES, { ...NO_STYLE_FILTERS, q: 'PIXIE' }).map((s) => s.id)).toEqual(['platinum-pixie']);
    expect(filterStyles(STYLES, { ...NO_STYLE_FILTERS, q: 'skin fade' }).map((s) => s.id)).toEqual(['silver-fade']);
    // "hand-painted" is only in the prompt, not the name
    expect(filterStyles(STYLES, { ...NO_STYLE_FILTERS, q: 'hand-painted' }).map((s) => s.id)).toEqual(['honey-balayage']);
    expect(filterStyles(STYLES, { ...NO_STYLE_FILTERS, q: '  copper   quiff ' }).map((s) => s.id)).toEqual(['copper-quiff']);
    expect(filterStyles(STYLES, { ...NO_STYLE_FILTERS, q: 'zzz' })).toEqual([]);
  });
  it('colour, combined with gender and text', () => {
    const blonde = filterStyles(STYLES, { ...NO_STYLE_FILTERS, colour: 'blonde' });
    expect(blonde.length).toBeGreaterThan(3);
    expect(blonde.every((s) => s.colours.includes('blonde'))).toBe(true);
    expect(filterStyles(STYLES, { gender: 'men', q: 'buzz', colour: 'platinum' }).map((s) => s.id)).toEqual(['platinum-buzz']);
    expect(filterStyles(STYLES, { gender: 'women', q: 'buzz', colour: 'platinum' })).toEqual([]);
    expect(filterStyles(STYLES, { ...NO_STYLE_FILTERS, colour: 'cherry cola' }).map((s) => s.id)).toEqual(['cherry-cola']);
  });
  it('studio link encodes the prompt', () => {
    expect(studioLink('Honey & caramel, 50/50')).toBe('/app?prompt=Honey%20%26%20caramel%2C%2050%2F50');
  });
});

describe('shop filter', () => {
  it('category', () => {
    expect(filterProducts(PRODUCTS, 'All', '')).toHaveLength(11);
    expect(filterProducts(PRODUCTS, 'LLLT Devices', '').map((p) => p.id)).toEqual(['laser-cap', 'laser-comb']);
  });
  it('search over name, description and category, case-insensitive', () => {
    expect(filterProducts(PRODUCTS, 'All', 'MINOXIDIL').map((p) => p.id)).toEqual(['minoxidil-foam']);
    expect(filterProducts(PRODUCTS, 'All', 'rosemary').map((p) => p.id)).toEqual(['scalp-density-serum']); // description only
    expect(filterProducts(PRODUCTS, 'All', 'lllt').map((p) => p.id)).toEqual(['laser-cap', 'laser-comb']); // category only
    expect(filterProducts(PRODUCTS, 'Hair Growth', 'laser')).toEqual([]);
    expect(filterProducts(PRODUCTS, 'All', 'nothing like this')).toEqual([]);
  });
  it('Shop the Look gives up to N products per colour, each product once', () => {
    const looks = productsForColours(['copper', 'red'], 2);
    expect(looks.map((l) => l.colour)).toEqual(['copper', 'red']);
    expect(looks[0].products.map((p) => p.id)).toEqual(['warm-tone-gloss', 'clip-in-extensions']);
    expect(looks[1].products.map((p) => p.id)).toEqual(['berry-depositing-conditioner', 'colour-streak-clip-ins']);
    expect(productsForColours([], 2)).toEqual([]);
  });
});

describe('SEO', () => {
  it('every public page and post has its own title and description', () => {
    for (const path of [
      '/',
      '/styles',
      '/shop',
      '/blog',
      '/about',
      '/contact',
      '/careers',
      '/privacy',
      '/terms',
      '/sitemap',
      ...BLOG_POSTS.map((p) => `/blog/${p.slug}`),
    ]) {
      const entry = SEO_PAGES.find((p) => p.path === path);
      expect(entry, path).toBeDefined();
      expect(entry!.description.length, path).toBeGreaterThan(30);
    }
    expect(new Set(SEO_PAGES.map((p) => p.title)).size).toBe(SEO_PAGES.length);
    expect(seoFor(`/blog/${BLOG_POSTS[0].slug}`).title).toContain(BLOG_POSTS[0].title);
  });
});
