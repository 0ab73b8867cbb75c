import { z } from 'zod';
import { COLOUR_WORDS, type ColourWord } from '../hair/colour-words';
import { PRODUCT_CATEGORIES } from './categories';

export { PRODUCT_CATEGORIES };

/**
 * Static content of the public pages (docs/product.md §3: Sample style, Style, Shop product, Blog post) as zod
 * schemas. The data files are parsed against these in unit tests, so a typo fails CI, not a page.
 */

const COLOUR_IDS = COLOUR_WORDS.map((c) => c.id) as [ColourWord, ...ColourWord[]];
const ColourWordSchema = z.enum(COLOUR_IDS);

/**
 * An image made in this repo (scripts/images): the path without width and extension. The files are
 * `${img}-${width}.avif|webp` for each width of its kind (see images.ts).
 */
const ImagePathSchema = z.string().regex(/^\/img\/(styles|products|blog|site)\/[a-z0-9-]+$/);

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

const GenderSchema = z.enum(['women', 'men']);
export type Gender = z.infer<typeof GenderSchema>;

/** Style (static library). `colours` are the card's tags: the colour words its prompt names. */
export const StyleSchema = z.object({
  id: slug,
  gender: GenderSchema,
  name: z.string().min(3).max(40),
  colours: z.array(ColourWordSchema).min(1).max(3),
  img: ImagePathSchema,
  /** What the picture shows, for screen readers. */
  imgAlt: z.string().min(20),
  prompt: z.string().min(10).max(200),
  /** Needs a hosted engine (a cut or texture change); colour-only looks run on-device. */
  changesShape: z.boolean(),
});
export type Style = z.infer<typeof StyleSchema>;

/** Sample style (landing gallery): one of the library's looks with a short blurb. */
export const SampleStyleSchema = z.object({
  id: slug,
  name: z.string().min(3).max(40),
  gender: GenderSchema,
  blurb: z.string().min(30).max(160),
  img: ImagePathSchema,
  imgAlt: z.string().min(20),
  prompt: z.string().min(10).max(200),
});
export type SampleStyle = z.infer<typeof SampleStyleSchema>;

const ProductCategorySchema = z.enum(PRODUCT_CATEGORIES);

/** Shop product (static, affiliate). `colours`: the hair colours it suits, for the studio's Shop the Look. */
export const ProductSchema = z.object({
  id: slug,
  name: z.string().min(3).max(70),
  category: ProductCategorySchema,
  description: z.string().min(40).max(320),
  /** One line for Shop the Look in the studio (spec: "Affiliate product per colour: title, note, url, image"). */
  note: z.string().min(10).max(90),
  /** USD. */
  price: z.number().positive().multipleOf(0.01),
  img: ImagePathSchema,
  imgAlt: z.string().min(15),
  retailer: z.string().min(2),
  affiliateLink: z.url({ protocol: /^https$/ }),
  colours: z.array(ColourWordSchema),
});
export type Product = z.infer<typeof ProductSchema>;

/** Blog post (static). `content` is Markdown, rendered with raw HTML disabled. */
export const BlogPostSchema = z.object({
  slug,
  title: z.string().min(10).max(90),
  author: z.string().min(3),
  authorRole: z.string().min(3),
  /** ISO date, YYYY-MM-DD. */
  publishDate: z.iso.date(),
  img: ImagePathSchema,
  imgAlt: z.string().min(20),
  excerpt: z.string().min(60).max(260),
  readingMinutes: z.number().int().positive(),
  content: z.string().min(1500),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;
