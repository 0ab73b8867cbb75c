import { LETTER } from './letters';

/**
 * Moods and things a person compares hair to ("make it look like a sunset", "mermaid hair", "something
 * fiery"), read as the colour a colourist would mix for them. Only when the prompt names no colour or level of its
 * own: "sunset copper" is copper, "two shades lighter for the beach" is two levels lighter. The studio shows the reading ("sunset" read as "copper to pink ombre"), so the
 * person sees the suggestion and can name other colours.
 */
const MOODS: Record<string, string> = {
  sunset: 'copper to pink ombre',
  sunsets: 'copper to pink ombre',
  sunrise: 'honey to pink ombre',
  autumn: 'auburn',
  autumnal: 'auburn',
  'fall leaves': 'auburn',
  'autumn leaves': 'auburn',
  pumpkin: 'copper',
  'pumpkin spice': 'copper',
  rust: 'copper',
  rusty: 'copper',
  cinnamon: 'copper brown',
  fire: 'fiery red',
  fiery: 'fiery red',
  flame: 'fiery red',
  flames: 'fiery red',
  ocean: 'teal',
  sea: 'teal',
  mermaid: 'teal to purple ombre',
  galaxy: 'purple to blue ombre',
  'northern lights': 'teal to purple ombre',
  aurora: 'teal to purple ombre',
  unicorn: 'pastel pink to lavender ombre',
  'cherry blossom': 'pastel pink',
  'cherry blossom pink': 'pastel pink',
  peach: 'pastel copper',
  peachy: 'pastel copper',
  ice: 'icy blonde',
  frosty: 'icy blonde',
  frost: 'icy blonde',
  'ice queen': 'icy blonde',
  'snow queen': 'icy blonde',
  pearl: 'platinum',
  pearly: 'platinum',
  beach: 'sun-kissed blonde',
  beachy: 'sun-kissed blonde',
  surfer: 'sun-kissed blonde',
  bronze: 'bronde',
  bronzed: 'bronde',
  champagne: 'beige blonde',
  coffee: 'brown',
  latte: 'caramel',
  hazelnut: 'light brown',
  midnight: 'blue black',
  goth: 'jet black',
  gothic: 'jet black',
  forest: 'forest green',
};

/** "two shades lighter for the beach" asks for a level: the mood is where it is for, not a colour. */
const LEVEL_ASK = new RegExp(`(?<![${LETTER}])(?:lighter|darker|lighten|darken|brighter|blonder|warmer|cooler)(?![${LETTER}])`, 'u');

const MOOD_WORDS = new Set(Object.keys(MOODS).flatMap((m) => m.split(' ')));
/** A word of a mood: never read as a typo of a hair word first ("frost" is not "front", "beachy" not "bleach"). */
export const isMoodWord = (w: string) => MOOD_WORDS.has(w);

const MOOD_RE = new RegExp(
  `(?<![${LETTER}])(?:${Object.keys(MOODS)
    .sort((a, b) => b.length - a.length)
    .map((m) => m.replace(/ /g, '\\s+'))
    .join('|')})(?![${LETTER}])`,
  'gu',
);

/**
 * The text with its first mood read as a colour, and what was read, when `namesColour` finds no colour in the rest
 * of the text; else the text as it was. `text` is the rewrite's lower-case English.
 */
export function readMoods(text: string, namesColour: (rest: string) => boolean): { text: string; read: Array<{ from: string; to: string }> } {
  MOOD_RE.lastIndex = 0;
  const m = MOOD_RE.exec(text);
  // a mood that holds a colour word ("cherry blossom") is read even beside a colour: else it reads as that word
  const rest = text.replace(MOOD_RE, ' ');
  if (!m || (!namesColour(m[0]) && (namesColour(rest) || LEVEL_ASK.test(rest)))) return { text, read: [] };
  // the first mood only: "a fiery sunset" is one colour, not two
  const to = MOODS[m[0].replace(/\s+/g, ' ')];
  return { text: text.slice(0, m.index) + to + text.slice(m.index + m[0].length), read: [{ from: m[0], to }] };
}
