import { LETTER, UPPER, LOWER } from './letters';
/**
 * The asks that narrow or shift a colour rather than name one: roots ("keep my roots natural", "darker at
 * the roots", "grown-out roots"), placement ("peekaboo purple underneath", "a white streak", "around my
 * face"), temperature ("warmer", "less brassy") and celebrity looks. Each finder returns what it found and
 * the character ranges of its keywords, which the parser blanks so "darker" in "darker at the roots" is not
 * also read as "the whole head darker".
 */
export type RootsAsk = 'keep' | 'darker' | 'regrowth' | 'touch-up';
export type Placement = 'underneath' | 'streak' | 'face-frame' | 'top' | 'fringe';
export type GreysAsk = 'cover' | 'blend';
export type Temperature = 'warmer' | 'cooler';

export interface Range {
  start: number;
  end: number;
}
export interface Found<T> {
  value: T | null;
  ranges: Range[];
}

function allMatches(text: string, patterns: RegExp[], accept: (m: RegExpExecArray) => boolean = () => true): Range[] {
  const ranges: Range[] = [];
  for (const re of patterns) {
    const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    for (const m of text.matchAll(g)) if (accept(m)) ranges.push({ start: m.index, end: m.index + m[0].length });
  }
  return ranges;
}

const B = `(?<![${LETTER}0-9])`;
const E = `(?![${LETTER}0-9])`;
const re = (src: string) => new RegExp(`${B}(?:${src})${E}`, 'u');
const FEW = `(?:[${LETTER}']+\\s+){0,3}?`;

/** Grey, as a person says it of their own hair ("my greys", "white hairs", "silver strands"). */
const GREY = `(?:grey|gray|white|silver)(?:s|ing)?(?:\\s+(?:hairs?|strands?|bits|ones))?`;
/** "just my roots darker" is a darker root, not a touch-up. */
const NOT_DARKER = `(?!\\s+(?:(?:a\\s+)?(?:bit|little|touch|shade|tad)\\s+|slightly\\s+)?(?:darker|deeper|lighter|shadowed|dark(?![\\s-]+[${LETTER}])))`;
const TOUCH_UP = [
  re(`touch(?:[\\s-]?up|ing\\s+up)(?:\\s+${FEW}roots?)?|retouch(?:\\s+${FEW}roots?)?`),
  re(`roots?\\s+(?:touch[\\s-]?up|retouch|coverage|only)`),
  re(`(?:cover|covering|colou?r|dye|tint)\\s+(?:just\\s+|only\\s+)?(?:my\\s+|the\\s+)?(?:${GREY}\\s+)?roots?(?:\\s+only)?${NOT_DARKER}`),
  re(`(?:just|only)\\s+(?:my\\s+|the\\s+)roots?${NOT_DARKER}`),
];
const NEGATED_BEFORE = new RegExp(`${B}(?:no|not|don't|dont|never|without)\\s+(?:[${LETTER}']+\\s+)?$`, 'u');
const KEEP_ROOTS = [
  re(`(?:keep|keeping|leave|leaving|maintain)\\s+${FEW}roots?`),
  re(`roots?\\s+${FEW}(?:natural|untouched|unchanged|alone|kept|uncolou?red|undyed|as they are|as is|the same)`),
  re(`natural roots?|(?:my|own) roots?${NOT_DARKER}`),
  re(`(?:no|not|without|don't|dont|never)\\s+${FEW}(?:on|at|near|touch|touching|colou?r|dye|tint|bleach|lighten)\\s+(?:the\\s+|my\\s+)?roots?`),
  re('lived[\\s-]?in'),
];
const REGROWTH = [re('grown[\\s-]?out(?:\\s+roots?)?|outgrown(?:\\s+roots?)?|re-?growth|visible roots?|roots? showing|growing out|grow[\\s-]?out')];
const DARKER_ROOTS = [
  re(
    `(?:dark|darker|deep|deeper)\\s+${FEW}(?:at|near|by|on|in|towards?|round|around|en|a|aux|nas|an|alle|ai)\\s+(?:the\\s+|my\\s+|las\\s+|los\\s+|la\\s+|les\\s+|den\\s+)?roots?`,
  ),
  re('(?:dark|darker|deep|deeper|shadowed|shadowy|smudged)\\s+roots?'),
  re('(?:dark|darker|deep|deeper)\\s+(?:on|at)\\s+(?:the\\s+)?(?:top|crown)'),
  re(`roots?\\s+${FEW}(?:darker|dark|deeper|shadowed)`),
  re('root\\s+(?:shadow|smudge|melt)|shadow(?:ed)?\\s+roots?|rooted'),
];

