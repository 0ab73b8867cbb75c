import { detectColourWords } from './colour-words';
import {
  BRASS_WORDS,
  celebritySuggestion,
  findCelebrity,
  findGreys,
  findPlacement,
  findRoots,
  findTemperature,
  GREY_WORD,
  greysSuggestion,
  toneShift,
  type GreysAsk,
  type Placement,
  type Range,
  type RootsAsk,
  type Temperature,
} from './prompt-asks';
import { buildColours, findColourSpans, type ColourTarget, type PlacedColour } from './prompt-colours';
import { blank, findScopes } from './prompt-negation';
import { rewritePrompt } from './prompt-rewrite';
import { CUT_RE, NUMBER_WORDS, RELATIVE_RE, TECHNIQUE_RES, VOCABULARY, isColourWord, isHairWord } from './prompt-vocabulary';
import { TECHNIQUES, techniqueLabel, type TechniqueId } from './techniques';
import { LETTER } from './letters';

export type { Placement, RootsAsk };

/** What a prompt asks of the hair, as the engine understands it. */
export interface HairRequest {
  /** Target colour(s) in prompt order; for two-tone techniques "X to Y" the first is the base. */
  colours: ColourTarget[];
  /** Base colour for two-tone looks (roots), when the prompt names one. */
  base: ColourTarget | null;
  /** The colour the technique places (lengths, streaks, tips, face-framing pieces). */
  effect: ColourTarget | null;
  technique: TechniqueId | null;
  /** Lighter (+) / darker (−) by this many levels relative to the current hair, when asked that way. */
  relativeLevels: number | null;
  /** Shape changes the prompt asks for (haircut, fringe, curls...) that a recolour cannot do. */
  cut: string[];
  /** Colour-word and shade ids for directory / gallery filters. */
  colourIds: string[];
  /** Human wording of the colour part ("Copper red", "Two levels lighter"), null when no colour change. */
  colourLabel: string | null;
  /**
   * What happens at the roots, on top of the technique: 'keep' leaves the natural colour at the roots with a
   * soft melt ("keep my roots natural"); 'darker' deepens only the roots, a shade or two below whatever the
   * rest becomes ("balayage but darker at the roots"); 'regrowth' shows a grown-out band of the natural colour
   * with a visible line ("lived-in", "grown-out roots"); 'touch-up' colours the roots only, with the effect
   * colour ("touch up my grey roots with dark brown"). `base`, when set, is the colour for the roots.
   */
  roots: RootsAsk | null;
  /**
   * Greys the person has: 'cover' hides them ("just cover the greys"), 'blend' softens them. Never the grey
   * shade: the colour, when named, is in `effect`; without one, `suggestion` says how coverage is done.
   */
  greys: GreysAsk | null;
  /**
   * Where the effect colour goes when the prompt narrows it to one region: 'underneath' colours the under
   * layer only ("peekaboo purple underneath"), 'streak' one lock from the parting ("black hair with a white
   * streak"), 'face-frame' the pieces around the face and the front (also set with the money-piece
   * technique), 'fringe' the fringe only ("pink fringe"), 'top' the top layer with the under layer kept as it
   * is ("blonde highlights but keep it dark underneath"). `base`, when set, covers the rest; `technique` then
   * holds the nearest classic technique for engines that ignore this.
   */
  placement: Placement | null;
  /**
   * Warmer or cooler than it would otherwise be: of the target colour when there is one, else of the current
   * hair (then `relativeLevels` is 0: same level, new tone). "less brassy", "less ashy" land here too.
   */
  temperature: Temperature | null;
  /** Colour ids (families and shade ids) the prompt says no to ("no blonde please"); never among `colours`. */
  negated: string[];
  /** Techniques the prompt says no to ("no highlights"); never `technique`. */
  negatedTechniques: TechniqueId[];
  /** Words read as something else, for the studio to show: typos ("coper" → "copper") and other languages ("rojo" → "red"). */
  corrections: Array<{ from: string; to: string }>;
  /** A helpful answer when the prompt asks for something the words cannot say (a celebrity's look), else null. */
  suggestion: string | null;
}

