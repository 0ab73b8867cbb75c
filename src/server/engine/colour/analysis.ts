/** What the user is told besides the picture: current level, target level, lift and a salon note. */
import type { HairAnalysis } from '../../../shared/hair/engine-result.js';
import { hue, levelFromL, oklabToHex, type OkLab } from '../../../shared/hair/oklab.js';
import type { LabStats } from './hair-stats.js';

const LEVEL_NAMES = ['', 'black', 'soft black', 'dark brown', 'medium brown', 'light brown', 'dark blonde', 'medium blonde', 'light blonde', 'very light blonde', 'lightest blonde'];

/** A plain name for a hair colour ("dark brown", "copper", "ash blonde", "pink"). */
export function nameHairColour(c: OkLab): string {
  const level = levelFromL(c.L);
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

export function analyse(stats: LabStats, targetL: number | null, opts: { vivid: boolean; reference: boolean }): HairAnalysis {
  const currentLevel = levelFromL(stats.levelL);
  const targetLevel = targetL === null ? null : levelFromL(targetL);
  const lift = targetLevel === null ? 0 : targetLevel - currentLevel;
  let note: string;
  if (targetLevel === null) note = `Your hair is around level ${currentLevel}.`;
  else if (lift >= 4) note = `From level ${currentLevel} to level ${targetLevel}: a lift of ${lift} levels usually needs lightener and may take two sessions.`;
  else if (lift >= 2) note = `From level ${currentLevel} to level ${targetLevel}: a lift of ${lift} levels needs a high-lift colour or a gentle lightener, usually in one session.`;
  else if (lift === 1) note = `From level ${currentLevel} to level ${targetLevel}: one level of lift, a permanent colour can do it in one session.`;
  else if (lift === 0) note = `Level ${currentLevel} stays level ${targetLevel}: only the tone changes, a demi-permanent colour or gloss is enough.`;
  else note = `From level ${currentLevel} to level ${targetLevel}: going ${-lift} level${lift === -1 ? '' : 's'} darker is a deposit-only colour; expect it to fade towards warmer tones.`;
  if (opts.vivid && currentLevel <= 5 && targetLevel !== null) note += ' Vivid shades show true only on pre-lightened hair.';
  if (opts.reference) note += ' Target taken from your reference photo.';
  return { currentLevel, targetLevel, lift, note, currentColour: { hex: oklabToHex(stats.mean), name: nameHairColour({ ...stats.mean, L: stats.levelL }) } };
}
