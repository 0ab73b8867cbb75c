import { COLOUR_WORDS } from './colour-words';
import type { OkLab } from './oklab';
import { SHADES, type Shade } from './palette';
import { buildVocabulary } from './prompt-typos';
import { TECHNIQUES, type TechniqueId } from './techniques';
import { LETTER } from './letters';

/** The words the prompt parser reads: shades, modifiers, techniques, cut words, and the regexes over them. */

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordRe = (phrases: readonly string[]) =>
  new RegExp(
    `(?<![${LETTER}0-9#])(?:${[...phrases]
      .sort((a, b) => b.length - a.length)
      .map(esc)
      .map((p) => p.replace(/ /g, '[\\s-]+'))
      .join('|')})(?![${LETTER}0-9])`,
    'giu',
  );

export interface Span {
  start: number;
  end: number;
  shade?: Shade;
  hex?: string;
}

const SHADE_PHRASES = (SHADES as readonly Shade[]).flatMap((s) => s.match.map((m) => ({ phrase: m, shade: s })));
export const SHADE_RE = wordRe(SHADE_PHRASES.map((p) => p.phrase));
export const PHRASE_TO_SHADE = new Map(SHADE_PHRASES.map((p) => [p.phrase, p.shade]));

export type Modifier = { words: string[]; label: string; apply(c: OkLab): OkLab };
const scaleC = (c: OkLab, k: number): OkLab => ({ L: c.L, a: c.a * k, b: c.b * k });
const MODIFIERS: Modifier[] = [
  { words: ['light', 'lighter', 'pale'], label: 'Light', apply: (c) => ({ ...c, L: Math.min(0.92, c.L + 0.08) }) },
  { words: ['dark', 'deep', 'darker'], label: 'Dark', apply: (c) => ({ ...c, L: Math.max(0.14, c.L - 0.08) }) },
  { words: ['pastel'], label: 'Pastel', apply: (c) => scaleC({ ...c, L: Math.max(c.L, 0.8) }, 0.55) },
  {
    words: ['vivid', 'bright', 'neon', 'electric', 'intense', 'bold', 'saturated'],
    label: 'Vivid',
    apply: (c) => scaleC({ ...c, L: Math.min(0.9, c.L + 0.02) }, 1.4),
  },
  { words: ['ash', 'ashy', 'cool', 'icy', 'cold'], label: 'Cool', apply: (c) => ({ L: c.L, a: c.a * 0.5 - 0.004, b: c.b * 0.45 - 0.01 }) },
  { words: ['golden', 'gold', 'warm', 'honeyed', 'sunny'], label: 'Warm', apply: (c) => ({ L: c.L, a: c.a + 0.006, b: c.b + 0.035 }) },
  { words: ['muted', 'soft', 'dusty', 'smoky', 'smoked'], label: 'Soft', apply: (c) => scaleC(c, 0.7) },
  { words: ['rich', 'glossy'], label: 'Rich', apply: (c) => scaleC({ ...c, L: c.L - 0.03 }, 1.15) },
];
export const MODIFIER_BY_WORD = new Map(MODIFIERS.flatMap((m) => m.words.map((w) => [w, m] as const)));

export const TECHNIQUE_RES = TECHNIQUES.map((t) => ({ id: t.id as TechniqueId, re: wordRe(t.match) }));

const CUT_WORDS = [
  'haircut',
  'hair cut',
  'cut',
  'bob',
  'lob',
  'pixie',
  'bangs',
  'fringe',
  'curtain bangs',
  'layers',
  'layered',
  'shag',
  'wolf cut',
  'undercut',
  'buzz',
  'buzzcut',
  'buzz cut',
  'crew cut',
  'crewcut',
  'shave',
  'shaved',
  'mullet',
  'crop',
  'cropped',
  'braid',
  'braids',
  'braided',
  'cornrows',
  'dreadlocks',
  'dreads',
  'locs',
  'perm',
  'permed',
  'curly',
  'curls',
  'wavy',
  'waves',
  'straight',
  'straighten',
  'straightened',
  'updo',
  'bun',
  'ponytail',
  'pigtails',
  'short',
  'shorter',
  'longer',
  'extensions',
  'mohawk',
  'fade',
  'afro',
  'quiff',
  'pompadour',
  'slicked back',
  'bald',
  'taper',
  'trim',
  'volume',
];
export const CUT_RE = wordRe(CUT_WORDS);

export const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, couple: 2, few: 3 };
export const RELATIVE_RE = new RegExp(
  String.raw`(?<![${LETTER}0-9])(?:(a|an|one|two|three|four|five|six|couple|few|\d)\s+(?:of\s+)?)?(?:(shades?|levels?|tones?|steps?)\s+)?(lighter|darker|lighten|darken|brighter|blonder)(?![${LETTER}0-9])`,
  'iu',
);
export const HEX_RE = /#([0-9a-f]{6}|[0-9a-f]{3})(?![0-9a-z])/gi;

/** Words that start or shape an ask without naming a colour: never read as typos of something else. */
const ASK_WORDS = [
  'hair',
  'roots',
  'root',
  'natural',
  'regrowth',
  'underneath',
  'peekaboo',
  'underlights',
  'streak',
  'stripe',
  'warmer',
  'cooler',
  'warmth',
  'brassy',
  'brassiness',
  'ends',
  'length',
  'lengths',
  'lighter',
  'darker',
  'shade',
  'shades',
  'level',
  'levels',
  'colour',
  'color',
  'without',
  'instead',
  'please',
  'celebrity',
  'blonder',
  // greys the person has, and asks about them: never typos of "grey", "cover" or "front"
  'greys',
  'grays',
  'greying',
  'graying',
  'touch',
  'retouch',
  'top',
  'front',
  'lowlights',
  'sunset',
  'brighten',
  'brightening',
  'blend',
  'blends',
  'blended',
  'blending',
];

/** Every single word the parser knows, for typo matching: a typo is read as the nearest of these. */
export const VOCABULARY = buildVocabulary(
  [
    ...SHADE_PHRASES.map((p) => p.phrase),
    ...COLOUR_WORDS.flatMap((c) => c.match),
    ...TECHNIQUES.flatMap((t) => t.match),
    ...MODIFIERS.flatMap((m) => m.words),
    ...CUT_WORDS,
    ...ASK_WORDS,
  ],
  new Map<string, string>([
    ...TECHNIQUES.flatMap((t) => t.match.filter((m) => !/[\s-]/.test(m)).map((m) => [m, `technique:${t.id}`] as [string, string])),
    ...SHADE_PHRASES.filter((p) => !p.phrase.includes(' ')).map((p) => [p.phrase, `shade:${p.shade.id}`] as [string, string]),
  ]),
);

const COLOUR_SINGLE_WORDS = new Set(SHADE_PHRASES.map((p) => p.phrase).filter((p) => !p.includes(' ')));
export const isColourWord = (w: string) => COLOUR_SINGLE_WORDS.has(w);
export const isHairWord = (w: string) => VOCABULARY.known.has(w);
