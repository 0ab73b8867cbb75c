/**
 * What the paint stage aims for, from the prompt's reading and the hair measured (the colour stage): the
 * technique, the base and effect tones, the roots, and the target level the analysis reports.
 */
import { lFromLevel, type OkLab } from '@shared/hair/oklab';
import type { HairRequest } from '@shared/hair/prompt';
import { outOfLight } from '@shared/hair/shade-map';
import type { LabStats } from './colour/hair-stats';
import type { LightEstimate } from './colour/light';
import type { RecolourPlan, ToneTarget } from './colour/recolour';

/** One hair level in OKLab lightness. */
const LEVEL_STEP = lFromLevel(2) - lFromLevel(1);

const PLAN = {
  /** Lightness a target is kept within (black and the lightest blonde the paint renders). */
  minL: 0.12,
  maxL: 0.9,
  /** Per level lifted, the warm underlying pigment a lift exposes (OKLab a and b), for up to `liftWarmLevels`. */
  liftWarmA: 0.007,
  liftWarmB: 0.016,
  liftWarmLevels: 4,
  /** Going darker keeps this share of the hair's a and b (deeper, slightly less saturated). */
  darkerChroma: 0.9,
  /** A shade deeper (root shadow, darker roots): this much lightness off, keeping this share of a and b. */
  deeperBy: 0.13,
  deeperChroma: 0.8,
  /** "Warmer": towards gold and copper (OKLab a and b added), the level unchanged. */
  warmerA: 0.008,
  warmerB: 0.028,
  /** "Cooler": towards ash (a and b scaled, then shifted). */
  coolerScaleA: 0.6,
  coolerShiftA: -0.004,
  coolerScaleB: 0.5,
  coolerShiftB: -0.012,
  /** A target with more chroma than this is vivid (the analysis says it shows true only on lightened hair). */
  vividChroma: 0.09,
};

/** "n shades lighter / darker": the hair's own colour moved n levels. */
function relativeTarget(stats: LabStats, n: number): ToneTarget {
  const mu = stats.mean;
  const L = Math.min(PLAN.maxL, Math.max(PLAN.minL, mu.L + n * LEVEL_STEP));
  // lifting exposes warm underlying pigment; going darker deepens and slightly desaturates
  const warm = Math.min(n, PLAN.liftWarmLevels);
  const mean: OkLab =
    n > 0 ? { L, a: mu.a + PLAN.liftWarmA * warm, b: mu.b + PLAN.liftWarmB * warm } : { L, a: mu.a * PLAN.darkerChroma, b: mu.b * PLAN.darkerChroma };
  // measured on this photo's hair: already in its light
  return { mean, inPhotoLight: true };
}

function darker(t: ToneTarget): ToneTarget {
  return {
    mean: { L: Math.max(PLAN.minL, t.mean.L - PLAN.deeperBy), a: t.mean.a * PLAN.deeperChroma, b: t.mean.b * PLAN.deeperChroma },
    inPhotoLight: t.inPhotoLight,
  };
}

function withTemperature(t: ToneTarget | null, temperature: NonNullable<HairRequest['temperature']>): ToneTarget | null {
  if (!t) return t;
  const { L, a, b } = t.mean;
  const mean =
    temperature === 'warmer'
      ? { L, a: a + PLAN.warmerA, b: b + PLAN.warmerB }
      : { L, a: a * PLAN.coolerScaleA + PLAN.coolerShiftA, b: b * PLAN.coolerScaleB + PLAN.coolerShiftB };
  return { ...t, mean };
}

/** The reference photo's hair, as the colour stage measured it. */
export interface ReferenceHair {
  stats: LabStats;
  light: LightEstimate;
}

export interface ColourPlan {
  plan: RecolourPlan;
  /** The level aimed for, in OKLab lightness; null when the request names none. */
  targetL: number | null;
  vivid: boolean;
}

export function planFor(req: HairRequest, stats: LabStats, reference: ReferenceHair | null): ColourPlan {
  const technique = req.technique ?? 'all-over';
  let base: ToneTarget | null = req.base ? { mean: req.base.lab } : null;
  let effect: ToneTarget | null = req.effect ? { mean: req.effect.lab } : null;
  if (reference) {
    // the reference hair's colour in neutral light, rendered in this photo's light like a shade
    effect = { mean: outOfLight(reference.stats.mean, reference.light), sd: reference.stats.sd };
    base = null;
  } else if (req.relativeLevels !== null) {
    effect = relativeTarget(stats, req.relativeLevels);
  }
  let targetL = Math.max(base?.mean.L ?? -1, effect?.mean.L ?? -1);
  // relative requests: the target level is the current level (measured the same way) ± n
  if (!reference && req.relativeLevels !== null) targetL = stats.levelL + req.relativeLevels * LEVEL_STEP;
  if (req.temperature) {
    base = withTemperature(base, req.temperature);
    effect = withTemperature(effect, req.temperature);
  }
  let rootsTarget: ToneTarget | null = null;
  if (technique === 'root-shadow' && effect && req.effect) {
    // colour all over, roots a shade deeper
    base = effect;
    effect = darker(effect);
    targetL = base.mean.L;
  } else if (req.roots === 'darker' && (effect ?? base)) {
    // "balayage but darker at the roots": the technique as asked, the roots a shade below the base colour
    rootsTarget = darker(base ?? effect!);
  }
  const chromaOf = (t: ToneTarget | null) => (t ? Math.hypot(t.mean.a, t.mean.b) : 0);
  const vivid = Math.max(chromaOf(base), chromaOf(effect)) > PLAN.vividChroma;
  const roots = req.roots === 'darker' ? null : req.roots;
  return { plan: { technique, base, effect, roots, rootsTarget, placement: req.placement }, targetL: targetL < 0 ? null : targetL, vivid };
}
