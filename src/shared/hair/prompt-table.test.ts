import { describe, expect, it } from 'vitest';
import { STYLES } from '../content/styles';
import { FOREIGN_WORDS } from './prompt-languages';
import { colourPartPrompt, needsColourOnlyConsent, readPrompt, routeOfPrompt } from './prompt-reading';
import { describeRequest, parseHairPrompt, requestParts, type HairRequest } from './prompt';
import { editDistance } from './prompt-typos';

/**
 * The prompt grammar's table (decision 086): each row is a prompt a person might type and the essentials a
 * person would expect to be read from it. Keys left out are not checked, except that a row without `neg`
 * expects nothing negated, and a row without `cut` expects no haircut.
 */
interface Expect {
  /** technique id (null: nothing to apply) */
  t?: string | null;
  /** colour ids that must be read (families or shade ids) */
  has?: string[];
  /** colour ids that must not be read */
  not?: string[];
  /** an id of the effect colour / of the base colour; null: none */
  effect?: string | null;
  base?: string | null;
  rel?: number | null;
  roots?: HairRequest['roots'];
  place?: HairRequest['placement'];
  greys?: HairRequest['greys'];
  temp?: HairRequest['temperature'];
  /** negated colour ids that must be reported */
  neg?: string[];
  negT?: string[];
  cut?: string[];
  /** a typo or translation shown: [from, to] */
  fix?: [string, string];
  suggestion?: boolean;
  /** the studio's parts, exactly */
  parts?: string[];
}

/**
 * The hard prompts of issue 32, one class a row: the misreadings a person would not forgive, the inversions
 * first. Decision 144 counts how many of these classes are read right; each is also a row of the table.
 */
const HARD: Array<[cls: string, prompt: string, x: Expect]> = [
  // inversions the issue saw
  [
    'cover greys, no shade: coverage advice, never the grey shade',
    'just cover the greys',
    { t: null, effect: null, not: ['grey'], greys: 'cover', suggestion: true },
  ],
  [
    'keep a part dark: the colour on top, the under layer kept',
    'blonde highlights but keep it dark underneath',
    { t: 'highlights', effect: 'blonde', place: 'top', parts: ['Blonde', 'highlights', 'top layer only'] },
  ],
  [
    '"no more X": a return, not a lift',
    'no more platinum, back to my natural brown',
    { t: 'all-over', effect: 'brown', rel: null, neg: ['platinum'], not: ['platinum'] },
  ],
  ['German everyday word, not a colour', 'ich möchte kupfer', { effect: 'copper', not: ['brown'], has: ['copper'] }],
  ['German compound keeps its colour', 'Pastellrosa Spitzen', { t: 'dip-dye', effect: 'pastel-pink', fix: ['pastellrosa', 'pastel pink'] }],
  [
    'grey roots touched up with a shade: the roots get it',
    'touch up my grey roots with my natural dark brown',
    { t: 'all-over', roots: 'touch-up', effect: 'dark-brown', not: ['grey'], greys: 'cover', parts: ['Dark brown', 'root touch-up', 'greys covered'] },
  ],
  [
    'streaks at the front are a money piece',
    'two chunky blonde streaks in the front',
    { t: 'money-piece', place: 'face-frame', effect: 'blonde', parts: ['Blonde', 'money piece'] },
  ],
  ['a streak in the fringe is a placement, not a haircut', 'a single white streak in my fringe', { place: 'streak', effect: 'white', cut: [] }],
  [
    'a mood answered with a shade',
    'make it look like a sunset',
    { t: 'ombre', base: 'copper', effect: 'pink', fix: ['sunset', 'copper to pink ombre'], parts: ['Copper to pink', 'ombré'] },
  ],
  // the same classes, said another way
  [
    'cover greys with a shade',
    'cover my greys with dark brown',
    { effect: 'dark-brown', not: ['grey'], greys: 'cover', parts: ['Dark brown', 'all-over colour', 'greys covered'] },
  ],
  ['blend greys, no shade: advice', 'blend my greys', { t: null, effect: null, greys: 'blend', suggestion: true }],
  ['grey wanted as a shade stays a shade', 'I want to go silver grey', { effect: 'silver', greys: null }],
  ['a root touch-up without a shade: advice', 'just a root touch up', { t: null, roots: 'touch-up', suggestion: true }],
  ['the top layer, bottom kept', 'copper on top, keep the bottom dark', { effect: 'copper', place: 'top', parts: ['Copper', 'top layer only'] }],
  ['a colour underneath is still a peekaboo', 'dark hair with teal underneath', { place: 'underneath', effect: 'teal' }],
  ['"done with X"', 'done with blonde, back to dark brown', { effect: 'dark-brown', neg: ['blonde'], not: ['blonde'] }],
  ['"tired of X" alone applies nothing', "I'm tired of red", { t: null, neg: ['red'], not: ['red'] }],
  ['Spanish everyday word, not a money piece', '¿me puedes hacer mechas caramelo?', { t: 'highlights', effect: 'caramel' }],
  ['French everyday word, not fire', 'je veux faire un balayage miel', { t: 'balayage', effect: 'honey', not: ['red'] }],
  ['Portuguese everyday word, not sombré', 'sempre quis ser ruiva', { t: 'all-over', effect: 'ginger' }],
  ['Italian everyday word, not a piece', 'mi piace il castano', { t: 'all-over', effect: 'brown' }],
  ['German season, not sombré', 'im Sommer lieber blond', { t: 'all-over', effect: 'blonde' }],
  ['German compound: colour and highlights', 'Karamellsträhnchen', { t: 'highlights', effect: 'caramel' }],
  ['German compounds: highlights on a base', 'aschblonde Strähnen auf dunkelbraunem Haar', { t: 'highlights', effect: 'ash-blonde', base: 'dark-brown' }],
  ['Romance compound with a hyphen', 'castanho-escuro', { effect: 'dark-brown', parts: ['Dark brown', 'all-over colour'] }],
  ['front pieces', 'brighten the front pieces with honey', { t: 'money-piece', place: 'face-frame', effect: 'honey' }],
  ['a fringe coloured, not cut', 'pink fringe', { place: 'fringe', effect: 'pink', cut: [], parts: ['Pink', 'fringe only'] }],
  ['dye the bangs', 'dye my bangs blue', { place: 'fringe', effect: 'blue', cut: [] }],
  ['a fringe asked for is still a cut', 'blonde with curtain bangs', { place: null, effect: 'blonde', cut: ['curtain bangs'] }],
  ['lowlights on the hair one has', 'add some lowlights to my blonde', { t: 'lowlights', base: 'blonde', effect: null, rel: -2 }],
  ['lowlights with a colour', 'chocolate lowlights in my blonde hair', { t: 'lowlights', effect: 'brown', base: 'blonde' }],
  ['dark streaks are lowlights', 'dark streaks through my blonde', { t: 'lowlights', rel: -2, base: 'blonde' }],
  ['Spanish lowlights', 'mechas oscuras', { t: 'lowlights', rel: -2 }],
  ['a mood named the way people say it', 'something that feels like autumn', { effect: 'auburn' }],
  ['a mood of cool colours', 'mermaid vibes', { t: 'ombre', base: 'teal', effect: 'purple' }],
  ['a mood is not a celebrity', 'hair like the ocean', { effect: 'teal', suggestion: false }],
  ['a negation in Spanish with an adjective after its colour', 'sin rubio, castaño oscuro', { effect: 'dark-brown', neg: ['blonde'] }],
  ['keep it dark underneath, in Spanish', 'mechas rubias pero oscuro por debajo', { t: 'highlights', effect: 'blonde', place: 'top' }],
  ['cover greys, in Spanish', 'cubrir las canas', { t: null, greys: 'cover', not: ['grey'], suggestion: true }],
  ['cover greys with a shade, in German', 'graue Haare abdecken mit Dunkelbraun', { effect: 'dark-brown', greys: 'cover', not: ['grey'] }],
];