/**
 * Roots, in order of precedence: a touch-up first ("touch up my grey roots with my natural dark brown" is
 * colour for the roots, not roots kept), then keeping them natural (it is what the person protects), then
 * regrowth, then darker. `isColourBetween` rejects "dark brown roots", which names a root colour.
 */
export function findRoots(text: string, isColourBetween: (r: Range) => boolean): Found<RootsAsk> {
  const touchUp = allMatches(text, TOUCH_UP, (m) => !NEGATED_BEFORE.test(text.slice(Math.max(0, m.index - 24), m.index)));
  if (touchUp.length) return { value: 'touch-up', ranges: touchUp };
  const keep = allMatches(text, KEEP_ROOTS);
  if (keep.length) return { value: 'keep', ranges: keep };
  const regrowth = allMatches(text, REGROWTH);
  if (regrowth.length) return { value: 'regrowth', ranges: regrowth };
  const darker = allMatches(text, DARKER_ROOTS, (m) => !isColourBetween({ start: m.index, end: m.index + m[0].length }));
  if (darker.length) return { value: 'darker', ranges: darker };
  return { value: null, ranges: [] };
}

const GREYS_COVERED = [
  re(`(?:cover|covering|coverage|hide|hiding|conceal|concealing|mask|disguise|get\\s+rid\\s+of|colou?r\\s+over|dye\\s+over)\\s+(?:up\\s+)?${FEW}${GREY}`),
  re(`${GREY}\\s+(?:coverage|covered|cover)`),
];
const GREYS_BLENDED = [
  re(`(?:blend|blends|blended|blending|soften|softens|softening|camouflage|melt)\\s+(?:in\\s+)?${FEW}${GREY}`),
  re(`${GREY}\\s+blend(?:ing|ed)?`),
  // "I'm going grey, help me blend it"
  re(`(?:going|turning)\\s+(?:grey|gray)[^.;!?]{0,40}?blend(?:ing|ed)?`),
];

/**
 * Greys the person has and wants covered or blended ("just cover the greys", "blend my greys"): an ask about
 * the hair they have, never the grey shade. Its words, grey included, are the ask's own.
 */
export function findGreys(text: string): Found<GreysAsk> {
  const blend = allMatches(text, GREYS_BLENDED);
  if (blend.length) return { value: 'blend', ranges: blend };
  const cover = allMatches(text, GREYS_COVERED);
  if (cover.length) return { value: 'cover', ranges: cover };
  return { value: null, ranges: [] };
}

const GREYS_ADVICE: Record<GreysAsk | 'touch-up', string> = {
  cover:
    'Grey coverage is done in your own natural shade: a permanent colour at your level covers greys fully, and a level lighter makes regrowth show less. Name the shade to see it, for example “cover my greys with dark brown”.',
  blend:
    'Grey blending softens greys instead of hiding them: fine highlights and lowlights close to your own colour, so regrowth shows less. Name the colour to see it, for example “blend my greys with ash blonde highlights”.',
  'touch-up': 'A root touch-up colours only the regrowth, to match your lengths. Name the shade to see it, for example “touch up my roots with dark brown”.',
};

/** What to say when greys are to be covered or blended, or roots touched up, and no shade is named. */
export function greysSuggestion(ask: GreysAsk | 'touch-up'): string {
  return GREYS_ADVICE[ask];
}

/** Greys named among a touch-up's words ("touch up my grey roots"): the greys are covered there. */
export const GREY_WORD = re(GREY);

/**
 * A colour on the top layer with the under layer kept as it is ("blonde highlights but keep it dark
 * underneath", "copper on top, keep the bottom dark"): the inverse of a peekaboo, read before it.
 */
