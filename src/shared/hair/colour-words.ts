import { LETTER } from './letters';
/**
 * The style gallery's 21 colour words (docs/product.md §5, §9). 'cherry cola' is one gallery entry, but prompt
 * detection matches it by the single word 'cherry', so each entry carries the words that detect it.
 * One list, used by the gallery filter, the studio's Shop the Look and the hair engine.
 */
export const COLOUR_WORDS = [
  { id: 'black', label: 'Black', match: ['black'] },
  { id: 'brown', label: 'Brown', match: ['brown', 'brunette'] },
  { id: 'blonde', label: 'Blonde', match: ['blonde', 'blond'] },
  { id: 'platinum', label: 'Platinum', match: ['platinum'] },
  { id: 'red', label: 'Red', match: ['red'] },
  { id: 'auburn', label: 'Auburn', match: ['auburn'] },
  { id: 'copper', label: 'Copper', match: ['copper'] },
  { id: 'ginger', label: 'Ginger', match: ['ginger'] },
  { id: 'burgundy', label: 'Burgundy', match: ['burgundy'] },
  { id: 'cherry cola', label: 'Cherry cola', match: ['cherry'] },
  { id: 'pink', label: 'Pink', match: ['pink'] },
  { id: 'purple', label: 'Purple', match: ['purple'] },
  { id: 'lavender', label: 'Lavender', match: ['lavender'] },
  { id: 'blue', label: 'Blue', match: ['blue'] },
  { id: 'teal', label: 'Teal', match: ['teal'] },
  { id: 'green', label: 'Green', match: ['green'] },
  { id: 'silver', label: 'Silver', match: ['silver'] },
  { id: 'grey', label: 'Grey', match: ['grey', 'gray'] },
  { id: 'caramel', label: 'Caramel', match: ['caramel'] },
  { id: 'honey', label: 'Honey', match: ['honey'] },
  { id: 'chestnut', label: 'Chestnut', match: ['chestnut'] },
] as const;

export type ColourWord = (typeof COLOUR_WORDS)[number]['id'];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PATTERNS = COLOUR_WORDS.map((c) => ({
  id: c.id as ColourWord,
  re: new RegExp(`(?<![${LETTER}0-9])(?:${c.match.map(escape).join('|')})(?![${LETTER}0-9])`, 'iu'),
}));

/** Colour words found in a prompt, whole-word and case-insensitive, in gallery order. */
export function detectColourWords(text: string): ColourWord[] {
  return PATTERNS.filter((p) => p.re.test(text)).map((p) => p.id);
}