const TABLE: Array<[string, Expect]> = [
  // ── the issue's own examples
  ['no blonde please, just darker', { t: 'all-over', rel: -2, neg: ['blonde'], not: ['blonde'], effect: null }],
  ['balayage but darker at the roots', { t: 'balayage', rel: 3, roots: 'darker', parts: ['Three levels lighter', 'balayage', 'darker roots'] }],
  ['coper balyage', { t: 'balayage', has: ['copper'], effect: 'copper', fix: ['coper', 'copper'] }],
  ['pelo rojo', { t: 'all-over', has: ['red'], effect: 'red', fix: ['rojo', 'red'] }],
  ['cheveux blonds', { t: 'all-over', has: ['blonde'], effect: 'blonde' }],
  ['peekaboo purple underneath', { t: 'highlights', place: 'underneath', effect: 'purple', base: null, parts: ['Purple', 'underneath (peekaboo)'] }],
  ['black hair with a white streak', { place: 'streak', effect: 'white', base: 'black', parts: ['White on black', 'one streak'] }],
  ['keep my roots natural', { t: null, roots: 'keep' }],
  ['copper red balayage, keep my roots natural', { t: 'balayage', effect: 'copper', roots: 'keep', parts: ['Copper red', 'balayage', 'roots kept'] }],
  ['make it warmer', { t: 'all-over', rel: 0, temp: 'warmer', parts: ['Warmer tone', 'all-over colour'] }],
  ['a bit cooler', { t: 'all-over', rel: 0, temp: 'cooler' }],
  ['copper red like Zendaya', { effect: 'copper', suggestion: true }],
  // ── negation
  ['not blonde, copper', { effect: 'copper', neg: ['blonde'], not: ['blonde'] }],
  ['no red', { t: null, neg: ['red'], not: ['red'] }],
  ["I don't want any blonde, go for copper", { effect: 'copper', neg: ['blonde'] }],
  ['anything but pink, maybe chestnut', { effect: 'chestnut', neg: ['pink'] }],
  ['copper instead of blonde', { effect: 'copper', neg: ['blonde'], not: ['blonde'] }],
  ['caramel rather than platinum', { effect: 'caramel', neg: ['platinum'] }],
  ['without bleach, a shade darker', { rel: -1, t: 'all-over' }],
  ['chocolate brown, no highlights', { t: 'all-over', effect: 'brown', negT: ['highlights'] }],
  ['no balayage, just all over honey', { t: 'all-over', effect: 'honey', negT: ['balayage'] }],
  ['never going blonde again, dark brown please', { effect: 'dark-brown', neg: ['blonde'] }],
  ['not too red', { effect: 'red', t: 'all-over', parts: ['Soft red', 'all-over colour'] }],
  ['auburn but not too red', { effect: 'auburn', neg: [] }],
  ['darker but not too dark', { rel: -1 }],
  ['lighter, not too light', { rel: 1 }],
  ['less brassy', { temp: 'cooler', rel: 0 }],
  ['less orange please', { temp: 'cooler', rel: 0, not: ['ginger'] }],
  ['less ashy', { temp: 'warmer', rel: 0 }],
  ['less dark', { rel: 1 }],
  ['less blonde', { rel: -1 }],
  ['blonde, no brassiness', { effect: 'blonde', temp: 'cooler' }],
  ['blonde with no yellow', { effect: 'blonde', temp: 'cooler' }],
  ['no ashy tones, golden blonde', { effect: 'golden-blonde', temp: 'warmer', neg: ['ash-blonde'] }],
  ['do not make it black', { t: null, neg: ['black'] }],
  ['no pink and no purple, teal', { effect: 'teal', neg: ['pink', 'purple'] }],
  ['copper, no bangs', { effect: 'copper', cut: [] }],
  ['no haircut, just copper', { effect: 'copper', cut: [] }],
  ["don't cut it, honey highlights", { t: 'highlights', effect: 'honey', cut: [] }],
  ['no blonde or red, green', { effect: 'green', neg: ['blonde', 'red'] }],
  ['blonde is not my thing, go red', { effect: 'red', neg: ['blonde'] }],
  // ── typos (edit distance 1–2)
  ['carmel highlights', { t: 'highlights', effect: 'caramel', fix: ['carmel', 'caramel'] }],
  ['burgandy', { effect: 'burgundy' }],
  ['platnum blonde', { effect: 'platinum' }],
  ['lavendar ombre', { t: 'ombre', effect: 'lavender' }],
  ['strawbery blond', { effect: 'strawberry-blonde' }],
  ['hilights', { t: 'highlights', rel: 3 }],
  ['hightlights', { t: 'highlights' }],
  ['blaayage', { t: 'balayage' }],
  ['balyge', { t: 'balayage' }],
  ['ombree', { t: 'ombre' }],
  ['chesnut brown', { effect: 'chestnut' }],
  ['auborn', { effect: 'auburn' }],
  ['purpel', { effect: 'purple' }],
  ['turqoise', { effect: 'teal' }],
  ['brunnette', { effect: 'brown' }],
  ['silvr', { effect: 'silver' }],
  ['coper red balyage', { t: 'balayage', has: ['copper', 'red'] }],
  ['mahoganey', { effect: 'mahogany' }],
  ['ginjer', { effect: 'ginger' }],
  ['blode', { effect: 'blonde' }],
  ['platinium', { effect: 'platinum' }],
  ['lowlihgts', { t: 'lowlights' }],
  ['babylihgts', { t: 'highlights' }],
  ['mony piece', { t: 'money-piece' }],
  ['dipdye tips pink', { t: 'dip-dye', effect: 'pink' }],
  // ── ordinary words are not read as typos
  ['bed head', { t: null }],
  ['I read about red', { effect: 'red' }],
  ['lips', { t: null }],
  ['mind the fringe', { t: null, cut: ['fringe'] }],
  ['fine hair, copper', { effect: 'copper' }],
  ['bold copper', { effect: 'copper' }],
  ['copperr balayage', { effect: 'copper', t: 'balayage' }],
  ['the brow line', { t: null }],
  ['honey please', { effect: 'honey' }],
  ['a blonder look', { rel: 1, has: [] }],
  // ── Spanish
  ['rubio oscuro', { effect: 'dark-blonde' }],
  ['pelo negro con mechas rubias', { t: 'highlights', effect: 'blonde', base: 'black' }],
  ['castaño claro', { effect: 'light-brown' }],
  ['balayage cobrizo', { t: 'balayage', effect: 'copper' }],
  ['mechas californianas caramelo', { t: 'balayage', effect: 'caramel' }],
  ['más oscuro', { rel: -2 }],
  ['sin rubio, más oscuro', { rel: -2, neg: ['blonde'] }],
  ['pelo morado por debajo', { place: 'underneath', effect: 'purple' }],
  ['rubio fresa', { has: ['strawberry-blonde'] }],
  ['raíces oscuras, puntas rubias', { has: ['blonde'], roots: 'darker' }],
  ['caoba', { effect: 'mahogany' }],
  ['pelirroja', { effect: 'ginger' }],
  // ── French
  ['châtain clair', { effect: 'light-brown' }],
  ['cheveux roux', { effect: 'ginger' }],
  ['blond cendré', { has: ['blonde'] }],
  ['mèches caramel', { t: 'highlights', effect: 'caramel' }],
  ['balayage cuivré', { t: 'balayage', effect: 'copper' }],
  ['plus foncé', { rel: -2 }],
  ['sans blond, brun', { effect: 'brown', neg: ['blonde'] }],
  ['garder mes racines naturelles, balayage miel', { t: 'balayage', effect: 'honey', roots: 'keep' }],
  ['cheveux noirs avec une mèche blanche', { place: 'streak', effect: 'white', base: 'black' }],
  ['violet en dessous', { place: 'underneath', effect: 'purple' }],
  ['rouge pas trop vif', { effect: 'red' }],
  ['plus chaud', { temp: 'warmer', rel: 0 }],
  // ── Portuguese
  ['cabelo ruivo', { effect: 'ginger' }],
  ['loira platinada', { has: ['blonde', 'platinum'] }],
  ['cabelo preto', { effect: 'black' }],
  ['luzes loiras', { t: 'highlights', effect: 'blonde' }],
  ['mais escuro', { rel: -2 }],
  ['sem loiro, castanho', { effect: 'brown', neg: ['blonde'] }],
  ['roxo por baixo', { place: 'underneath', effect: 'purple' }],
  ['cabelo vermelho', { effect: 'red' }],
  ['mechas mel', { t: 'highlights', effect: 'honey' }],
  ['mais frio', { temp: 'cooler', rel: 0 }],
  // ── German
  ['Haare kupferrot', { has: ['copper', 'red'] }],
  ['aschblond', { effect: 'ash-blonde' }],
  ['dunkelbraun', { effect: 'dark-brown' }],
  ['blonde Strähnen', { t: 'highlights', effect: 'blonde' }],
  ['dunkler', { rel: -2 }],
  ['ohne rot, schwarz', { effect: 'black', neg: ['red'] }],
  ['lila unten', { place: 'underneath', effect: 'lavender' }],
  ['honigblond balayage', { t: 'balayage', effect: 'honey' }],
  ['wärmer', { temp: 'warmer', rel: 0 }],
  ['platinblond', { effect: 'platinum' }],
  ['schwarze Haare mit weißer Strähne', { place: 'streak', effect: 'white', base: 'black' }],
  ['Ansatz natürlich lassen, karamell balayage', { t: 'balayage', effect: 'caramel', roots: 'keep' }],
  // ── Italian
  ['capelli rossi', { effect: 'red' }],
  ['biondo cenere', { has: ['blonde'] }],
  ['castano scuro', { effect: 'dark-brown' }],
  ['colpi di sole miele', { t: 'balayage', effect: 'honey' }],
  ['più scuro', { rel: -2 }],
  ['senza biondo, ramato', { effect: 'copper', neg: ['blonde'] }],
  ['viola sotto', { place: 'underneath', effect: 'purple' }],
  ['nero con una ciocca bianca', { place: 'streak', effect: 'white', base: 'black' }],
  ['più freddo', { temp: 'cooler', rel: 0 }],
  ['capelli neri', { effect: 'black' }],
  // ── streaks, under-layers, face-framing
  ['a pink streak', { place: 'streak', effect: 'pink', t: 'highlights' }],
  ['grey streak on dark hair', { place: 'streak', effect: 'grey' }],
  ['skunk stripe', { place: 'streak', rel: 3 }],
  ['blonde skunk stripe on black hair', { place: 'streak', effect: 'blonde', base: 'black' }],
  ['one silver streak', { place: 'streak', effect: 'silver' }],
  ['teal peekaboo', { place: 'underneath', effect: 'teal' }],
  ['peek-a-boo pink', { place: 'underneath', effect: 'pink' }],
  ['blue under layer', { place: 'underneath', effect: 'blue', cut: [] }],
  ['hidden rainbow underneath', { place: 'underneath' }],
  ['brown with hidden blue underneath', { place: 'underneath', effect: 'blue', base: 'brown' }],
  ['red underlights', { place: 'underneath', effect: 'red' }],
  ['platinum money piece', { t: 'money-piece', place: 'face-frame', effect: 'platinum' }],
  ['blonde around my face', { t: 'money-piece', place: 'face-frame', effect: 'blonde' }],
  ['caramel face framing highlights', { place: 'face-frame', effect: 'caramel' }],
  ['streaks of blonde', { t: 'highlights', place: null, effect: 'blonde' }],
  // ── roots
  ['keep my roots, copper balayage', { t: 'balayage', roots: 'keep', effect: 'copper' }],
  ['honey blonde balayage, roots kept', { t: 'balayage', roots: 'keep', effect: 'honey' }],
  ['no colour on my roots, caramel highlights', { t: 'highlights', roots: 'keep', effect: 'caramel' }],
  ["don't touch the roots, platinum", { roots: 'keep', effect: 'platinum' }],
  ['leave the roots alone, pink ends', { roots: 'keep', effect: 'pink' }],
  ['lived-in blonde', { roots: 'keep', effect: 'blonde' }],
  ['natural roots with ash blonde', { roots: 'keep', effect: 'ash-blonde' }],
  ['blonde with dark roots', { t: 'root-shadow', roots: 'darker', effect: 'blonde' }],
  ['root shadow', { t: 'root-shadow', roots: 'darker', rel: -2 }],
  ['ash blonde with a root shadow', { t: 'root-shadow', roots: 'darker', effect: 'ash-blonde' }],
  ['highlights, darker at the roots', { t: 'highlights', roots: 'darker', rel: 3 }],
  ['caramel balayage with deeper roots', { t: 'balayage', roots: 'darker', effect: 'caramel' }],
  ['roots a bit darker', { roots: 'darker', t: 'root-shadow', rel: -2 }],
  ['platinum with grown out roots', { roots: 'regrowth', effect: 'platinum', parts: ['Platinum', 'all-over colour', 'grown-out roots'] }],
  ['visible regrowth, silver', { roots: 'regrowth', effect: 'silver' }],
  ['brown roots with blonde ends', { t: 'ombre', base: 'brown', effect: 'blonde' }],
  ['dark brown roots, honey blonde lengths', { t: 'ombre', base: 'dark-brown', effect: 'honey' }],
  ['blonde balayage, dark brown at the roots', { t: 'balayage', base: 'dark-brown', effect: 'blonde' }],
  // ── warmer / cooler
  ['warm it up', { temp: 'warmer', rel: 0 }],
  ['cooler blonde', { temp: 'cooler', effect: 'blonde', parts: ['Blonde', 'all-over colour', 'cooler'] }],
  ['warmer brown', { temp: 'warmer', effect: 'brown' }],
  ['tone out the brass', { temp: 'cooler', rel: 0 }],
  ['more warmth, copper', { temp: 'warmer', effect: 'copper' }],
  ['a shade lighter and warmer', { temp: 'warmer', rel: 1 }],
  ['cool it down', { temp: 'cooler', rel: 0 }],
  // ── celebrity looks
  ["Rihanna's red", { effect: 'red', suggestion: true }],
  ['same colour as Taylor Swift', { suggestion: true }],
  ['hair like Beyoncé', { suggestion: true }],
  ['celebrity blonde', { effect: 'blonde', suggestion: true }],
  ['like a movie star', { suggestion: true }],
  ['copper like my sister', { effect: 'copper', suggestion: false }],
  ['Copper Red Balayage', { effect: 'copper', suggestion: false }],
  // ── words of the five languages that are not hair words are never read as colours (issue 32)
  ['ich möchte rote Haare', { effect: 'red', not: ['brown'] }],
  ['möchte', { t: null, has: [] }],
  ['mochte blonde Haare', { effect: 'blonde', not: ['brown'] }],
  ['ein Teil blond', { effect: 'blonde', not: ['teal'] }],
  ['im Sommer blond', { effect: 'blonde', t: 'all-over' }],
  ['Strand', { t: null, has: [] }],
  ['graue Haare abdecken, dunkelbraun', { effect: 'dark-brown', not: ['grey', 'green'] }],
  ['¿puedes hacerme cobrizo?', { effect: 'copper', t: 'all-over' }],
  ['cuando sea, castaño', { effect: 'brown', has: [] }],
  ['tapar', { t: null, cut: [] }],
  ['je voudrais faire un roux', { effect: 'ginger', not: ['red'] }],
  ['une couleur longue durée, châtain', { effect: 'brown', cut: [] }],
  ['soleil', { t: null, has: [] }],
  ['sempre loiro', { effect: 'blonde', t: 'all-over' }],
  ['isto em castanho', { effect: 'brown' }],
  ['mi piace il ramato', { effect: 'copper', t: 'all-over' }],
  ['colori caldi, rosso', { effect: 'red' }],
  // ── colour words of those languages joined to other words
  ['kupferrote Strähnen', { t: 'highlights', effect: 'copper', has: ['red'] }],
  ['Karamellsträhnen', { t: 'highlights', effect: 'caramel' }],
  ['Honigsträhnchen auf braunem Haar', { t: 'highlights', effect: 'honey', base: 'brown' }],
  ['aschblonde Balayage', { t: 'balayage', effect: 'ash-blonde' }],
  ['hellbraune Haare', { effect: 'light-brown' }],
  ['Schokoladenbraun', { effect: 'brown' }],
  ['Kastanienbraun', { effect: 'chestnut' }],
  ['silbergraue Haare', { effect: 'silver' }],
  ['Rosegold Spitzen', { t: 'dip-dye', effect: 'rose-gold' }],
  ['Pastell-Rosa', { effect: 'pastel-pink' }],
  ['dunkelrote Haare', { effect: 'red', has: ['red'] }],
  ['petrolblaue Spitzen', { t: 'dip-dye', effect: 'blue', has: ['teal'] }],
  ['rosa pastel', { effect: 'pastel-pink', fix: ['rosa', 'pink'] }],
  ['rubio-ceniza', { has: ['blonde', 'ash-blonde'] }],
  ['loiro-mel', { has: ['blonde', 'honey'] }],
  // ── moods are answered with a colour, and the studio shows how they were read
  ['mermaid hair', { t: 'ombre', base: 'teal', effect: 'purple' }],
  ['something fiery', { effect: 'red', t: 'all-over' }],
  ['autumn vibes', { effect: 'auburn' }],
  ['pumpkin spice', { effect: 'copper' }],
  ['galaxy hair', { t: 'ombre', base: 'purple', effect: 'blue' }],
  ['peachy', { effect: 'copper', parts: ['Pastel copper', 'all-over colour'] }],
  ['icy like frost', { effect: 'platinum' }],
  ['beachy waves', { t: 'balayage', effect: 'blonde', cut: ['waves'] }],
  ['champagne', { effect: 'beige-blonde' }],
  ['cherry blossom', { effect: 'pastel-pink', not: ['cherry cola'] }],
  ['like the ocean', { effect: 'teal', suggestion: false }],
  ['un atardecer', { t: 'ombre', base: 'copper', effect: 'pink', fix: ['atardecer', 'sunset'] }],
  ['coucher de soleil', { t: 'ombre', effect: 'pink' }],
  ['wie ein Sonnenuntergang', { t: 'ombre', effect: 'pink' }],
  ['come un tramonto', { t: 'ombre', effect: 'pink' }],
  ['sunset copper', { effect: 'copper', t: 'all-over', not: ['pink'] }],
  ['fire red', { effect: 'red', parts: ['Fire red', 'all-over colour'] }],
  // ── greys, roots and touch-ups, as a colourist reads them
  ['cover my grey hairs', { t: null, greys: 'cover', not: ['grey'], suggestion: true }],
  ['hide the white hairs with a light brown', { effect: 'light-brown', greys: 'cover', not: ['white'] }],
  ['full grey coverage, chestnut', { effect: 'chestnut', greys: 'cover', not: ['grey'] }],
  ['grey blending with lowlights', { t: 'lowlights', greys: 'blend', rel: -2, not: ['grey'] }],
  ['blend my greys with ash blonde highlights', { t: 'highlights', effect: 'ash-blonde', greys: 'blend' }],
  ['silver hair', { effect: 'silver', greys: null }],
  ['embrace my grey, make it a brighter silver', { effect: 'silver', greys: null }],
  ['salt and pepper', { effect: 'grey', greys: null }],
  ['dye my roots dark brown', { roots: 'touch-up', effect: 'dark-brown', t: 'all-over', parts: ['Dark brown', 'root touch-up'] }],
  ['root touch up in espresso', { roots: 'touch-up', effect: 'espresso' }],
  ["don't colour my roots, honey balayage", { roots: 'keep', t: 'balayage', effect: 'honey' }],
  ['couvrir les cheveux blancs', { greys: 'cover', t: null, not: ['white'], fix: ['cheveux blancs', 'greys'] }],
  ['coprire i capelli bianchi con castano scuro', { greys: 'cover', effect: 'dark-brown', not: ['white'] }],
  ['cobrir os cabelos brancos', { greys: 'cover', t: null, not: ['white'] }],
  ['retoque de raíces castaño', { roots: 'touch-up', effect: 'brown' }],
  // ── a part kept as it is, and a colour only on top
  ['caramel balayage, keep the underneath natural', { t: 'balayage', effect: 'caramel', place: 'top' }],
  ['platinum on the top layer only', { effect: 'platinum', place: 'top' }],
  ['honey highlights on top, darker underneath', { t: 'highlights', effect: 'honey', place: 'top' }],
  ['black with a red underlayer', { place: 'underneath', effect: 'red', base: 'black' }],
  // ── "no more", and going back
  ['no more red, I want chocolate brown', { effect: 'brown', neg: ['red'], not: ['red'] }],
  ['no longer blonde', { t: null, neg: ['blonde'], cut: [] }],
  ['sick of ginger, go auburn', { effect: 'auburn', neg: ['ginger'] }],
  ['get rid of the pink, copper instead', { effect: 'copper', neg: ['pink'] }],
  ['moving on from platinum to caramel', { effect: 'caramel', neg: ['platinum'] }],
  ['no más platino, castaño natural', { effect: 'brown', neg: ['platinum'] }],
  ['basta con il biondo, castano', { effect: 'brown', neg: ['blonde'] }],
  ['fini le blond, châtain', { effect: 'brown', neg: ['blonde'] }],
  ['chega de loiro, castanho', { effect: 'brown', neg: ['blonde'] }],
  // ── the front and the fringe
  ['blonde at the front', { t: 'money-piece', place: 'face-frame', effect: 'blonde' }],
  ['copper pieces around my face', { t: 'money-piece', place: 'face-frame', effect: 'copper' }],
  ['mechas rubias delante', { t: 'money-piece', place: 'face-frame', effect: 'blonde' }],
  ['blonde Strähnen vorne', { t: 'money-piece', place: 'face-frame', effect: 'blonde' }],
  ['highlights in my fringe', { t: 'highlights', place: 'fringe', cut: [], rel: 3 }],
  ['colour just my fringe purple', { place: 'fringe', effect: 'purple', cut: [] }],
  ['flequillo rosa', { cut: ['fringe'] }],
  ['bob with a fringe, copper', { effect: 'copper', cut: ['bob', 'fringe'] }],
  // ── the words around a placement that are not one
  ['on top of that, make it copper', { effect: 'copper', place: null, t: 'all-over' }],
  ['copper with blonde on top', { place: 'top', effect: 'blonde', base: 'copper' }],
  ['photo taken in front of a window, copper', { effect: 'copper', place: null, t: 'all-over' }],
  ['blonde fringe and copper lengths', { place: 'fringe', effect: 'blonde', base: 'copper', cut: [] }],
  ['just my roots darker', { roots: 'darker', t: 'root-shadow' }],
  ['a touch of copper', { effect: 'copper', roots: null }],
  ['I have grey hair, make it blonde', { effect: 'blonde', base: null, not: ['grey'], greys: null, parts: ['Blonde', 'all-over colour'] }],
  ['my natural colour is dark brown, I want auburn', { effect: 'auburn', base: null, not: ['brown'] }],
  ['I have brown hair and want copper balayage', { t: 'balayage', effect: 'copper', base: 'brown' }],
  ['cherry blossom pink', { effect: 'pastel-pink', not: ['cherry cola'] }],
  ['Strähnchen in Mokka', { t: 'highlights', effect: 'brown' }],
  ['rubio dorado con raíces oscuras', { effect: 'golden-blonde', roots: 'darker', parts: ['Golden blonde', 'root shadow'] }],
  ['castaño dorado', { effect: 'honey', parts: ['Golden brown', 'all-over colour'] }],
  ['go two shades lighter for the beach', { rel: 2, t: 'all-over', has: [] }],
  ["I'm going grey, help me blend it with highlights", { t: 'highlights', greys: 'blend', not: ['grey'] }],
  ['blonde on the ends, dark on top', { effect: 'blonde', roots: 'darker', place: null }],
  ['dark on top, blonde underneath', { effect: 'blonde', place: 'underneath' }],
  ['mechas rubias, sin tocar la raíz', { t: 'highlights', effect: 'blonde', roots: 'keep' }],
  ['sans toucher les racines, mèches blondes', { t: 'highlights', effect: 'blonde', roots: 'keep' }],
  ['quiero cubrir mis canas con un castaño claro', { effect: 'light-brown', greys: 'cover', not: ['grey'] }],
  ['Ich möchte meine grauen Haare abdecken', { t: null, greys: 'cover', not: ['grey', 'brown'], suggestion: true }],
  ['Ansatz nachfärben in Dunkelbraun', { roots: 'touch-up', effect: 'dark-brown' }],
  ['cabelo cor de pôr do sol', { t: 'ombre', effect: 'pink', base: 'copper' }],
  [
    'Soft silver grey all-over colour that blends natural greys',
    { effect: 'silver', greys: 'blend', not: ['blonde'], parts: ['Soft silver grey', 'all-over colour', 'greys blended'] },
  ],
  ['Copper brown quiff with volume on top and tapered sides', { effect: 'copper', place: null, cut: ['quiff', 'volume', 'taper'] }],
  // ── lowlights
  ['lowlights for depth', { t: 'lowlights', rel: -2 }],
  ['dark blonde lowlights through platinum', { t: 'lowlights', effect: 'dark-blonde', base: 'platinum' }],
  ['deeper strands through my highlights', { t: 'lowlights', rel: -2 }],
  ['mèches foncées', { t: 'lowlights', rel: -2 }],
  ['dunkle Strähnen', { t: 'lowlights', rel: -2 }],
  ['luzes escuras', { t: 'lowlights', rel: -2 }],
  // ── everyday prompts still read as before
  ['copper red balayage', { t: 'balayage', has: ['copper', 'red'], parts: ['Copper red', 'balayage'] }],
  ['caramel highlights on dark brown hair', { t: 'highlights', effect: 'caramel', base: 'dark-brown' }],
  ['black hair with caramel highlights', { t: 'highlights', effect: 'caramel', base: 'black' }],
  ['black to blonde ombre', { t: 'ombre', base: 'black', effect: 'blonde' }],
  ['pastel pink dip dye', { t: 'dip-dye', effect: 'pastel-pink' }],
  ['two shades lighter', { rel: 2 }],
  ['a wee bit lighter', { rel: 1 }],
  ['can you do teal ends', { t: 'dip-dye', effect: 'teal' }],
  ['split ends, honey blonde', { t: 'all-over', effect: 'honey' }],
  ['copper bob', { effect: 'copper', cut: ['bob'] }],
  ['chin-length bob in copper', { effect: 'copper', cut: ['bob'] }],
  ['crew cut', { t: null, cut: ['crew cut'] }],
  ['shoulder length layers', { t: null, cut: ['layers'] }],
  ['short pixie cut', { t: null, cut: ['short', 'pixie', 'cut'] }],
  ['platinum pixie with curtain bangs', { effect: 'platinum', cut: ['pixie', 'curtain bangs'] }],
  ['auburn shag with curtain bangs', { effect: 'auburn', cut: ['shag', 'curtain bangs'] }],
  ['make me look nice', { t: null }],
  ['', { t: null }],
  ['#b87333', { t: 'all-over', has: [] }],
  ...HARD.map(([, prompt, x]): [string, Expect] => [prompt, x]),
];