function findTechnique(t: string): TechniqueId | null {
  let best: { id: TechniqueId; at: number } | null = null;
  for (const { id, re } of TECHNIQUE_RES) {
    re.lastIndex = 0;
    const m = re.exec(t);
    if (!m) continue;
    // all-over is the default; any specific technique named anywhere wins over it
    const at = id === 'all-over' ? m.index + 1e6 : m.index;
    if (!best || at < best.at) best = { id, at };
  }
  return best?.id ?? null;
}

function findRelative(t: string): number | null {
  const m = RELATIVE_RE.exec(t);
  if (!m) return null;
  const [, count, , dir] = m;
  let n = 2;
  const by = /^\s*(?:it\s+|my hair\s+)?by\s+(a|an|one|two|three|four|five|six|\d)\s+(?:shades?|levels?|tones?|steps?)/iu.exec(t.slice(m.index + m[0].length));
  if (by) n = /^\d$/.test(by[1]) ? Number(by[1]) : (NUMBER_WORDS[by[1]] ?? 2);
  else if (count) n = /^\d$/.test(count) ? Number(count) : (NUMBER_WORDS[count] ?? 2);
  else if (/(?:(?:a\s+)?(?:wee\s+|tiny\s+|little\s+)?bit|slightly|a little|little|a touch|a tad|just a shade)\s+$/.test(t.slice(0, m.index))) n = 1;
  n = Math.min(6, Math.max(1, n));
  return /darker|darken/.test(dir) ? -n : n;
}

/** The ranges blanked, except the colour words inside them ("a white streak" keeps "white"). */
function blankKeepingColours(text: string, ranges: Range[]): string {
  if (!ranges.length) return text;
  const spans = findColourSpans(text);
  const pieces: Range[] = [];
  for (const r of ranges) {
    let at = r.start;
    for (const s of spans) {
      if (s.end <= at || s.start >= r.end) continue;
      if (s.start > at) pieces.push({ start: at, end: s.start });
      at = Math.max(at, s.end);
    }
    if (at < r.end) pieces.push({ start: at, end: r.end });
  }
  return blank(text, pieces);
}

const phraseAlternatives = (phrases: readonly string[]) =>
  [...phrases]
    .sort((a, b) => b.length - a.length)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[\\s-]+'))
    .join('|');
/** Words that place a colour: a colour right next to one of these is the technique's colour. */
const PLACING = phraseAlternatives([
  ...TECHNIQUES.filter((t) => t.id !== 'all-over').flatMap((t) => t.match),
  'streak',
  'stripe',
  'underneath',
  'peekaboo',
  'peek a boo',
  'underlights',
  'under layer',
  'underlayer',
  'ends',
  'lengths',
  'pieces',
  'piece',
  'on top',
  'fringe',
  'bangs',
  'at the front',
  'in the front',
]);
const PLACING_AFTER = new RegExp(`^[\\s-]+(?:${PLACING})(?![${LETTER}])`, 'u');
const PLACING_BEFORE = new RegExp(`(?<![${LETTER}])(?:${PLACING})\\s+(?:of\\s+|in\\s+|with\\s+)?$`, 'u');
const BASE_AFTER = new RegExp(String.raw`^[\s-]+(?:hair|base|all[\s-]?over|everywhere|overall)(?![${LETTER}])`, 'u');
const BASE_BEFORE = new RegExp(String.raw`(?<![${LETTER}])(?:on|over|from|into)\s+(?:my\s+|a\s+|the\s+)?$`, 'u');
const ENDS_AFTER = new RegExp(String.raw`^[\s-]+ends(?![${LETTER}])`, 'u');
/** "lowlights to my blonde": the colour after "my" is the hair the person has, the base of the technique. */
const MY_HAIR_BEFORE = new RegExp(String.raw`(?<![${LETTER}])(?:to|on|in|into|through|for)\s+my\s+(?:natural\s+|own\s+|current\s+)?$`, 'u');
const DARK_STREAKS = new RegExp(
  String.raw`(?<![${LETTER}])(?:dark|darker|deep|deeper)\s+(?:streaks|strands|pieces|ribbons|foils|highlights|babylights|slices)(?![${LETTER}])`,
  'u',
);
/** "embrace my grey, make it silver", "my hair is brown": the colour after these is the one the person has. */
const MY_HAIR = new RegExp(
  String.raw`(?<![${LETTER}])(?:my|have|have got|i've got|currently)\s+(?:natural\s+|own\s+|current\s+)?(?:(?:hair\s+|colou?r\s+|hair\s+colou?r\s+)(?:is|was)\s+)?$`,
  'u',
);
const ROOTS_AFTER = new RegExp(String.raw`^[\s-]+(?:(?:at|on|near|by|for|in)\s+(?:the\s+|my\s+)?)?roots?(?![${LETTER}])`, 'u');

