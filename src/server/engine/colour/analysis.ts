/** What the user is told besides the picture: current level, target level, lift and a salon note. */
import type { HairAnalysis } from '@shared/hair/engine-result';
import { hue, levelFromL, oklabToHex, type OkLab } from '@shared/hair/oklab';
import { outOfLight, NEUTRAL_LIGHT, type PhotoLight } from '@shared/hair/shade-map';
import type { LabStats } from './hair-stats';

export interface ReadContext {
  vivid: boolean;
  reference: boolean;
  /** The photo's light: the level and colour are read after undoing it. */
  light?: PhotoLight & { dim?: boolean };
  /** A face was found (the light estimate had eyes and skin to go by). */
  face?: boolean;
  /** Share of the photo that is confidently hair (0..1). */
  hairShare?: number;
  /** Levels lighter (+) or darker (−) asked relative to the current hair, when asked that way. */
  relative?: number | null;
}

/** Below this share of the frame, the hair is too little to read (a few strands at the edge, a tiny head). */
const LITTLE_HAIR = 0.015;

/**
 * Level from the hair as photographed (bench/hair-levels.csv, decision 084): lightness halfway between the
 * level lightness (mean/75th percentile) and the 90th percentile of the hair's body (no skin showing through,
 * no shine: level-read.ts, decision 132), after undoing half of the estimated exposure, mapped linearly to
 * levels. Fitted by least squares on 47 portraits whose level was judged by eye: 42 within ±1, also when each
 * is left out of its own fit (all of the hair, as decision 084 fitted it: 39). Half, because the exposure
 * estimate is noisy on studio photos while its full correction did not read better; dim photos are flagged
 * instead.
 */
const LEVEL_A = -2.4;
const LEVEL_B = 15.59;

/** The hair's colour in neutral light and its colourist level. */
function readHair(stats: LabStats, light: PhotoLight = NEUTRAL_LIGHT): { mean: OkLab; level: number } {
  const mean = outOfLight(stats.mean, light);
  const half: PhotoLight = { gain: [Math.sqrt(light.gain[0]), Math.sqrt(light.gain[1]), Math.sqrt(light.gain[2])] };
  const x = outOfLight({ ...stats.mean, L: 0.5 * (stats.levelL + stats.pL.p90) }, half).L;
  return { mean, level: Math.min(10, Math.max(1, Math.round(LEVEL_A + LEVEL_B * x))) };
}

const LEVEL_NAMES = [
  '',
  'black',
  'soft black',
  'dark brown',
  'medium brown',
  'light brown',
  'dark blonde',
  'medium blonde',
  'light blonde',
  'very light blonde',
  'lightest blonde',
];

/** A plain name for a hair colour ("dark brown", "copper", "ash blonde", "pink"). */
function nameHairColour(c: OkLab, level = levelFromL(c.L)): string {
  const C = Math.hypot(c.a, c.b);
  const h = hue(c);
  if (C > 0.05 && (h < 20 || h > 120)) {
    if (h >= 330 || h < 20) return C > 0.08 ? 'pink' : 'rose';
    if (h >= 270) return level >= 7 ? 'lavender' : 'purple';
    if (h >= 200) return 'blue';
    if (h >= 160) return 'teal';
    return 'green';
  }
  if (C > 0.075 && h < 55) {
    if (level <= 3) return 'burgundy';
    if (level <= 5) return 'auburn';
    if (level <= 7) return 'copper';
    return 'strawberry blonde';
  }
  if (C < 0.022 && level >= 6) return level >= 9 ? 'silver' : 'grey';
  let name = LEVEL_NAMES[level];
  if (level >= 6 && C < 0.035) name = name.replace('blonde', 'ash blonde');
  else if (level >= 6 && C > 0.06) name = name.replace('blonde', 'golden blonde');
  return name;
}

export function analyse(stats: LabStats, targetL: number | null, opts: ReadContext): HairAnalysis {
  const hair = readHair(stats, opts.light);
  const currentLevel = hair.level;
  // "two shades lighter" is two levels from the level read here; a shade's level comes from its colour
  const targetLevel = opts.relative != null ? Math.min(10, Math.max(1, currentLevel + opts.relative)) : targetL === null ? null : levelFromL(targetL);
  const lift = targetLevel === null ? 0 : targetLevel - currentLevel;
  let note: string;
  if (targetLevel === null) note = `Your hair is around level ${currentLevel}.`;
  else if (lift >= 4) note = `From level ${currentLevel} to level ${targetLevel}: a lift of ${lift} levels usually needs lightener and may take two sessions.`;
  else if (lift >= 2)
    note = `From level ${currentLevel} to level ${targetLevel}: a lift of ${lift} levels needs a high-lift colour or a gentle lightener, usually in one session.`;
  else if (lift === 1) note = `From level ${currentLevel} to level ${targetLevel}: one level of lift, a permanent colour can do it in one session.`;
  else if (lift === 0) note = `Level ${currentLevel} stays level ${targetLevel}: only the tone changes, a demi-permanent colour or gloss is enough.`;
  else
    note = `From level ${currentLevel} to level ${targetLevel}: going ${-lift} level${lift === -1 ? '' : 's'} darker is a deposit-only colour; expect it to fade towards warmer tones.`;
  if (opts.vivid && currentLevel <= 5 && targetLevel !== null) note += ' Vivid shades show true only on pre-lightened hair.';
  if (opts.reference) note += ' Target taken from your reference photo.';
  const unreliableBecause = opts.face === false ? 'no-face' : opts.light?.dim ? 'dim-light' : (opts.hairShare ?? 1) < LITTLE_HAIR ? 'little-hair' : null;
  if (unreliableBecause) note += ' This read is a rough guide: a colourist will confirm your level in person.';
  return {
    currentLevel,
    targetLevel,
    lift,
    note,
    currentColour: { hex: oklabToHex(hair.mean), name: nameHairColour(hair.mean, currentLevel) },
    reliable: unreliableBecause === null,
    unreliableBecause,
  };
}
