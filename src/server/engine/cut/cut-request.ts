/**
 * What a hosted provider is asked for on the cut path (issue 36, decision 165): the cut read from the prompt
 * (style, length, fringe, texture), in words from our own vocabulary only, inside one fixed instruction that is
 * the same for Gemini and OpenAI. Colour words are never sent: Tress's engine paints the colour afterwards on
 * the new hair, so "copper" is the same copper on either path.
 */
import type { HairRequest } from '@shared/hair/prompt';

/** The cut a prompt asks for, sorted into what a stylist (and the provider) reads. */
export interface CutAsk {
  /** The cut's name and shape ("bob", "layers", "wolf cut"); "a new haircut" when the prompt names none. */
  style: string[];
  /** How long ("chin-length", "short", "a light trim"), when said. */
  length: string | null;
  /** "curtain bangs", "fringe", when asked. */
  fringe: string | null;
  /** "curly", "wavy", "straight", "more volume", when asked. */
  texture: string | null;
}

const LENGTH_WORDS = new Set(['short', 'shorter', 'longer', 'extensions', 'trim']);
const FRINGE_WORDS = new Set(['bangs', 'fringe', 'curtain bangs']);
const TEXTURE_WORDS: Record<string, string> = {
  curly: 'curly',
  curls: 'curly',
  perm: 'curly (permed)',
  permed: 'curly (permed)',
  wavy: 'wavy',
  waves: 'wavy',
  straight: 'straight',
  straighten: 'straight',
  straightened: 'straight',
  afro: 'natural afro-textured',
  volume: 'more volume',
};
/** The style when the prompt names none ("a haircut to the shoulders"): left to the provider. */
const NEW_CUT = 'a new haircut';
/** Words that only say "a cut": the style is then left to the provider. */
const GENERIC = new Set(['haircut', 'hair cut', 'cut']);
/** Where the ends fall, said as "chin-length" or "to the shoulders": the place words are a closed list, so no free text reaches the provider. */
const PLACES = 'chin|jaw|jawline|ear|ears|neck|shoulder|shoulders|collarbone|chest|mid-back|waist';
const LENGTH_PHRASE = new RegExp(`\\b(${PLACES})[\\s-]+length\\b|\\b(?:to|at|above|below|past)\\s+(?:the\\s+|my\\s+)?(${PLACES})\\b`, 'i');

function lengthOf(prompt: string, words: readonly string[]): string | null {
  const m = LENGTH_PHRASE.exec(prompt);
  if (m) {
    const place = (m[1] ?? m[2]).toLowerCase().replace(/s$/, '');
    return m[1] ? `${place}-length` : `${m[0].trim().toLowerCase().split(/\s+/)[0]} the ${place}`;
  }
  if (words.includes('trim')) return 'a light trim, about the same length';
  if (words.includes('extensions')) return 'longer, with extensions';
  return words.find((w) => LENGTH_WORDS.has(w)) ?? null;
}

export function cutAsk(prompt: string, req: HairRequest): CutAsk {
  const words = req.cut.map((w) => w.toLowerCase().replace(/[\s-]+/g, ' '));
  const fringe = words.find((w) => FRINGE_WORDS.has(w)) ?? null;
  const textures = [...new Set(words.filter((w) => w in TEXTURE_WORDS).map((w) => TEXTURE_WORDS[w]))];
  const style = words.filter((w) => !LENGTH_WORDS.has(w) && !FRINGE_WORDS.has(w) && !(w in TEXTURE_WORDS) && !GENERIC.has(w));
  return { style: style.length ? style : [NEW_CUT], length: lengthOf(prompt, words), fringe, texture: textures.length ? textures.join(', ') : null };
}

/** "Fringe: curtain bangs." for a named kind; a bare "fringe" or "bangs" asks for one, said once. */
function fringeLine(fringe: string | null): string {
  if (!fringe) return '';
  return fringe === 'fringe' || fringe === 'bangs' ? 'Add a fringe (bangs).' : `Fringe: ${fringe}.`;
}

/**
 * The instruction sent with the photo, for both providers (decision 165). It names the cut and spells out what
 * must stay as it is: the person, the face and expression, the hair's colour (ours to paint), the clothes, the
 * background, the light and the framing. Whatever the provider changes besides the hair is put back by the
 * compositing anyway; asking for it keeps the face alignable and the seams small.
 */
export function cutInstruction(ask: CutAsk): string {
  return [
    ask.style[0] === NEW_CUT ? 'Edit this photo: give the person a new haircut.' : `Edit this photo: give the person a new haircut: ${ask.style.join(', ')}.`,
    ask.length ? `Length: ${ask.length}.` : '',
    fringeLine(ask.fringe),
    ask.texture ? `Texture: ${ask.texture}.` : '',
    "Change only the hair's cut, length, fringe and texture. Keep the hair's current colour exactly; do not dye, lighten or tint it.",
    'Keep the same person: face, identity, skin, makeup, expression, eyes and gaze unchanged; do not retouch the face.',
    'Keep the head position, pose, clothing, jewellery, hands, background, lighting, camera angle and framing exactly as in the photo.',
    'Where shorter hair uncovers the neck, shoulders or background, continue them as they are in the photo.',
    'Photorealistic hair with natural strands and shine. Same image size and aspect ratio. No text, no borders.',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The cut in words for the result's `applied`: "Chin-length bob, curtain bangs". */
export function cutLabel(ask: CutAsk): string {
  const style = ask.style[0] === NEW_CUT ? 'new haircut' : ask.style.join(', ');
  const parts = [ask.length && !ask.length.startsWith('a ') ? `${ask.length} ${style}` : style, ask.fringe, ask.texture].filter(Boolean);
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