/** Which colour is the effect and which the base, from the words around them. */
function assignColours(t: string, colours: PlacedColour[], joinedByTo: boolean): { base: PlacedColour | null; effect: PlacedColour | null; rootIdx: number } {
  const rootIdx = colours.findIndex((c) => ROOTS_AFTER.test(t.slice(c.end)));
  if (colours.length === 0) return { base: null, effect: null, rootIdx };
  if (colours.length === 1) return rootIdx === 0 ? { base: colours[0], effect: null, rootIdx } : { base: null, effect: colours[0], rootIdx };
  const other = (i: number) => colours.find((_, k) => k !== i) ?? null;
  if (rootIdx >= 0) return { base: colours[rootIdx], effect: other(rootIdx), rootIdx };
  if (joinedByTo) return { base: colours[0], effect: colours[1], rootIdx };
  const placed = colours.findIndex((c) => PLACING_AFTER.test(t.slice(c.end)) || PLACING_BEFORE.test(t.slice(0, c.start)));
  if (placed >= 0) return { base: other(placed), effect: colours[placed], rootIdx };
  const onHair = colours.findIndex((c) => BASE_AFTER.test(t.slice(c.end)) || BASE_BEFORE.test(t.slice(0, c.start)) || MY_HAIR.test(t.slice(0, c.start)));
  if (onHair >= 0) return { base: colours[onHair], effect: other(onHair), rootIdx };
  return { base: colours[1], effect: colours[0], rootIdx };
}

const LEVEL_WORDS = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six'];
const strip = (c: PlacedColour | null): ColourTarget | null => c && { label: c.label, lab: c.lab, ids: c.ids };
const NOT_LETTERS = new RegExp(`[^${LETTER}']+`, 'u');
const DARK_LIGHT = new RegExp(String.raw`(?<![${LETTER}])(?:dark|light|darker|lighter|deep|pale)(?![${LETTER}])`, 'u');

