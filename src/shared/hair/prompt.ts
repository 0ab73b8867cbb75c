import { detectColourWords } from './colour-words';
import { hexToOklab, type OkLab } from './oklab';
import { SHADES, type Shade } from './palette';
import { TECHNIQUES, techniqueLabel, type TechniqueId } from './techniques';

/** One colour asked for in the prompt, with modifiers applied ("pastel pink", "copper red", "#b87333"). */
export interface ColourTarget {
  label: string;
  lab: OkLab;
  /** Colour-word families and shade ids, e.g. ['copper', 'red'] or ['blonde', 'strawberry-blonde']. */
  ids: string[];
}

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
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordRe = (phrases: readonly string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}#])(?:${[...phrases].sort((a, b) => b.length - a.length).map(esc).map((p) => p.replace(/ /g, '[\\s-]+')).join('|')})(?![\\p{L}\\p{N}])`, 'giu');

interface Span {
  start: number;
  end: number;
  shade?: Shade;
  hex?: string;
}

const SHADE_PHRASES = (SHADES as readonly Shade[]).flatMap((s) => s.match.map((m) => ({ phrase: m, shade: s })));
const SHADE_RE = wordRe(SHADE_PHRASES.map((p) => p.phrase));
const PHRASE_TO_SHADE = new Map(SHADE_PHRASES.map((p) => [p.phrase, p.shade]));

type Modifier = { words: string[]; label: string; apply(c: OkLab): OkLab };
const scaleC = (c: OkLab, k: number): OkLab => ({ L: c.L, a: c.a * k, b: c.b * k });
const MODIFIERS: Modifier[] = [
  { words: ['light', 'lighter', 'pale'], label: 'Light', apply: (c) => ({ ...c, L: Math.min(0.92, c.L + 0.08) }) },
  { words: ['dark', 'deep', 'darker'], label: 'Dark', apply: (c) => ({ ...c, L: Math.max(0.14, c.L - 0.08) }) },
  { words: ['pastel'], label: 'Pastel', apply: (c) => scaleC({ ...c, L: Math.max(c.L, 0.8) }, 0.55) },
  { words: ['vivid', 'bright', 'neon', 'electric', 'intense', 'bold', 'saturated'], label: 'Vivid', apply: (c) => scaleC({ ...c, L: Math.min(0.9, c.L + 0.02) }, 1.4) },
  { words: ['ash', 'ashy', 'cool', 'icy', 'cold'], label: 'Cool', apply: (c) => ({ L: c.L, a: c.a * 0.5 - 0.004, b: c.b * 0.45 - 0.01 }) },
  { words: ['golden', 'gold', 'warm', 'honeyed', 'sunny'], label: 'Warm', apply: (c) => ({ L: c.L, a: c.a + 0.006, b: c.b + 0.035 }) },
  { words: ['muted', 'soft', 'dusty', 'smoky', 'smoked'], label: 'Soft', apply: (c) => scaleC(c, 0.7) },
  { words: ['rich', 'glossy'], label: 'Rich', apply: (c) => scaleC({ ...c, L: c.L - 0.03 }, 1.15) },
];
const MODIFIER_BY_WORD = new Map(MODIFIERS.flatMap((m) => m.words.map((w) => [w, m] as const)));

const TECHNIQUE_RES = TECHNIQUES.map((t) => ({ id: t.id as TechniqueId, re: wordRe(t.match) }));

const CUT_WORDS = [
  'haircut', 'hair cut', 'cut', 'bob', 'lob', 'pixie', 'bangs', 'fringe', 'curtain bangs', 'layers', 'layered', 'shag', 'wolf cut', 'undercut',
  'buzz', 'buzzcut', 'buzz cut', 'shave', 'shaved', 'mullet', 'crop', 'cropped', 'braid', 'braids', 'braided', 'cornrows', 'dreadlocks', 'dreads', 'locs',
  'perm', 'permed', 'curly', 'curls', 'wavy', 'waves', 'straight', 'straighten', 'straightened', 'updo', 'bun', 'ponytail', 'pigtails', 'short',
  'shorter', 'longer', 'extensions', 'mohawk', 'fade', 'afro', 'quiff', 'pompadour', 'slicked back', 'bald', 'taper', 'trim', 'volume',
];
const CUT_RE = wordRe(CUT_WORDS);

