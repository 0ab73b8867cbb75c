import type { ColourWord } from '../hair/colour-words';
import { PRODUCT_CATEGORIES, type ProductCategory } from './categories';
import type { Product } from './schemas';

/**
 * Shop The Look (docs/product.md §2 /shop, §3 Shop product, §9: 11 items). Affiliate links go to retailer
 * searches carrying Tress's affiliate tag, so a link never points at a product page that has gone.
 * `colours` tags each product with the hair colours it suits; every one of the 21 colour words has
 * at least DISPLAY.productsPerColour products (checked in products.test.ts).
 */
export const PRODUCTS: Product[] = [
  {
    id: 'warm-tone-gloss',
    name: 'Warm Tone Colour Gloss',
    category: 'Hair Color',
    description:
      'A demi-permanent, ammonia-free gloss that refreshes copper, auburn, ginger, honey and caramel shades between salon visits. Ten minutes in the shower, fades gently over 4–6 weeks and adds a glassy shine.',
    note: 'Keeps warm shades bright between appointments',
    price: 24,
    img: '/img/products/warm-tone-gloss',
    imgAlt: 'Amber bottle of warm tone colour gloss with a copper label',
    retailer: 'Ulta Beauty',
    affiliateLink: 'https://www.ulta.com/search?search=copper%20hair%20gloss&utm_source=tress&utm_medium=affiliate',
    colours: ['copper', 'red', 'auburn', 'ginger', 'honey', 'caramel'],
  },
  {
    id: 'purple-toning-shampoo',
    name: 'Violet Toning Shampoo',
    category: 'Hair Color',
    description:
      'Violet pigments cancel the yellow and brassy tones that creep into blonde, platinum, silver and grey hair. Use it once or twice a week in place of your usual shampoo and leave it on for two to three minutes.',
    note: 'Takes the brass out of blonde, platinum and silver',
    price: 16.5,
    img: '/img/products/purple-toning-shampoo',
    imgAlt: 'Violet shampoo bottle with a white cap',
    retailer: 'Amazon',
    affiliateLink: 'https://www.amazon.com/s?k=purple+toning+shampoo&tag=tresshair-20',
    colours: ['blonde', 'platinum', 'silver', 'grey', 'lavender'],
  },
  {
    id: 'vivid-pastel-kit',
    name: 'Vivid & Pastel Semi-Permanent Colour Kit',
    category: 'Hair Color',
    description:
      'Conditioning, vegan semi-permanent colours in pink, purple, lavender, blue, teal and green, with a mixing bowl, brush and a clear diluting cream for pastels. Best on pre-lightened hair; lasts 4–8 washes.',
    note: 'Pink, purple, blue, teal and green in one kit',
    price: 32,
    img: '/img/products/vivid-pastel-kit',
    imgAlt: 'Box of six small colour tubes in pink, purple, lavender, blue, teal and green',
    retailer: 'Sally Beauty',
    affiliateLink: 'https://www.sallybeauty.com/search?q=semi+permanent+hair+color+kit&utm_source=tress&utm_medium=affiliate',
    colours: ['pink', 'purple', 'lavender', 'blue', 'teal', 'green'],
  },
  {
    id: 'brunette-colour-kit',
    name: 'Rich Brunette Permanent Colour Kit',
    category: 'Hair Color',
    description:
      'A permanent at-home kit in shades from soft black to chestnut and caramel brown, with 100% grey coverage, a bond-protecting conditioner and gloves. Do a strand test and a patch test 48 hours before colouring.',
    note: 'Black to chestnut and caramel, full grey coverage',
    price: 14.99,
    img: '/img/products/brunette-colour-kit',
    imgAlt: 'Chocolate brown colour kit box with a mixing bottle',
    retailer: 'Amazon',
    affiliateLink: 'https://www.amazon.com/s?k=permanent+brown+hair+color+kit&tag=tresshair-20',
    colours: ['black', 'brown', 'chestnut', 'caramel'],
  },
  {
    id: 'berry-depositing-conditioner',
    name: 'Berry Colour-Depositing Conditioner',
    category: 'Hair Color',
    description:
      'A rich conditioner with direct pigment that tops up burgundy, cherry cola, red and plum hair every time you condition, so the colour stays deep instead of fading to a dull rust.',
    note: 'Tops up burgundy and cherry cola every wash',
    price: 19,
    img: '/img/products/berry-depositing-conditioner',
    imgAlt: 'Deep burgundy tube of colour-depositing conditioner',
    retailer: 'Ulta Beauty',
    affiliateLink: 'https://www.ulta.com/search?search=burgundy%20color%20depositing%20conditioner&utm_source=tress&utm_medium=affiliate',
    colours: ['burgundy', 'cherry cola', 'red', 'purple'],
  },
  {
    id: 'clip-in-extensions',
    name: 'Clip-In Human Hair Extensions, 18 in',
    category: 'Hair Extensions',
    description:
      'Seven wefts of Remy human hair (120 g) in 11 natural shades from black to platinum and grey, so you can add length and fullness to a new colour in ten minutes. Heat-styles to 180 °C and can be toned by a colourist.',
    note: 'Length and volume in 11 natural shades',
    price: 129,
    img: '/img/products/clip-in-extensions',
    imgAlt: 'Long honey brown clip-in hair weft on a card',
    retailer: 'Amazon',
    affiliateLink: 'https://www.amazon.com/s?k=clip+in+human+hair+extensions+18+inch&tag=tresshair-20',
    colours: ['black', 'brown', 'chestnut', 'caramel', 'honey', 'blonde', 'platinum', 'auburn', 'copper', 'ginger', 'grey'],
  },
  {
    id: 'colour-streak-clip-ins',
    name: 'Colour Streak Clip-Ins, 10 Pack',
    category: 'Hair Extensions',
    description:
      'Ten single clip-in streaks of heat-resistant fibre in pink, purple, lavender, blue, teal, green, silver, burgundy, cherry and red. Try a fashion colour for a weekend before committing to bleach.',
    note: 'Try a fashion colour for a weekend, no bleach',
    price: 18.99,
    img: '/img/products/colour-streak-clip-ins',
    imgAlt: 'Fan of ten coloured hair streaks from pink to teal',
    retailer: 'Amazon',
    affiliateLink: 'https://www.amazon.com/s?k=colored+clip+in+hair+streaks&tag=tresshair-20',
    colours: ['pink', 'purple', 'lavender', 'blue', 'teal', 'green', 'silver', 'burgundy', 'cherry cola', 'red'],
  },
  {
    id: 'minoxidil-foam',
    name: 'Minoxidil 5% Foam, 3-Month Supply',
    category: 'Hair Growth',
    description:
      'The over-the-counter treatment with the most evidence for hereditary thinning. Apply half a capful to a dry scalp twice a day; expect shedding in the first weeks and results after 3–6 months of daily use.',
    note: 'Clinically proven for hereditary thinning',
    price: 44.99,
    img: '/img/products/minoxidil-foam',
    imgAlt: 'White foam canister with a blue band and cap',
    retailer: 'Amazon',
    affiliateLink: 'https://www.amazon.com/s?k=minoxidil+5%25+foam&tag=tresshair-20',
    colours: [],
  },
  {
    id: 'scalp-density-serum',
    name: 'Scalp Density Serum',
    category: 'Hair Growth',
    description:
      'A lightweight leave-in serum with caffeine, rosemary and peptides that makes fine hair look fuller and keeps the scalp comfortable after colouring. Two droppers a day, massaged in for a minute.',
    note: 'Fuller-looking roots, gentle after colour',
    price: 38,
    img: '/img/products/scalp-density-serum',
    imgAlt: 'Frosted glass dropper bottle of scalp serum',
    retailer: 'Ulta Beauty',
    affiliateLink: 'https://www.ulta.com/search?search=scalp%20density%20serum&utm_source=tress&utm_medium=affiliate',
    colours: [],
  },
  {
    id: 'laser-cap',
    name: 'Low-Level Laser Hair Growth Cap',
    category: 'LLLT Devices',
    description:
      'An FDA-cleared cap with 272 medical-grade diodes at 650 nm that fits under a baseball cap. Wear it for 30 minutes every other day; studies show gains in density after about 16 weeks.',
    note: '272 diodes, 30 minutes every other day',
    price: 699,
    img: '/img/products/laser-cap',
    imgAlt: 'Dark grey laser therapy cap with red light diodes inside',
    retailer: 'Amazon',
    affiliateLink: 'https://www.amazon.com/s?k=laser+hair+growth+cap+272+diodes&tag=tresshair-20',
    colours: [],
  },
  {
    id: 'laser-comb',
    name: 'Laser Hair Growth Comb',
    category: 'LLLT Devices',
    description:
      'A handheld FDA-cleared laser comb whose teeth part the hair so the light reaches the scalp. Glide it slowly over thinning areas for 10 minutes three times a week; it beeps when to move on.',
    note: 'Handheld, 10 minutes three times a week',
    price: 249,
    img: '/img/products/laser-comb',
    imgAlt: 'White handheld laser comb with a red light strip',
    retailer: 'Amazon',
    affiliateLink: 'https://www.amazon.com/s?k=laser+hair+growth+comb&tag=tresshair-20',
    colours: [],
  },
];

export const SHOP_CATEGORIES: readonly ('All' | ProductCategory)[] = ['All', ...PRODUCT_CATEGORIES];

/** Shop filter (docs/product.md §2 /shop): category, then search over name, description and category, case-insensitive. */
export function filterProducts(products: readonly Product[], category: 'All' | ProductCategory, search: string): Product[] {
  const q = search.trim().toLowerCase();
  return products.filter(
    (p) =>
      (category === 'All' || p.category === category) &&
      (!q || p.name.toLowerCase().includes(q) || p.description.toLowerCase().includes(q) || p.category.toLowerCase().includes(q)),
  );
}

/**
 * Products for the colours of a look (studio Shop the Look): up to `perColour` per colour, in
 * catalogue order, each product once, colours in the order given.
 */
export function productsForColours(colours: readonly ColourWord[], perColour: number): { colour: ColourWord; products: Product[] }[] {
  const seen = new Set<string>();
  return colours.map((colour) => {
    const products = PRODUCTS.filter((p) => p.colours.includes(colour) && !seen.has(p.id)).slice(0, perColour);
    products.forEach((p) => seen.add(p.id));
    return { colour, products };
  });
}