export function parseHairPrompt(prompt: string): HairRequest {
  const { text: t0, corrections } = rewritePrompt(prompt, VOCABULARY, isColourWord);
  const allSpans = findColourSpans(t0);
  const roots = findRoots(t0, (r) => allSpans.some((s) => s.start >= r.start && s.end <= r.end));
  const touchUp = roots.value === 'touch-up';
  const greysAsk = findGreys(t0);
  const greys = greysAsk.value ?? (touchUp && roots.ranges.some((r) => GREY_WORD.test(t0.slice(r.start, r.end))) ? 'cover' : null);
  const placement = findPlacement(t0, (at) => allSpans.some((s) => s.end <= at && /^[\s-]*$/.test(t0.slice(s.end, at))));
  // the asks' own words go, so "darker" in "darker at the roots" is not also "the whole head darker"; the
  // greys' words go whole: "grey" in "cover the greys" is the hair the person has, not a colour asked for
  const t1 = blank(blankKeepingColours(t0, [...(touchUp ? [] : roots.ranges), ...placement.ranges]), [...greysAsk.ranges, ...(touchUp ? roots.ranges : [])]);
  const temp = findTemperature(t1);
  const t2 = blankKeepingColours(t1, temp.ranges);

  let temperature: Temperature | null = temp.value;
  const negated = new Set<string>();
  const negatedTechniques = new Set<TechniqueId>();
  const soft: Range[] = [];
  const gone: Range[] = [];
  let lessLevels = 0;
  let gentle = false;
  for (const scope of findScopes(t2)) {
    const inner = t2.slice(scope.start, scope.end);
    const innerWords = inner.split(NOT_LETTERS).filter(Boolean);
    if (scope.kind === 'soft') {
      soft.push(scope);
      // "not too dark": the modifier goes, and a lighter/darker ask becomes one level
      if (DARK_LIGHT.test(inner)) {
        gentle = true;
        if (!findColourSpans(inner).length) gone.push(scope);
      }
      continue;
    }
    // a "no" goes with its cue: "longer" in "no longer blonde" is not a haircut
    gone.push(scope.kind === 'no' ? { start: Math.min(scope.cueStart, scope.start), end: scope.end } : scope);
    if (scope.kind === 'less') {
      for (const w of innerWords) {
        const shift = toneShift(w);
        if (shift) temperature ??= shift;
        else if (w === 'dark' || w === 'deep') lessLevels = 1;
        else if (w === 'light' || w === 'blonde' || w === 'bright' || w === 'pale') lessLevels = -1;
      }
      continue;
    }
    for (const s of findColourSpans(inner)) {
      if (s.shade) {
        negated.add(s.shade.id);
        if (s.shade.family) negated.add(s.shade.family);
      }
    }
    for (const { id, re } of TECHNIQUE_RES) {
      re.lastIndex = 0;
      if (re.test(inner)) negatedTechniques.add(id);
    }
    if (innerWords.some((w) => BRASS_WORDS.has(w) || w === 'orange')) temperature ??= 'cooler';
    else if (innerWords.some((w) => w === 'ash' || w === 'ashy' || w === 'greenish')) temperature ??= 'warmer';
  }
  const tNeg = blank(t2, gone);
  // "dark streaks through my blonde" are lowlights, whatever word carries them
  const darkStreaks = tNeg.match(DARK_STREAKS);
  const t = darkStreaks ? blank(tNeg, [{ start: darkStreaks.index!, end: darkStreaks.index! + darkStreaks[0].length }]) : tNeg;

  const spans = findColourSpans(t);
  const built = buildColours(t, spans, soft);
  const { joinedByTo } = built;
  let colours = built.colours;
  let technique = darkStreaks ? 'lowlights' : findTechnique(t);
  let relativeLevels = spans.length ? null : findRelative(t);
  if (relativeLevels !== null && gentle && Math.abs(relativeLevels) === 2) relativeLevels = Math.sign(relativeLevels);
  if (relativeLevels === null && lessLevels !== 0) relativeLevels = lessLevels;
  const cut = [...new Set([...t.matchAll(CUT_RE)].map((m) => m[0]))];

  // roots and placements bring their technique when the prompt names none
  if (!technique || technique === 'all-over') {
    if (roots.value === 'darker') technique = 'root-shadow';
    else if (placement.value === 'face-frame' || placement.value === 'fringe') technique = 'money-piece';
    else if (placement.value === 'underneath' || placement.value === 'streak') technique = 'highlights';
    // "teal ends": the colour goes on the ends only ("brown roots, blonde ends" is an ombré, below)
    else if (colours.some((c) => ENDS_AFTER.test(t0.slice(c.end))) && !colours.some((c) => ROOTS_AFTER.test(t0.slice(c.end)))) technique = 'dip-dye';
  }
  // streaks at the front are a money piece, not highlights all over
  if (placement.value === 'face-frame' && technique === 'highlights') technique = 'money-piece';
  if (technique && negatedTechniques.has(technique)) technique = null;

  const assigned = assignColours(t0, colours, joinedByTo);
  const rootIdx = touchUp ? -1 : assigned.rootIdx;
  let { base, effect } = assigned;
  if (touchUp) {
    // a touch-up colours the roots with the colour named, wherever it sits in the words
    [effect, base] = [colours[0] ?? null, null];
    if (technique === 'root-shadow' || technique === 'ombre') technique = null;
  } else if (colours.length === 1 && effect && technique && technique !== 'all-over' && MY_HAIR_BEFORE.test(t0.slice(0, effect.start))) {
    // "lowlights to my blonde": blonde is the hair the technique goes on
    [base, effect] = [effect, null];
  }
  // "brown roots, blonde ends": two tones from root to end
  if (rootIdx >= 0 && base && effect && (!technique || technique === 'all-over')) technique = 'ombre';
  // one colour, named for the roots only ("dark brown roots"): that colour, with a root shadow
  if (base && !effect && !technique) {
    [effect, base] = [base, null];
    technique = 'root-shadow';
  }
  if (colours.length >= 2 && technique === 'all-over') [base, effect] = [null, colours[0]];
  // "I have grey hair, make it blonde": all over, the hair the person has is not a colour asked for
  let tIds = t;
  if (!technique && !touchUp && rootIdx < 0 && !joinedByTo && base && effect && MY_HAIR.test(t0.slice(0, base.start))) {
    const had = base;
    colours = colours.filter((c) => c !== had);
    tIds = blank(t, [had]);
    base = null;
  }

  if (!effect && relativeLevels === null && technique && technique !== 'all-over') {
    // a technique without a colour: lighten for highlights-like looks, deepen for lowlights / root shadow
    relativeLevels = technique === 'lowlights' || technique === 'root-shadow' ? -2 : 3;
  }
  // "make it warmer": the same level, a new tone
  if (!effect && relativeLevels === null && temperature) relativeLevels = 0;
  if ((effect || relativeLevels !== null) && !technique) technique = 'all-over';

  const ids = new Set<string>();
  for (const c of colours) for (const id of c.ids) ids.add(id);
  for (const w of detectColourWords(tIds)) ids.add(w);
  for (const id of ids) negated.delete(id);

  let colourLabel: string | null = null;
  if (relativeLevels === 0) colourLabel = temperature === 'cooler' ? 'Cooler tone' : 'Warmer tone';
  else if (relativeLevels !== null) {
    const n = Math.abs(relativeLevels);
    colourLabel = `${LEVEL_WORDS[n] ?? n} level${n === 1 ? '' : 's'} ${relativeLevels > 0 ? 'lighter' : 'darker'}`;
  } else if (base && effect) {
    colourLabel = joinedByTo || rootIdx >= 0 ? `${base.label} to ${effect.label.toLowerCase()}` : `${effect.label} on ${base.label.toLowerCase()}`;
  } else if (effect) {
    colourLabel = colours.length > 1 ? colours.map((c, i) => (i ? c.label.toLowerCase() : c.label)).join(' and ') : effect.label;
  }
  const celebrity = findCelebrity(prompt, isHairWord);
  let suggestion = celebrity === null ? null : celebritySuggestion(celebrity);
  // covering greys or touching up roots without a shade: how a colourist does it, and how to see it here
  if (!suggestion && !effect && relativeLevels === null && (greys || touchUp)) suggestion = greysSuggestion(greys ?? 'touch-up');
  return {
    colours: colours.map((c) => strip(c)!),
    base: strip(base),
    effect: strip(effect),
    technique,
    relativeLevels,
    cut,
    colourIds: [...ids],
    colourLabel,
    roots: roots.value,
    greys,
    placement: placement.value ?? (technique === 'money-piece' ? 'face-frame' : null),
    temperature,
    negated: [...negated],
    negatedTechniques: [...negatedTechniques],
    corrections,
    suggestion,
  };
}
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * What a request applies, in reading order: ["Copper red", "balayage", "roots kept"]. Empty when it
 * applies no colour. The studio shows these as the person types; the engine reports the same words.
 */
