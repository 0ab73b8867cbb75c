import type { SampleStyle } from './schemas';
import { STYLES } from './styles';

/**
 * The landing gallery (docs/product.md §2 Landing, §3 Sample style): 8 looks, 4 women and 4 men, each one of the
 * Style Library's looks with a short blurb. The preview dialog's Try hairstyle opens the studio with
 * the look's prompt.
 */
const PICKS: { id: string; blurb: string }[] = [
  { id: 'honey-balayage', blurb: 'Hand-painted honey ribbons through brown lengths: the lived-in look that grows out softly.' },
  { id: 'copper-glow', blurb: 'A rich, glossy copper red that warms up the whole face. Works on the default on-device engine.' },
  { id: 'lavender-ombre', blurb: 'Silver at the root melting into lavender lengths, a pastel gradient with a cool, modern finish.' },
  { id: 'violet-afro', blurb: 'Vivid purple on a full rounded afro. Saturated colour that glows against deep skin tones.' },
  { id: 'silver-fade', blurb: 'Short silver grey on top with a clean skin fade: sharp, bright and easy to keep tidy.' },
  { id: 'surfer-honey', blurb: 'Honey blonde highlights through medium-length hair, like a summer spent outdoors.' },
  { id: 'electric-blue-tips', blurb: 'Dark brown hair dipped in electric blue at the tips: a bold colour that is easy to cut out.' },
  { id: 'salt-and-pepper', blurb: 'Grey lowlights blended through dark hair for a natural salt and pepper finish.' },
];

export const SAMPLE_STYLES: SampleStyle[] = PICKS.map(({ id, blurb }) => {
  const s = STYLES.find((x) => x.id === id);
  if (!s) throw new Error(`Sample ${id} is not in the Style Library`);
  return { id: s.id, name: s.name, gender: s.gender, blurb, img: s.img, imgAlt: s.imgAlt, prompt: s.prompt };
});
