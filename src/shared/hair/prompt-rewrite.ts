import { FOREIGN_EVERYDAY, FOREIGN_MAX_WORDS, FOREIGN_WORDS, readGermanCompound } from './prompt-languages';
import { isMoodWord, readMoods } from './prompt-moods';
import { correctTypo, type Vocabulary } from './prompt-typos';
import { LETTER, MARK } from './letters';

/**
 * The first step of reading a prompt: lower case, one kind of apostrophe and space, then each word in
 * another language read as its English ("pelo rojo" → "hair red", "plus foncé" → "darker") and each typo
 * of a hair word read as the word ("coper balyage" → "copper balayage"). The rest of the parser reads
 * only this English text; `corrections` lists what was read differently so the studio can show it.
 */
export interface Rewritten {
  text: string;
  corrections: Array<{ from: string; to: string }>;
}

interface Token {
  word: boolean;
  text: string;
  /** Came from another language: a following adjective is moved before the colour it describes. */
  foreign?: boolean;
}

/** Accents off ("châtain" → "chatain", "ombré" → "ombre", "weiß" → "weiss"), for looking words up. */
const MARKS = new RegExp(`[${MARK}]`, 'gu');
const fold = (s: string) => s.normalize('NFD').replace(MARKS, '').replace(/ß/g, 'ss');

const WORD_START = new RegExp(`^[${LETTER}${MARK}0-9#']`, 'u');
const TOKEN_RE = new RegExp(String.raw`[${LETTER}${MARK}0-9#']+|[^${LETTER}${MARK}0-9#']+`, 'gu');
/** Adjectives that follow their noun in the Romance languages ("châtain clair" = light brown). */
const POST_ADJECTIVES = new Set(['dark', 'light', 'pastel', 'golden', 'ash']);
const NOT_WORD = /[^a-z0-9#]+/;

function normalise(text: string): string {
  return text.toLowerCase().replace(/[’`´]/g, "'").replace(/\s+/g, ' ');
}

export function rewritePrompt(prompt: string, vocab: Vocabulary, isColourWord: (w: string) => boolean): Rewritten {
  const tokens: Token[] = [...normalise(prompt).matchAll(TOKEN_RE)].map((m) => ({ word: WORD_START.test(m[0]), text: m[0] }));
  const corrections: Rewritten['corrections'] = [];
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    if (!tok.word) {
      out.push(tok);
      continue;
    }
    // longest phrase first, across plain spaces or hyphens only
    let matched = false;
    for (let n = FOREIGN_MAX_WORDS; n >= 1 && !matched; n--) {
      const words: string[] = [];
      let j = i;
      for (; j < tokens.length && words.length < n; j++) {
        if (tokens[j].word) words.push(tokens[j].text);
        else if (!/^[\s-]+$/.test(tokens[j].text)) break;
      }
      if (words.length !== n) continue;
      const original = words.join(' ');
      const english = FOREIGN_WORDS.get(fold(original));
      if (english === undefined) continue;
      matched = true;
      if (fold(original) !== english) corrections.push({ from: original, to: english });
      out.push({ word: true, text: english, foreign: fold(original) !== english });
      i = j - 1;
    }
    if (matched) continue;
    const folded = fold(tok.text);
    const compound = vocab.known.has(folded) ? null : readGermanCompound(folded);
    if (compound) {
      corrections.push({ from: tok.text, to: compound });
      out.push({ word: true, text: compound, foreign: true });
      continue;
    }
    // a word with accents, or an everyday word of the other languages, is not an English typo ("möchte" is not "mocha")
    const fixed = folded === tok.text && !FOREIGN_EVERYDAY.has(folded) && !isMoodWord(folded) ? correctTypo(folded, vocab) : null;
    if (fixed) {
      corrections.push({ from: tok.text, to: fixed });
      out.push({ word: true, text: fixed });
    } else out.push(tok);
  }
  // "brown light" (from "châtain clair") → "light brown"
  const words = out.filter((t) => t.word);
  for (let k = 1; k < words.length; k++) {
    const prev = words[k - 1];
    const cur = words[k];
    if ((cur.foreign || prev.foreign) && POST_ADJECTIVES.has(cur.text) && isColourWord(prev.text)) [prev.text, cur.text] = [cur.text, prev.text];
  }
  const moods = readMoods(out.map((t) => t.text).join(''), (rest) => rest.split(NOT_WORD).some(isColourWord));
  return { text: moods.text, corrections: [...corrections, ...moods.read] };
}