const TOP = [
  re(
    `(?:keep|keeping|leave|leaving|stay|stays|staying)\\s+${FEW}(?:dark|darker|deep|natural|my\\s+(?:own\\s+|natural\\s+)?colou?r|the\\s+same|as\\s+it\\s+is)\\s+(?:underneath|under[\\s-]neath|below|at\\s+the\\s+(?:bottom|back)|on\\s+the\\s+bottom|under(?:\\s+layers?)?)`,
  ),
  re(
    `(?:keep|keeping|leave|leaving)\\s+(?:the\\s+|my\\s+)?(?:bottom|underneath|under[\\s-]?layers?|underside|back)(?:\\s+layers?)?\\s+${FEW}(?:dark|darker|deep|natural|alone|as\\s+it\\s+is|untouched)`,
  ),
  re('(?:dark|darker|deep|natural)\\s+(?:underneath|under[\\s-]neath|below|at\\s+the\\s+bottom|on\\s+the\\s+bottom)'),
  // "dark on top" is a darker root and "volume on top" a cut, not the top layer coloured
  re(
    '(?<!(?:dark|darker|deep|deeper|natural|volume|height|length|longer|shorter|curls|texture|layers)\\s+)(?:on|across)\\s+(?:the\\s+)?top(?!\\s+of\\s+(?:that|this|it|everything))(?:\\s+layers?)?|top\\s+layers?(?:\\s+only)?',
  ),
];
const UNDERNEATH = [
  re(
    'underneath|under[\\s-]neath|under[\\s-]?layers?|underlights?|under[\\s-]?colou?r|peek[\\s-]?a[\\s-]?boo|peekaboo|hidden\\s+(?:colou?r|layer|rainbow|streaks?)|underside|bottom\\s+layers?|(?:on|in)\\s+the\\s+under\\s*side',
  ),
];
const FRINGE = '(?:fringe|bangs)';
const IN_FRINGE = `(?:in|on|through|across)\\s+(?:my\\s+|the\\s+|her\\s+)?${FRINGE}`;
/** One lock ("a single white streak in my fringe": the fringe says where, it is not a haircut). */
const STREAK = [re(`(?:skunk\\s+stripe|stripe|streak|single\\s+lock|one\\s+lock)(?:\\s+${IN_FRINGE})?`)];
/** The front: the pieces around the face ("two chunky blonde streaks in the front"). */
const FACE_FRAME = [
  re('(?:around|framing|frame|by|near)\\s+(?:my\\s+|the\\s+)?face'),
  // "in front of a window" is not the front of the hair
  re('(?:in|at|on|around|through)\\s+(?:the\\s+|my\\s+)?front(?:\\s+of\\s+my\\s+face|(?!\\s+of))|front\\s+(?:streaks?|strands?|sections?|locks?|bits)'),
];
/** The fringe coloured, not cut: "pink fringe", "dye my bangs blue", "highlights in my fringe". */
const FRINGE_COLOURED = [
  re(`(?:colou?r|dye|paint|tint|bleach|lighten|highlight|do)\\s+(?:just\\s+|only\\s+)?(?:my\\s+|the\\s+)${FRINGE}`),
  re(`${FRINGE}\\s+only|only\\s+(?:my\\s+|the\\s+)${FRINGE}|${IN_FRINGE}`),
];
const FRINGE_WORD = re(FRINGE);

/**
 * Where the colour goes, when the prompt narrows it. `colourBefore(at)` says whether a colour ends right
 * before `at` ("pink fringe": the fringe coloured, where "with curtain bangs" is a cut).
 */
export function findPlacement(text: string, colourBefore: (at: number) => boolean = () => false): Found<Placement> {
  for (const [value, patterns] of [
    ['top', TOP],
    ['underneath', UNDERNEATH],
    ['streak', STREAK],
    ['face-frame', FACE_FRAME],
    ['fringe', FRINGE_COLOURED],
  ] as const) {
    const ranges = allMatches(text, patterns);
    if (ranges.length) return { value, ranges };
  }
  const fringe = allMatches(text, [FRINGE_WORD], (m) => colourBefore(m.index));
  return fringe.length ? { value: 'fringe', ranges: fringe } : { value: null, ranges: [] };
}