const idsOf = (c: { ids: string[] } | null) => c?.ids ?? [];

describe('the prompt grammar table (decision 086)', () => {
  it('has at least 300 prompts, each once, and the 40 hard classes of issue 32', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(300);
    expect(HARD.length).toBe(40);
    expect(new Set(TABLE.map(([p]) => p)).size).toBe(TABLE.length);
  });

  it.each(TABLE)('%s', (prompt, x) => {
    const r = parseHairPrompt(prompt);
    if (x.t !== undefined) expect(r.technique, 'technique').toBe(x.t);
    for (const id of x.has ?? []) expect(r.colourIds, `has ${id}`).toContain(id);
    for (const id of x.not ?? []) expect(r.colourIds, `not ${id}`).not.toContain(id);
    if (x.effect === null) expect(r.effect, 'effect').toBeNull();
    else if (x.effect !== undefined) expect(idsOf(r.effect), 'effect').toContain(x.effect);
    if (x.base === null) expect(r.base, 'base').toBeNull();
    else if (x.base !== undefined) expect(idsOf(r.base), 'base').toContain(x.base);
    if (x.rel !== undefined) expect(r.relativeLevels, 'relative levels').toBe(x.rel);
    if (x.roots !== undefined) expect(r.roots, 'roots').toBe(x.roots);
    if (x.place !== undefined) expect(r.placement, 'placement').toBe(x.place);
    if (x.greys !== undefined) expect(r.greys, 'greys').toBe(x.greys);
    if (x.temp !== undefined) expect(r.temperature, 'temperature').toBe(x.temp);
    expect([...r.negated].filter((id) => (x.neg ?? []).includes(id)).sort(), 'negated').toEqual([...new Set(x.neg ?? [])].sort());
    if (!x.neg?.length) expect(r.negated, 'nothing negated').toEqual([]);
    for (const id of r.negated) expect(r.colourIds, 'a negated colour is not applied').not.toContain(id);
    for (const id of x.negT ?? []) expect(r.negatedTechniques).toContain(id);
    expect(r.cut, 'cut').toEqual(x.cut ?? []);
    if (x.fix) expect(r.corrections).toContainEqual({ from: x.fix[0], to: x.fix[1] });
    if (x.suggestion !== undefined) expect(r.suggestion !== null, 'suggestion').toBe(x.suggestion);
    if (x.parts) expect(requestParts(r)).toEqual(x.parts);
    // what the studio shows and what the engine reports are the same words
    expect(describeRequest(r)).toBe(requestParts(r).join(', '));
  });
});

