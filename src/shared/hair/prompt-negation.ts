import { LETTER, MARK } from './letters';
/**
 * Negation in a hair prompt, read on the English text the rewrite produced. Three kinds of scope:
 *  - `no`: "no blonde please", "without highlights", "don't go red", "copper instead of blonde": what is in
 *    the scope is not applied (and is reported as negated);
 *  - `soft`: "not too red", "not so dark": it is applied, gentler;
 *  - `less`: "less orange", "less ashy", "less dark": a shift away from it (cooler, warmer, lighter...).
 * A scope runs from its cue to the end of the clause: punctuation, or a word that starts a new ask
 * ("but", "just", "and", "with", "darker"...), whichever comes first. Filler words ("want", "any", "the")
 * never end a scope, so "I don't want any blonde" still reaches "blonde".
 */
type ScopeKind = 'no' | 'soft' | 'less';
export interface Scope {
  kind: ScopeKind;
  /** Character range of the scope in the text (cue excluded). */
  start: number;
  end: number;
  /** Character range of the cue ("not too", "without"). */
  cueStart: number;
}

const NEGATORS = new Set([
  'no',
  'not',
  'without',
  'never',
  'avoid',
  'nothing',
  "don't",
  'dont',
  "doesn't",
  "isn't",
  "aren't",
  "won't",
  'minus',
  'except',
  'nope',
  'hate',
]);
const SOFTENERS = new Set(['too', 'so', 'very', 'overly', 'that', 'super', 'crazy', 'extremely']);
/** Cues of several words; "no more platinum" and "done with blonde" leave a colour behind, like "no". */
const PHRASE_NEGATORS: string[][] = [
  ['instead', 'of'],
  ['rather', 'than'],
  ['anything', 'but'],
  ['no', 'more'],
  ['no', 'longer'],
  ['done', 'with'],
  ['finished', 'with'],
  ['over', 'being'],
  ['tired', 'of'],
  ['sick', 'of'],
  ['bored', 'of'],
  ['bored', 'with'],
  ['get', 'rid', 'of'],
  ['away', 'from'],
  ['moving', 'on', 'from'],
  ['move', 'on', 'from'],
];
const BREAKERS = new Set([
  'but',
  'just',
  'only',
  'instead',
  'rather',
  'please',
  'and',
  'with',
  'then',
  'i',
  "i'd",
  "i'm",
  'prefer',
  'though',
  'also',
  'keep',
  'darker',
  'lighter',
  'warmer',
  'cooler',
  'maybe',
  'so',
  'more',
  'plus',
  'yes',
  'ok',
  'okay',
]);
const FILLERS = new Set([
  'go',
  'make',
  'want',
  'wanna',
  'like',
  'need',
  'any',
  'anything',
  'a',
  'an',
  'the',
  'my',
  'of',
  'fan',
  'interested',
  'in',
  'to',
  'going',
  'have',
  'get',
  'getting',
  'do',
  'it',
  'me',
  'really',
  'much',
  'at',
  'all',
  'be',
]);
const MAX_SCOPE_WORDS = 5;
const WORDS = new RegExp(String.raw`[${LETTER}${MARK}0-9#']+`, 'gu');
const AFTER_NOT = new RegExp(String.raw`^\s+(?:really\s+)?(?:my thing|for me|my style|me|an option|happening|what i want)(?![${LETTER}])`, 'u');

interface Word {
  text: string;
  start: number;
  end: number;
  /** Punctuation between the previous word and this one ends a clause. */
  clauseBreakBefore: boolean;
}

function words(text: string): Word[] {
  const out: Word[] = [];
  let last = 0;
  for (const m of text.matchAll(WORDS)) {
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length, clauseBreakBefore: /[.,;:!?()]/.test(text.slice(last, m.index)) });
    last = m.index + m[0].length;
  }
  return out;
}

export function findScopes(text: string): Scope[] {
  const ws = words(text);
  const scopes: Scope[] = [];
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i].text;
    let kind: ScopeKind | null = null;
    let first = i + 1;
    const phrase = PHRASE_NEGATORS.find((p) => p.every((pw, k) => ws[i + k]?.text === pw && (k === 0 || !ws[i + k].clauseBreakBefore)));
    if (phrase) {
      kind = 'no';
      first = i + phrase.length;
    } else if (w === 'less' || (w === 'not' && ws[i + 1]?.text === 'as')) {
      kind = 'less';
      if (w === 'not') first = i + 2;
    } else if (w === 'do' && ws[i + 1]?.text === 'not') {
      continue; // "do not": the "not" opens the scope
    } else if (NEGATORS.has(w)) {
      const next = ws[i + 1];
      if (next && SOFTENERS.has(next.text) && !next.clauseBreakBefore) {
        kind = 'soft';
        first = i + 2;
      } else kind = 'no';
    }
    // "blonde is not my thing", "red isn't for me": the scope is what came before
    if (
      kind === 'no' &&
      (w === "isn't" || w === "aren't" || (w === 'not' && /^(?:is|are)$/.test(ws[i - 1]?.text ?? ''))) &&
      AFTER_NOT.test(text.slice(ws[i].end))
    ) {
      let from = w === 'not' ? i - 2 : i - 1;
      const end = ws[from]?.end ?? 0;
      while (from > 0 && !ws[from].clauseBreakBefore) from--;
      if (end > 0) scopes.push({ kind, start: ws[from].start, end, cueStart: ws[i].start });
      continue;
    }
    if (!kind || first >= ws.length || ws[first].clauseBreakBefore) continue;
    let last = -1;
    let content = 0;
    for (let j = first; j < ws.length && content < MAX_SCOPE_WORDS; j++) {
      if (j > first && ws[j].clauseBreakBefore) break;
      // "from platinum to caramel": what follows "to" is the new colour ("want to go" is still filler)
      if (content > 0 && (ws[j].text === 'to' || ws[j].text === 'into')) break;
      if (FILLERS.has(ws[j].text)) continue;
      if (BREAKERS.has(ws[j].text) || NEGATORS.has(ws[j].text) || ws[j].text === 'less') break;
      last = j;
      content++;
    }
    if (last >= first) scopes.push({ kind, start: ws[first].start, end: ws[last].end, cueStart: ws[i].start });
  }
  return scopes;
}

/** The text with these ranges replaced by spaces: positions stay valid, the words are gone. */
export function blank(text: string, ranges: ReadonlyArray<{ start: number; end: number }>): string {
  let out = text;
  for (const r of ranges) out = out.slice(0, r.start) + ' '.repeat(r.end - r.start) + out.slice(r.end);
  return out;
}