export function requestParts(req: HairRequest, colourLabelOverride?: string): string[] {
  const colour = colourLabelOverride ?? req.colourLabel;
  if (!colour || !req.technique) return [];
  const parts = [colour];
  if (req.placement === 'underneath') parts.push('underneath (peekaboo)');
  else if (req.placement === 'streak') parts.push('one streak');
  else if (req.placement === 'fringe') parts.push('fringe only');
  else if (req.roots === 'touch-up' && req.technique === 'all-over') parts.push('root touch-up');
  else if (req.placement === 'top' && req.technique === 'all-over') parts.push('top layer only');
  else {
    parts.push(req.technique === 'all-over' ? 'all-over colour' : lowerFirst(techniqueLabel(req.technique)));
    if (req.placement === 'top') parts.push('top layer only');
  }
  if (req.greys === 'cover') parts.push('greys covered');
  else if (req.greys === 'blend') parts.push('greys blended');
  if (req.roots === 'keep') parts.push('roots kept');
  else if (req.roots === 'regrowth') parts.push('grown-out roots');
  else if (req.roots === 'darker' && req.technique !== 'root-shadow') parts.push('darker roots');
  if (req.temperature && req.relativeLevels !== 0) parts.push(req.temperature);
  return parts;
}

/** "Copper red, balayage, roots kept": the words for what a request applies. */
export function describeRequest(req: HairRequest, colourLabelOverride?: string): string {
  return requestParts(req, colourLabelOverride).join(', ');
}

/** The reading of an empty prompt: what a look at a photo's hair alone (the preview, a cut's pictures) is run with. */
export const NOTHING_ASKED: Readonly<HairRequest> = parseHairPrompt('');