describe('prompt grammar pieces', () => {
  it('edit distance counts a swap of neighbours once and stops past the limit', () => {
    expect(editDistance('coper', 'copper')).toBe(1);
    expect(editDistance('balyage', 'balayage')).toBe(1);
    expect(editDistance('hilights', 'highlights')).toBe(2);
    expect(editDistance('blaayage', 'balayage')).toBe(1);
    expect(editDistance('red', 'platinum')).toBe(3);
  });

  it('reads every language table without a clash, and only lower-case unaccented keys', () => {
    expect(FOREIGN_WORDS.size).toBeGreaterThan(250);
    for (const k of FOREIGN_WORDS.keys()) expect(k, k).toBe(k.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''));
  });

  it('a celebrity look gets an answer that says what to do instead', () => {
    const s = parseHairPrompt('the same red as Zendaya').suggestion!;
    expect(s).toContain("Zendaya's hair");
    expect(s).toContain('Copy the colour from a photo');
  });

  it('"darker at the roots" changes the roots only, never the whole head', () => {
    const r = parseHairPrompt('copper balayage but darker at the roots');
    expect(r.roots).toBe('darker');
    expect(r.relativeLevels).toBeNull();
    expect(idsOf(r.effect)).toContain('copper');
  });
});

describe("the studio reading and the library's colour part", () => {
  it('reads what the studio shows while typing', () => {
    const r = readPrompt('coper balyage, keep my roots natural, no blonde');
    expect(r.applies).toBe('Copper · balayage · roots kept');
    expect(r.readAs).toEqual([{ from: 'coper', to: 'copper' }]);
    expect(r.without).toEqual(['Blonde']);
    expect(readPrompt('pelo rojo').readAs).toEqual([{ from: 'rojo', to: 'red' }]);
    expect(readPrompt('copper bob').cut).toEqual(['bob']);
    // a length said the way a stylist says it is not a misspelt "lengths"
    expect(readPrompt('chin-length bob in copper').readAs).toEqual([]);
    expect(readPrompt('copper', { reference: true }).applies).toBe('Colour from your reference photo · all-over colour');
  });

  it('routes a prompt with a cut to the generative engine and a colour alone to the local one', () => {
    expect(routeOfPrompt(parseHairPrompt('chin-length bob in copper'))).toBe('cut');
    expect(routeOfPrompt(parseHairPrompt('curtain bangs'))).toBe('cut');
    expect(routeOfPrompt(parseHairPrompt('copper balayage'))).toBe('local');
    expect(routeOfPrompt(parseHairPrompt('two shades lighter'), true)).toBe('local');
    // a "no" takes its cut word with it: "no longer blonde" asks for no haircut
    expect(routeOfPrompt(parseHairPrompt('no longer blonde, dark brown'))).toBe('local');
  });

  it('every cut style of the library offers a colour part that is colour only and keeps the look', () => {
    const cutStyles = STYLES.filter((s) => s.changesShape);
    expect(cutStyles.length).toBeGreaterThan(5);
    for (const s of cutStyles) {
      const full = parseHairPrompt(s.prompt);
      expect(needsColourOnlyConsent(full), s.id).toBe(true);
      const part = colourPartPrompt(s.prompt);
      expect(part, s.id).not.toBeNull();
      const colour = parseHairPrompt(part!);
      expect(colour.cut, `${s.id}: ${part}`).toEqual([]);
      expect(colour.technique, `${s.id}: ${part}`).toBe(full.technique);
      expect(idsOf(colour.effect), `${s.id}: ${part}`).toEqual(idsOf(full.effect));
    }
  });
});