const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, couple: 2, few: 3 };
const RELATIVE_RE =
  /(?<![\p{L}\p{N}])(?:(a|an|one|two|three|four|five|six|couple|few|\d)\s+(?:of\s+)?)?(?:(shades?|levels?|tones?|steps?)\s+)?(lighter|darker|lighten|darken|brighter)(?![\p{L}\p{N}])/iu;
const HEX_RE = /#([0-9a-f]{6}|[0-9a-f]{3})(?![0-9a-z])/gi;

function normalise(text: string): string {
  return text.toLowerCase().replace(/[’`]/g, "'").replace(/\s+/g, ' ');
}

function findColourSpans(t: string): Span[] {
  const spans: Span[] = [];
  for (const m of t.matchAll(SHADE_RE)) {
    const phrase = m[0].replace(/[\s-]+/g, ' ');
    const shade = PHRASE_TO_SHADE.get(phrase);
    if (shade) spans.push({ start: m.index, end: m.index + m[0].length, shade });
  }
  for (const m of t.matchAll(HEX_RE)) spans.push({ start: m.index, end: m.index + m[0].length, hex: m[0] });
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  for (const s of spans) if (!out.length || s.start >= out[out.length - 1].end) out.push(s);
  return out;
}

function mix(parts: OkLab[]): OkLab {
  // The last word is the head noun ("copper red" is a red): it weighs 0.6, the qualifiers share 0.4.
  if (parts.length === 1) return parts[0];
  const head = parts[parts.length - 1];
  const rest = parts.slice(0, -1);
  const w = 0.4 / rest.length;
  return {
    L: head.L * 0.6 + rest.reduce((s, p) => s + p.L * w, 0),
    a: head.a * 0.6 + rest.reduce((s, p) => s + p.a * w, 0),
    b: head.b * 0.6 + rest.reduce((s, p) => s + p.b * w, 0),
  };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Turn spans into colour targets: adjacent colour words form one compound, preceding modifiers apply. */
function buildColours(t: string, spans: Span[]): { colours: ColourTarget[]; joinedByTo: boolean } {
  const groups: Span[][] = [];
  let joinedByTo = false;
  for (const s of spans) {
    const prev = groups.at(-1)?.at(-1);
    const gap = prev ? t.slice(prev.end, s.start) : null;
    // "ash" and "golden" are shades alone but modifiers before another colour word.
    if (gap !== null && /^[\s-]*$/.test(gap) && !prev?.hex && !s.hex) groups[groups.length - 1].push(s);
    else {
      if (gap !== null && /(^|\s)(to|into|fading|melting|then)(\s|$)/.test(gap)) joinedByTo = true;
      groups.push([s]);
    }
  }
  const colours = groups.map((g) => {
    const first = g[0];
    // modifiers directly before the compound ("pastel", "dark", "vivid")
    const before = t.slice(0, first.start).trimEnd().split(/[\s,]+/).slice(-2);
    const mods: Modifier[] = [];
    for (let i = before.length - 1; i >= 0; i--) {
      const m = MODIFIER_BY_WORD.get(before[i]);
      if (!m) break;
      mods.unshift(m);
    }
    // a leading "ash"/"golden" shade inside a compound acts as a modifier
    const parts = [...g];
    while (parts.length > 1 && parts[0].shade && ['ash-blonde', 'golden-blonde'].includes(parts[0].shade.id) && /^(ash|ashy|golden|gold)$/.test(t.slice(parts[0].start, parts[0].end))) {
      const m = MODIFIER_BY_WORD.get(t.slice(parts[0].start, parts[0].end));
      if (m) mods.push(m);
      parts.shift();
    }
    let lab = mix(parts.map((p) => (p.shade ? hexToOklab(p.shade.hex) : hexToOklab(p.hex!))));
    for (const m of mods) lab = m.apply(lab);
    // the label uses the prompt's own words ("hot pink", "icy platinum", "copper red")
    const modWords = before.slice(before.length - (mods.length - (g.length - parts.length)));
    const label = cap([...modWords, t.slice(g[0].start, g[g.length - 1].end)].join(' ').replace(/\s+/g, ' '));
    const ids = new Set<string>();
    for (const p of parts) {
      if (!p.shade) continue;
      if (p.shade.family) ids.add(p.shade.family);
      ids.add(p.shade.id);
    }
    return { label, lab, ids: [...ids] };
  });
  return { colours, joinedByTo };
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
  else if (/(a bit|slightly|a little|little)\s+$/.test(t.slice(0, m.index))) n = 1;
  n = Math.min(6, Math.max(1, n));
  return /darker|darken/.test(dir) ? -n : n;
}

const LEVEL_WORDS = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six'];

export function parseHairPrompt(prompt: string): HairRequest {
  const t = normalise(prompt);
  const spans = findColourSpans(t);
  let technique = findTechnique(t);
  // "dark roots" is a technique phrase, not a colour request for the whole head
  const { colours, joinedByTo } = buildColours(t, spans);
  let relativeLevels = spans.length ? null : findRelative(t);
  const cutMatches = [...t.matchAll(CUT_RE)].map((m) => m[0]);
  // "tips" / "roots" name where colour goes, not a cut
  const cut = [...new Set(cutMatches)];

  if (!colours.length && relativeLevels === null && technique && technique !== 'all-over') {
    // a technique without a colour: lighten for highlights-like looks, deepen for lowlights / root shadow
    relativeLevels = technique === 'lowlights' || technique === 'root-shadow' ? -2 : 3;
  }
  if ((colours.length || relativeLevels !== null) && !technique) technique = 'all-over';

  let base: ColourTarget | null = null;
  let effect: ColourTarget | null = null;
  if (colours.length >= 2 && technique !== 'all-over') {
    if (joinedByTo) [base, effect] = [colours[0], colours[1]];
    else [effect, base] = [colours[0], colours[1]];
  } else if (colours.length) {
    effect = colours[0];
  }
  const ids = new Set<string>();
  for (const c of colours) for (const id of c.ids) ids.add(id);
  for (const w of detectColourWords(prompt)) ids.add(w);

  let colourLabel: string | null = null;
  if (relativeLevels !== null) {
    const n = Math.abs(relativeLevels);
    colourLabel = `${LEVEL_WORDS[n] ?? n} level${n === 1 ? '' : 's'} ${relativeLevels > 0 ? 'lighter' : 'darker'}`;
  } else if (base && effect) {
    colourLabel = joinedByTo ? `${base.label} to ${effect.label.toLowerCase()}` : `${effect.label} on ${base.label.toLowerCase()}`;
  } else if (effect) {
    colourLabel = colours.length > 1 ? colours.map((c, i) => (i ? c.label.toLowerCase() : c.label)).join(' and ') : effect.label;
  }
  return { colours, base, effect, technique, relativeLevels, cut, colourIds: [...ids], colourLabel };
}

/** "Copper red, balayage": the words for what a request applies. */
export function describeRequest(req: HairRequest, colourLabelOverride?: string): string {
  const colour = colourLabelOverride ?? req.colourLabel;
  if (!colour || !req.technique) return '';
  const tech = techniqueLabel(req.technique);
  return `${colour}, ${req.technique === 'all-over' ? 'all-over colour' : tech.charAt(0).toLowerCase() + tech.slice(1)}`;
}
