import { hexToOklab, type OkLab } from './oklab';
import { HEX_RE, MODIFIER_BY_WORD, PHRASE_TO_SHADE, SHADE_RE, type Modifier, type Span } from './prompt-vocabulary';

/** One colour asked for in the prompt, with modifiers applied ("pastel pink", "copper red", "#b87333"). */
export interface ColourTarget {
  label: string;
  lab: OkLab;
  /** Colour-word families and shade ids, e.g. ['copper', 'red'] or ['blonde', 'strawberry-blonde']. */
  ids: string[];
}

/** A colour with where its words sit in the text (modifiers included), for the parser to place it. */
export interface PlacedColour extends ColourTarget {
  start: number;
  end: number;
}

export function findColourSpans(t: string): Span[] {
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
/** "not too red": the colour, gentler (less chroma, and nearer a mid level). */
const SOFTEN: Modifier = { words: [], label: 'Soft', apply: (c) => ({ L: c.L + (0.55 - c.L) * 0.15, a: c.a * 0.7, b: c.b * 0.7 }) };

/**
 * Turn spans into colour targets: adjacent colour words form one compound, preceding modifiers apply;
 * a compound that starts inside a `soft` range ("not too red") is softened.
 */
export function buildColours(
  t: string,
  spans: Span[],
  soft: ReadonlyArray<{ start: number; end: number }> = [],
): { colours: PlacedColour[]; joinedByTo: boolean } {
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
    const before = t
      .slice(0, first.start)
      .trimEnd()
      .split(/[\s,]+/)
      .slice(-2);
    const mods: Modifier[] = [];
    for (let i = before.length - 1; i >= 0; i--) {
      const m = MODIFIER_BY_WORD.get(before[i]);
      if (!m) break;
      mods.unshift(m);
    }
    // a leading "ash"/"golden" shade inside a compound acts as a modifier
    const parts = [...g];
    while (
      parts.length > 1 &&
      parts[0].shade &&
      ['ash-blonde', 'golden-blonde'].includes(parts[0].shade.id) &&
      /^(ash|ashy|golden|gold)$/.test(t.slice(parts[0].start, parts[0].end))
    ) {
      const m = MODIFIER_BY_WORD.get(t.slice(parts[0].start, parts[0].end));
      if (m) mods.push(m);
      parts.shift();
    }
    let lab = mix(parts.map((p) => (p.shade ? hexToOklab(p.shade.hex) : hexToOklab(p.hex!))));
    for (const m of mods) lab = m.apply(lab);
    const softened = soft.some((r) => first.start >= r.start && first.start < r.end);
    if (softened) lab = SOFTEN.apply(lab);
    // the label uses the prompt's own words ("hot pink", "icy platinum", "copper red")
    const modWords = before.slice(before.length - (mods.length - (g.length - parts.length)));
    const words = [...modWords, t.slice(g[0].start, g[g.length - 1].end)].join(' ').replace(/[\s-]+/g, ' ');
    const label = cap(softened ? `${SOFTEN.label.toLowerCase()} ${words}` : words);
    const ids = new Set<string>();
    for (const p of parts) {
      if (!p.shade) continue;
      if (p.shade.family) ids.add(p.shade.family);
      ids.add(p.shade.id);
    }
    const preceding = [...t.slice(0, first.start).matchAll(/[^\s,]+/g)];
    const start = modWords.length ? (preceding.at(-modWords.length)?.index ?? first.start) : first.start;
    return { label, lab, ids: [...ids], start, end: g[g.length - 1].end };
  });
  return { colours, joinedByTo };
}