const WARMER = [re('warmer|warm\\s+it\\s+up|(?:more|add|some)\\s+warmth|warm\\s+up\\s+(?:the|my)\\s+(?:colou?r|tone|hair)')];
const COOLER = [
  re(
    'cooler|cool\\s+it\\s+down|tone\\s+(?:out|down)\\s+(?:the\\s+)?(?:brass|brassiness|orange|yellow|warmth)|neutrali[sz]e\\s+(?:the\\s+)?(?:brass|brassiness|orange|yellow)|(?:more\\s+)?toned',
  ),
];

export function findTemperature(text: string): Found<Temperature> {
  const warmer = allMatches(text, WARMER);
  const cooler = allMatches(text, COOLER);
  // both named ("cooler, not warmer"): the first wins; negation has already removed a negated one
  if (warmer.length && (!cooler.length || warmer[0].start < cooler[0].start)) return { value: 'warmer', ranges: [...warmer, ...cooler] };
  if (cooler.length) return { value: 'cooler', ranges: [...warmer, ...cooler] };
  return { value: null, ranges: [] };
}

/** Tones a person wants less of, and which way that moves the colour. */
const WARM_TONES = new Set([
  'orange',
  'orangey',
  'brassy',
  'brass',
  'brassiness',
  'yellow',
  'yellowy',
  'warm',
  'warmth',
  'golden',
  'gold',
  'red',
  'reddish',
  'copper',
  'coppery',
  'ginger',
]);
const COOL_TONES = new Set(['ash', 'ashy', 'grey', 'gray', 'greyish', 'cool', 'cold', 'icy', 'silver', 'green', 'greenish', 'blue', 'flat', 'dull']);

export function toneShift(word: string): Temperature | null {
  if (WARM_TONES.has(word)) return 'cooler';
  if (COOL_TONES.has(word)) return 'warmer';
  return null;
}

/** Words that only describe the unwanted tone: saying no to them means a cooler result. */
export const BRASS_WORDS = new Set(['brass', 'brassy', 'brassiness', 'yellow', 'yellowy', 'orangey']);

const CELEBRITY_WORDS = new RegExp(String.raw`(?<![${LETTER}])(?:celebrity|celeb|celebrities|famous|influencer|movie star|pop star)(?![${LETTER}])`, 'iu');
const CELEBRITY_PATTERNS = [
  new RegExp(
    String.raw`(?<![${LETTER}])(?:like|as|à la|a la|inspired by|same (?:hair|colou?r|look|shade) as|copy|just like)\s+((?:[${UPPER}][${LOWER}'’.-]+)(?:\s+[${UPPER}][${LOWER}'’.-]+){0,2})`,
    'u',
  ),
  new RegExp(
    String.raw`((?:[${UPPER}][${LOWER}.-]+)(?:\s+[${UPPER}][${LOWER}.-]+){0,2})['’]s\s+(?:hair|colou?r|look|style|shade|balayage|highlights|blonde|red|copper|bob|cut)`,
    'u',
  ),
];
const NOT_NAMES = new Set([
  'I',
  'My',
  'Your',
  'Her',
  'His',
  'Their',
  'The',
  'A',
  'An',
  'This',
  'That',
  'It',
  'Me',
  'Make',
  'Please',
  'Something',
  'Summer',
  'Autumn',
  'Winter',
  'Spring',
]);

/**
 * A look named after a person ("like Zendaya", "Rihanna's red", "a celebrity balayage"). Hair is not looked
 * up by name: the answer says how to get the look instead.
 */
export function findCelebrity(original: string, isHairWord: (w: string) => boolean): string | null {
  for (const pattern of CELEBRITY_PATTERNS) {
    const m = pattern.exec(original);
    if (!m) continue;
    const name = m[1]
      .split(/\s+/)
      .filter((w) => !NOT_NAMES.has(w))
      .join(' ');
    if (!name || name.split(/\s+/).every((w) => isHairWord(w.toLowerCase()))) continue;
    return name;
  }
  return CELEBRITY_WORDS.test(original) ? '' : null;
}

export function celebritySuggestion(name: string): string {
  const whose = name ? `${name}'s hair` : "a celebrity's hair";
  return `We can't look up ${whose} by name. Add a photo of the look with "Copy the colour from a photo", or describe it in words, for example "copper red balayage, roots kept".`;
}
