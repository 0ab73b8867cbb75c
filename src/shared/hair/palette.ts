import type { ColourWord } from './colour-words';

/**
 * Hair-dye shades the engine can apply. `hex` is the mean colour of dyed hair as photographed (not the
 * brightest swatch strand), so the engine maps the hair's own distribution onto it. `family` links a
 * shade to the gallery's 21 colour words; `match` are the phrases that name it in a prompt (longest
 * phrase wins, whole words only).
 */
export interface Shade {
  id: string;
  label: string;
  hex: string;
  family: ColourWord | null;
  match: readonly string[];
}

export const SHADES = [
  { id: 'jet-black', label: 'Jet black', hex: '#1a1716', family: 'black', match: ['jet black', 'blue black', 'raven', 'raven black', 'ink black'] },
  { id: 'black', label: 'Black', hex: '#231e1c', family: 'black', match: ['black', 'soft black', 'natural black'] },
  { id: 'espresso', label: 'Espresso brown', hex: '#2e211b', family: 'brown', match: ['espresso', 'dark chocolate', 'darkest brown'] },
  { id: 'dark-brown', label: 'Dark brown', hex: '#3b2a20', family: 'brown', match: ['dark brown', 'dark brunette', 'deep brown'] },
  { id: 'brown', label: 'Brown', hex: '#5a3f2c', family: 'brown', match: ['brown', 'brunette', 'medium brown', 'chocolate', 'chocolate brown', 'mocha'] },
  { id: 'chestnut', label: 'Chestnut', hex: '#6a3c24', family: 'chestnut', match: ['chestnut', 'chestnut brown'] },
  { id: 'mahogany', label: 'Mahogany', hex: '#56231d', family: 'red', match: ['mahogany'] },
  { id: 'light-brown', label: 'Light brown', hex: '#84624a', family: 'brown', match: ['light brown', 'light brunette', 'mousy brown', 'ash brown'] },
  { id: 'caramel', label: 'Caramel', hex: '#a06d3c', family: 'caramel', match: ['caramel', 'toffee', 'butterscotch'] },
  { id: 'honey', label: 'Honey blonde', hex: '#b48546', family: 'honey', match: ['honey', 'honey blonde', 'golden brown'] },
  { id: 'dark-blonde', label: 'Dark blonde', hex: '#98775a', family: 'blonde', match: ['dark blonde', 'bronde', 'dirty blonde'] },
  { id: 'blonde', label: 'Blonde', hex: '#c2a06c', family: 'blonde', match: ['blonde', 'blond'] },
  { id: 'golden-blonde', label: 'Golden blonde', hex: '#c99b55', family: 'blonde', match: ['golden blonde', 'golden', 'gold', 'sunny blonde'] },
  { id: 'ash-blonde', label: 'Ash blonde', hex: '#b3a68f', family: 'blonde', match: ['ash blonde', 'ashy blonde', 'ash', 'ashy', 'mushroom blonde'] },
  { id: 'beige-blonde', label: 'Beige blonde', hex: '#c8b08c', family: 'blonde', match: ['beige blonde', 'beige', 'sandy blonde', 'sand'] },
  { id: 'light-blonde', label: 'Light blonde', hex: '#d8bf92', family: 'blonde', match: ['light blonde', 'buttery blonde', 'butter blonde'] },
  { id: 'strawberry-blonde', label: 'Strawberry blonde', hex: '#c58b62', family: 'blonde', match: ['strawberry blonde', 'strawberry'] },
  {
    id: 'platinum',
    label: 'Platinum blonde',
    hex: '#d3c9b6',
    family: 'platinum',
    match: ['platinum', 'platinum blonde', 'icy blonde', 'ice blonde', 'white blonde', 'bleach blonde', 'bleached'],
  },
  { id: 'red', label: 'Red', hex: '#9a2a22', family: 'red', match: ['red', 'scarlet', 'crimson', 'ruby', 'fire red', 'fiery red'] },
  { id: 'auburn', label: 'Auburn', hex: '#7a3524', family: 'auburn', match: ['auburn'] },
  { id: 'copper', label: 'Copper', hex: '#ad5328', family: 'copper', match: ['copper', 'cowboy copper'] },
  { id: 'ginger', label: 'Ginger', hex: '#bc6230', family: 'ginger', match: ['ginger', 'orange', 'carrot', 'titian'] },
  { id: 'burgundy', label: 'Burgundy', hex: '#5c1a2b', family: 'burgundy', match: ['burgundy', 'wine', 'merlot', 'oxblood', 'bordeaux', 'maroon'] },
  { id: 'cherry-cola', label: 'Cherry cola', hex: '#4b1b22', family: 'cherry cola', match: ['cherry', 'cherry cola', 'black cherry'] },
  { id: 'rose-gold', label: 'Rose gold', hex: '#cf9a88', family: 'pink', match: ['rose gold', 'rose'] },
  { id: 'pink', label: 'Pink', hex: '#d67a9c', family: 'pink', match: ['pink', 'bubblegum', 'bubblegum pink', 'hot pink', 'magenta', 'fuchsia'] },
  { id: 'pastel-pink', label: 'Pastel pink', hex: '#e9b3c4', family: 'pink', match: ['pastel pink', 'baby pink', 'blush', 'blush pink', 'cotton candy'] },
  { id: 'purple', label: 'Purple', hex: '#633686', family: 'purple', match: ['purple', 'violet', 'plum', 'amethyst'] },
  { id: 'lavender', label: 'Lavender', hex: '#b49ad2', family: 'lavender', match: ['lavender', 'lilac', 'pastel purple'] },
  { id: 'blue', label: 'Blue', hex: '#2d5ba6', family: 'blue', match: ['blue', 'electric blue', 'cobalt', 'navy', 'sapphire'] },
  { id: 'pastel-blue', label: 'Pastel blue', hex: '#9dbbe0', family: 'blue', match: ['pastel blue', 'baby blue', 'sky blue', 'powder blue'] },
  { id: 'teal', label: 'Teal', hex: '#1e7676', family: 'teal', match: ['teal', 'turquoise', 'aqua', 'petrol', 'cyan'] },
  { id: 'green', label: 'Green', hex: '#2e7a40', family: 'green', match: ['green', 'emerald', 'mint', 'neon green', 'forest green'] },
  { id: 'silver', label: 'Silver', hex: '#c3c4c8', family: 'silver', match: ['silver', 'metallic silver', 'silver grey', 'silver gray'] },
  { id: 'grey', label: 'Grey', hex: '#8c8c8f', family: 'grey', match: ['grey', 'gray', 'charcoal', 'salt and pepper', 'granny grey', 'steel grey'] },
  { id: 'white', label: 'White', hex: '#e9e8e6', family: null, match: ['white', 'snow white'] },
] as const satisfies readonly Shade[];

const BY_ID = new Map<string, Shade>(SHADES.map((s) => [s.id, s]));

export function shadeById(id: string): Shade | undefined {
  return BY_ID.get(id);
}

/** The photo grid's nine shades (live mode's and the studio's): the families a person usually weighs against each other. */
export const GRID_SHADE_IDS = ['espresso', 'chestnut', 'copper', 'auburn', 'honey', 'golden-blonde', 'platinum', 'burgundy', 'rose-gold'] as const;
