import type { ColourWord } from '../hair/colour-words';
import type { Gender, Style } from './schemas';

/**
 * The Style Library (docs/product.md §2 /styles, §3 Style, §9: 30 entries, 17 women and 13 men). Each prompt is
 * written the way the studio understands it; `colours` are exactly the colour words the prompt names
 * (detectColourWords), and `changesShape` says whether it also asks for a cut or texture, which only
 * a hosted engine can do (both checked in styles.test.ts). Pictures: scripts/images/styles.ts.
 */
export const STYLES: Style[] = [
  // Women (17)
  {
    id: 'honey-balayage',
    gender: 'women',
    name: 'Honey Balayage',
    colours: ['brown', 'blonde', 'honey'],
    img: '/img/styles/honey-balayage',
    imgAlt: 'Illustrated woman with long brown hair hand-painted with honey blonde balayage',
    prompt: 'Soft honey blonde balayage on brown hair, hand-painted from mid-lengths to ends',
    changesShape: false,
  },
  {
    id: 'copper-glow',
    gender: 'women',
    name: 'Copper Glow',
    colours: ['red', 'copper'],
    img: '/img/styles/copper-glow',
    imgAlt: 'Illustrated woman with long glossy copper red hair',
    prompt: 'Rich copper red all-over colour with a glossy finish',
    changesShape: false,
  },
  {
    id: 'platinum-pixie',
    gender: 'women',
    name: 'Platinum Pixie',
    colours: ['blonde', 'platinum'],
    img: '/img/styles/platinum-pixie',
    imgAlt: 'Illustrated woman with a short icy platinum blonde pixie cut',
    prompt: 'Icy platinum blonde pixie cut with a soft side-swept fringe',
    changesShape: true,
  },
  {
    id: 'cherry-cola',
    gender: 'women',
    name: 'Cherry Cola',
    colours: ['burgundy', 'cherry cola'],
    img: '/img/styles/cherry-cola',
    imgAlt: 'Illustrated woman with long deep cherry cola hair with burgundy shine',
    prompt: 'Deep cherry cola colour with burgundy undertones, all over',
    changesShape: false,
  },
  {
    id: 'pastel-pink-lob',
    gender: 'women',
    name: 'Pastel Pink Lob',
    colours: ['pink'],
    img: '/img/styles/pastel-pink-lob',
    imgAlt: 'Illustrated woman with a shoulder-length pastel pink lob',
    prompt: 'Pastel pink lob cut just above the shoulders',
    changesShape: true,
  },
  {
    id: 'lavender-ombre',
    gender: 'women',
    name: 'Lavender Ombré',
    colours: ['lavender', 'silver'],
    img: '/img/styles/lavender-ombre',
    imgAlt: 'Illustrated woman with long hair fading from silver roots to lavender ends',
    prompt: 'Silver roots melting into lavender ombre lengths',
    changesShape: false,
  },
  {
    id: 'chestnut-glaze',
    gender: 'women',
    name: 'Chestnut Glaze',
    colours: ['brown', 'chestnut'],
    img: '/img/styles/chestnut-glaze',
    imgAlt: 'Illustrated woman with long glossy chestnut brown hair',
    prompt: 'Glossy chestnut brown all-over colour with a rich, warm shine',
    changesShape: false,
  },
  {
    id: 'caramel-money-piece',
    gender: 'women',
    name: 'Caramel Money Piece',
    colours: ['brown', 'caramel'],
    img: '/img/styles/caramel-money-piece',
    imgAlt: 'Illustrated woman with dark brown hair and bright caramel pieces framing her face',
    prompt: 'Dark brown hair with a caramel money piece framing the face',
    changesShape: false,
  },
  {
    id: 'auburn-curls',
    gender: 'women',
    name: 'Auburn Curls',
    colours: ['auburn'],
    img: '/img/styles/auburn-curls',
    imgAlt: 'Illustrated woman with voluminous auburn curls',
    prompt: 'Rich auburn colour on defined natural curls',
    changesShape: true,
  },
  {
    id: 'blue-black-bob',
    gender: 'women',
    name: 'Blue Black Bob',
    colours: ['black', 'blue'],
    img: '/img/styles/blue-black-bob',
    imgAlt: 'Illustrated woman with a sleek chin-length blue black bob',
    prompt: 'Sleek blue black bob at chin length with a blunt edge',
    changesShape: true,
  },
  {
    id: 'ginger-shag',
    gender: 'women',
    name: 'Ginger Shag',
    colours: ['ginger'],
    img: '/img/styles/ginger-shag',
    imgAlt: 'Illustrated woman with a bright ginger shag haircut and curtain bangs',
    prompt: 'Bright ginger shag with curtain bangs and choppy layers',
    changesShape: true,
  },
  {
    id: 'silver-grey-blend',
    gender: 'women',
    name: 'Silver Grey Blend',
    colours: ['silver', 'grey'],
    img: '/img/styles/silver-grey-blend',
    imgAlt: 'Illustrated older woman with long soft silver grey hair',
    prompt: 'Soft silver grey all-over colour that blends natural greys',
    changesShape: false,
  },
  {
    id: 'teal-peekaboo',
    gender: 'women',
    name: 'Teal Peekaboo',
    colours: ['black', 'teal'],
    img: '/img/styles/teal-peekaboo',
    imgAlt: 'Illustrated woman with long black hair showing teal streaks underneath',
    prompt: 'Black hair with hidden teal streaks in the lengths',
    changesShape: false,
  },
  {
    id: 'burgundy-braids',
    gender: 'women',
    name: 'Burgundy Braids',
    colours: ['burgundy'],
    img: '/img/styles/burgundy-braids',
    imgAlt: 'Illustrated woman with long burgundy box braids',
    prompt: 'Long burgundy box braids past the shoulders',
    changesShape: true,
  },
  {
    id: 'golden-blonde-highlights',
    gender: 'women',
    name: 'Golden Highlights',
    colours: ['blonde'],
    img: '/img/styles/golden-blonde-highlights',
    imgAlt: 'Illustrated woman with long hair and fine golden blonde highlights',
    prompt: 'Sun-kissed golden blonde highlights woven through the lengths',
    changesShape: false,
  },
  {
    id: 'violet-afro',
    gender: 'women',
    name: 'Violet Afro',
    colours: ['purple'],
    img: '/img/styles/violet-afro',
    imgAlt: 'Illustrated woman with a full rounded afro in vivid purple',
    prompt: 'Vivid purple colour on a full rounded afro',
    changesShape: true,
  },
  {
    id: 'mermaid-green-tips',
    gender: 'women',
    name: 'Mermaid Tips',
    colours: ['green'],
    img: '/img/styles/mermaid-green-tips',
    imgAlt: 'Illustrated woman with long dark hair dipped in emerald green at the ends',
    prompt: 'Dark hair with emerald green dip-dye tips',
    changesShape: false,
  },
  // Men (13)
  {
    id: 'ash-blonde-crop',
    gender: 'men',
    name: 'Ash Blonde Crop',
    colours: ['blonde'],
    img: '/img/styles/ash-blonde-crop',
    imgAlt: 'Illustrated man with a short textured crop in ash blonde',
    prompt: 'Textured crop in cool ash blonde',
    changesShape: true,
  },
  {
    id: 'silver-fade',
    gender: 'men',
    name: 'Silver Fade',
    colours: ['silver', 'grey'],
    img: '/img/styles/silver-fade',
    imgAlt: 'Illustrated man with short silver grey hair and a fade at the sides',
    prompt: 'Short silver grey hair with a skin fade',
    changesShape: true,
  },
  {
    id: 'platinum-buzz',
    gender: 'men',
    name: 'Platinum Buzz',
    colours: ['blonde', 'platinum'],
    img: '/img/styles/platinum-buzz',
    imgAlt: 'Illustrated man with a bleached platinum blonde buzz cut',
    prompt: 'Platinum blonde buzz cut',
    changesShape: true,
  },
  {
    id: 'copper-quiff',
    gender: 'men',
    name: 'Copper Quiff',
    colours: ['brown', 'copper'],
    img: '/img/styles/copper-quiff',
    imgAlt: 'Illustrated man with a voluminous copper brown quiff',
    prompt: 'Copper brown quiff with volume on top and tapered sides',
    changesShape: true,
  },
  {
    id: 'jet-black-gloss',
    gender: 'men',
    name: 'Jet Black Gloss',
    colours: ['black'],
    img: '/img/styles/jet-black-gloss',
    imgAlt: 'Illustrated man with swept-back glossy jet black hair',
    prompt: 'Glossy jet black colour, rich and even from root to tip',
    changesShape: false,
  },
  {
    id: 'chestnut-curly-top',
    gender: 'men',
    name: 'Chestnut Curly Top',
    colours: ['brown', 'chestnut'],
    img: '/img/styles/chestnut-curly-top',
    imgAlt: 'Illustrated man with chestnut brown curls on top and short sides',
    prompt: 'Chestnut brown curly top with a low taper',
    changesShape: true,
  },
  {
    id: 'electric-blue-tips',
    gender: 'men',
    name: 'Electric Blue Tips',
    colours: ['brown', 'blue'],
    img: '/img/styles/electric-blue-tips',
    imgAlt: 'Illustrated man with dark brown hair with electric blue tips',
    prompt: 'Dark brown hair with electric blue dip-dye tips',
    changesShape: false,
  },
  {
    id: 'surfer-honey',
    gender: 'men',
    name: 'Surfer Honey',
    colours: ['blonde', 'honey'],
    img: '/img/styles/surfer-honey',
    imgAlt: 'Illustrated man with medium-length hair streaked with honey blonde highlights',
    prompt: 'Honey blonde highlights, sun-kissed through medium-length hair',
    changesShape: false,
  },
  {
    id: 'burgundy-mullet',
    gender: 'men',
    name: 'Burgundy Mullet',
    colours: ['burgundy'],
    img: '/img/styles/burgundy-mullet',
    imgAlt: 'Illustrated man with a modern mullet in deep burgundy',
    prompt: 'Modern mullet in deep burgundy',
    changesShape: true,
  },
  {
    id: 'salt-and-pepper',
    gender: 'men',
    name: 'Salt & Pepper',
    colours: ['grey'],
    img: '/img/styles/salt-and-pepper',
    imgAlt: 'Illustrated older man with a classic side part in blended salt and pepper grey',
    prompt: 'Grey lowlights blended through dark hair for a salt and pepper finish',
    changesShape: false,
  },
  {
    id: 'green-twists',
    gender: 'men',
    name: 'Green Twists',
    colours: ['black', 'green'],
    img: '/img/styles/green-twists',
    imgAlt: 'Illustrated man with short black twists dipped in green at the tips',
    prompt: 'Short black twists with green coloured tips',
    changesShape: true,
  },
  {
    id: 'caramel-flow',
    gender: 'men',
    name: 'Caramel Flow',
    colours: ['brown', 'caramel'],
    img: '/img/styles/caramel-flow',
    imgAlt: 'Illustrated man with shoulder-length brown hair and caramel balayage',
    prompt: 'Caramel balayage over brown, shoulder-length flow',
    changesShape: false,
  },
  {
    id: 'pink-curtains',
    gender: 'men',
    name: 'Pink Curtains',
    colours: ['pink'],
    img: '/img/styles/pink-curtains',
    imgAlt: 'Illustrated man with middle-parted curtain hair in pastel pink',
    prompt: 'Pastel pink curtain bangs with a middle part',
    changesShape: true,
  },
];

export type GenderFilter = 'all' | Gender;

export interface StyleFilters {
  gender: GenderFilter;
  /** Free text over name and prompt. */
  q: string;
  colour: ColourWord | 'any';
}

export const NO_STYLE_FILTERS: StyleFilters = { gender: 'all', q: '', colour: 'any' };

/** Library filter (docs/product.md §2 /styles): gender, free text over name and prompt (case-insensitive), colour. */
export function filterStyles(styles: readonly Style[], f: StyleFilters): Style[] {
  const words = f.q.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return styles.filter((s) => {
    if (f.gender !== 'all' && s.gender !== f.gender) return false;
    if (f.colour !== 'any' && !s.colours.includes(f.colour)) return false;
    const text = `${s.name} ${s.prompt}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** The studio link of a style or sample: /app?prompt={encoded prompt}. */
export function studioLink(prompt: string): string {
  return `/app?prompt=${encodeURIComponent(prompt)}`;
}
