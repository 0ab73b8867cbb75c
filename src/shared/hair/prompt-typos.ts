import { LETTER } from './letters';

const LETTERS_ONLY = new RegExp(`^[${LETTER}]+$`, 'u');
/**
 * Typo matching for the words that change a result: a word the parser does not know is read as the hair
 * word it is closest to ("coper" → "copper", "balyge" → "balayage"), within an edit distance that grows with
 * the word (1 for four or five letters, 2 from six). Guards against reading ordinary words as hair words
 * ("bed" → "red", "lips" → "tips", "mind" → "mint"): words of three letters or fewer are never changed,
 * a list of everyday words is left alone, the first letter must match unless the word is long, and a word
 * equally close to two different hair words is left as it is.
 */

/** Optimal string alignment distance (a swap of neighbours counts once), stopping early past `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => {
    const row = new Array<number>(cols).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j < cols; j++) d[0][j] = j;
  for (let i = 1; i < rows; i++) {
    let rowMin = Infinity;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2][j - 2] + 1);
      d[i][j] = v;
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
  }
  return d[a.length][b.length];
}

/**
 * Everyday words within a letter or two of a hair word. Not a dictionary: only the near neighbours that a
 * person plausibly types in a hair prompt.
 */
const EVERYDAY = new Set(
  `able also back band bang base been best bird body bold bond both brow brows bull burn busy call came card care case cash cast clue
  coat code cold cole cool cope copy core cost cube curb cure dare dark date deal dear deep desk dial dice diet done door dose down dull
  dust duty each easy ends even ever eyes face fact fade fair fake fall fame fast feel feet felt file fill fine fire firm five flat
  fold folk fond font food foot form four free from full fund gave gear gift girl give glad glow glue goal goes gold gone good grab
  gray grew grey grip grow hand hang hard have head hear heat held hell help here hero high hill hint hips hold hole home hook hope
  host hour huge idea inch into iron item just keen keep kept kind king knew know lady laid lake lane last late lead leaf lean left
  less lift like lime line link lips list live load lock long look lord lose loss lost lots loud love made main make male mall many
  mark mask mass meal mean meet mild mile milk mind mine miss mode mood more most move much must name near neat need news next nice
  nine none nose note once only open over pace pack page paid pair pale park part past path peak pick pile pink pins plan play plea
  plot plus poll pool poor post pray pull pure push race rain rank rare rate read real rear rely rent rest rice rich ride ring rise
  risk road rock role roll roof room root rose rude rule runs rush safe said sake sale salt same sand sane save seal seat seem seen
  self sell send sent shed ship shoe shop shot show shut side sign silk sing site size skin slim slow snow soft sold sole some song
  soon sort soul spot star stay step stop such suit sure take tale talk tall tank tape task team tear tell tend tent term test text
  than that them then they thin this tide tied tile till time tiny tips tire told tone took tool tops tour town tray tree trim trip
  true tube tune turn twin type unit upon used user vast very view vote wage wait wake walk wall wand want warm wash wave wavy ways
  weak wear week well went were west what when wide wife wild will wind wine wing wire wise wish with wood word wore work yard yeah
  year your zero zone
  about above after again ahead alike alive allow alone along apart aside award aware based basic beach began begin being below
  black blade blame bland blank blast blend bless blind block blood bloom blown blues board boots brand brass bread break bride
  brief bring broad broke brush build built buyer carry catch cause cheap check chest chose clean clear click climb close cloth
  coach coast color colour could count cover crazy cream crown dance dated dealt death doing dozen drawn dream dress dried drink
  drive eager early earth eight empty enjoy enter equal event every exact extra faint faith false fancy fault favor field fifty
  fight final first fixed flash fleet floor flour focus force found frame fresh front fruit funny ghost giant given glass globe
  goods grace grade grand grant grass great greed grown guard guess guest guide happy heart heavy hello honest horse hotel house
  human ideal image issue joint judge known label large laser later laugh layer learn least leave legal level light limit liner
  lives local loose lover lower lucky lunch major maker match maybe metal might minor model money month moral motor mount mouse
  mouth movie music never night noble noise north noted novel nurse occur ocean offer often order other ought owner paint panel
  paper party peace phone photo piece pilot pitch place plain plane plant plate point pound power press price pride prime print
  prior prize proof proud prove queen quick quiet quite radio raise range rapid ratio reach ready refer relax reply right rival
  river roots rough round route royal rural salon scale scene scope score sense serve seven shade shake shall shape share sharp
  sheet shelf shell shift shine shirt shock shoot short sight since sixth skill sleep slice slide small smart smile smoke solid
  solve sorry sound south space spare speak speed spend split sport staff stage stake stand start state steel stick still stock
  stone store storm story strip stuck study stuff style sugar suite super sweet table taken taste teach teeth thank theme there
  these thick thing think third those three threw throw tight tired title today token total touch tough towel tower track trade
  trail train treat trend trial tried truck truly trust truth twice under union until upper upset urban usual valid value video
  visit vital voice waste watch water wheel where which while white whole whose woman women world worry worse worst worth would
  wound write wrong wrote young youth
  better bright browse brushed colours colors colour coloured colored cooler darker golden honest lighter little longer
  makeup mellow middle mostly nearly please pretty rather really settle shades should simple single slight slowly smooth
  something subtle summer tinted toning winter yellow`
    .split(/\s+/)
    .filter(Boolean),
);

export interface Vocabulary {
  /** Every word the parser knows as is (never corrected). */
  known: ReadonlySet<string>;
  /** The hair words a typo may be read as (four letters or more). */
  targets: readonly string[];
  /** Words that mean the same thing ("ombre", "ombred"): a typo equally close to both is not ambiguous. */
  sameAs: ReadonlyMap<string, string>;
}

/** `words` are single words or phrases; `sameAs` maps a word to what it means (a technique or shade id). */
export function buildVocabulary(words: Iterable<string>, sameAs: ReadonlyMap<string, string> = new Map()): Vocabulary {
  const known = new Set<string>();
  for (const w of words) for (const part of w.split(/[\s-]+/)) if (part) known.add(part);
  const targets = [...known].filter((w) => w.length >= 4 && LETTERS_ONLY.test(w));
  return { known, targets, sameAs };
}

/** The hair word `word` is a typo of, or null when it is a real word, too short, or ambiguous. */
export function correctTypo(word: string, vocab: Vocabulary): string | null {
  if (word.length < 4 || vocab.known.has(word) || EVERYDAY.has(word) || !LETTERS_ONLY.test(word)) return null;
  const max = word.length <= 5 ? 1 : 2;
  let best: string | null = null;
  let bestD = max + 1;
  let tie = false;
  for (const target of vocab.targets) {
    // a different first letter is allowed only for long words, one edit away ("vurgundy")
    if (target[0] !== word[0] && (word.length < 6 || max < 1)) continue;
    const d = editDistance(word, target, max);
    if (target[0] !== word[0] && d > 1) continue;
    if (d < bestD) {
      best = target;
      bestD = d;
      tie = false;
    } else if (d === bestD && best && (vocab.sameAs.get(target) ?? target) !== (vocab.sameAs.get(best) ?? best)) tie = true;
  }
  return best && bestD <= max && !tie ? best : null;
}
