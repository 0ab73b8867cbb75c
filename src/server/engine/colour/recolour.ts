/**
 * Recolour that behaves like hair dye. Per hair pixel, in OKLab:
 *  - distribution mapping: the hair's own colour distribution (mean, spread) is moved onto the target's,
 *    so strand texture (lightness deviations) survives; when lifting dark hair the spread is widened so
 *    strands stay visible instead of a flat painted look;
 *  - shine: pixels well above the mean lightness keep extra brightness and lose chroma (specular);
 *  - chroma eases off in deep shadows and near white;
 *  - techniques place colour by a weight field (roots→tips position, strand streaks, face framing);
 *  - composite in linear light with the soft matte, changing only the hair's share of edge pixels
 *    (foreground.ts); pixels with matte 0 are copied byte for byte.
 */
import { mapPixel, NEUTRAL_LIGHT, shadeMapParams, type PhotoLight, type ShadeMapParams, type ShadeTarget } from '@shared/hair/shade-map';
import type { Placement, RootsAsk } from '@shared/hair/prompt';
import type { TechniqueId } from '@shared/hair/techniques';
import { boxMean, linearToSrgb8, lumaAt, lumaLinear, SRGB_TO_LINEAR, type Box, type Rgb } from '../image/raster';
import { fresh, type Alloc } from '../image/scratch';
import { blockCounter, nextBlock, type Halves } from '../halves';
import { foregroundAt, foregroundJob, type ForegroundGrid } from './foreground';
import { bakeLut, lutIndex, OKLAB_LUT, readLut, type Lut3d } from './lut3d';
import { deepShare, shadowMeanAt, shadowPlane, type ShadowPlane } from './deep-shadow';
import { strandField, strandRootSide, strandT, type StrandField } from './strand-distance';
import { sweepAt, sweepGrid, sweepStartAt, type SweepGrid } from './sweeps';
import type { LabStats } from './hair-stats';
import { skinDistance2, type SkinModel } from './level-read';

/** What a layer maps onto: a shade, a reference photo's hair, or a relative lift (shared/hair/shade-map.ts). */
export type ToneTarget = ShadeTarget;

/** Where the head is: face centre, unit vector pointing from forehead to chin, face width (px). */
export interface HeadFrame {
  cx: number;
  cy: number;
  ux: number;
  uy: number;
  faceWidth: number;
}

export interface RecolourPlan {
  technique: TechniqueId;
  base: ToneTarget | null;
  effect: ToneTarget | null;
  /** Roots on top of the technique: natural roots kept (soft melt), a grown-out band, or roots deepened. */
  roots?: RootsAsk | null;
  /** The colour deepened roots take ('darker'). */
  rootsTarget?: ToneTarget | null;
  /** The effect narrowed to one region: the under layer, one streak, or the pieces around the face. */
  placement?: Placement | null;
}

const smooth = (e0: number, e1: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

export interface RecolourInput {
  img: Rgb;
  /** Where alpha can be non-zero. */
  box: Box;
  alpha: Float32Array;
  idx: Int32Array;
  lab: Float32Array;
  stats: LabStats;
  head: HeadFrame;
  plan: RecolourPlan;
  /** The photo's light: targets are rendered in it. */
  light?: PhotoLight;
  /** Skin beside the hair (level-read.ts): hair-region pixels far likelier skin than hair keep their colour. */
  skin?: SkinModel | null;
  alloc?: Alloc;
}

/**
 * The paint's tuned numbers, by what they shape. Positions along the strands (t) run from 0 at the roots to 1
 * at the ends; across the head (side) in face widths from its axis, negative on the photo's left. A ramp is
 * `smooth(from, to, x)`: 0 up to `from`, 1 from `to` (falling instead when `to` < `from`).
 */
/** About this many hair pixels are sampled for the hair's extent along the head and for the skin guard's hair. */
const SAMPLE_PIXELS = 20000;
/** Pixels with a matte from this are confident hair (the extent, the skin guard). */
const CONFIDENT = 0.5;
/** The hair's extent along the head: these percentiles of the confident pixels (a stray strand does not count) … */
const ALONG_LOW = 0.01;
const ALONG_HIGH = 0.99;
/** … and at least this many face widths long (short hair is not stretched from roots to "ends"). */
const ALONG_MIN_FACES = 0.5;

/** Along-hair coordinates: 0 at the crown, 1 at the tips (robust percentiles of the matte's extent). */
function alongRange(idx: Int32Array, alpha: Float32Array, w: number, head: HeadFrame): [number, number] {
  const step = Math.max(1, Math.floor(idx.length / SAMPLE_PIXELS));
  // a typed array sorts natively: an array of numbers with a comparator boxes every value it compares
  const all = new Float64Array(Math.ceil(idx.length / step));
  let m = 0;
  for (let k = 0; k < idx.length; k += step) {
    const i = idx[k];
    if (alpha[i] < CONFIDENT) continue;
    const x = i % w;
    const y = (i - x) / w;
    all[m++] = (x - head.cx) * head.ux + (y - head.cy) * head.uy;
  }
  if (m < 2) return [-head.faceWidth, head.faceWidth];
  const vals = all.subarray(0, m).sort();
  const lo = vals[Math.floor(vals.length * ALONG_LOW)];
  const hi = vals[Math.floor(vals.length * ALONG_HIGH)];
  return [lo, Math.max(hi, lo + head.faceWidth * ALONG_MIN_FACES)];
}

interface WeightCtx {
  tech: TechniqueId;
  cx: number;
  cy: number;
  ux: number;
  uy: number;
  fw: number;
  a0: number;
  a1: number;
  /** Distance from the scalp along the strands (strand-distance.ts); the crown-to-tips axis where unreached. */
  strands: StrandField | null;
  /** Balayage's ribbons along the strands (sweeps.ts); null for other techniques. */
  sweeps: SweepGrid | null;
  placement: Placement | null;
  roots: RootsAsk | null;
  /** Hair lightness mean and spread (the under layer is the shaded one). */
  muL: number;
  sdL: number;
  /** Strand detail (luma high-pass) over the hair's bounding box: origin and width of that box. */
  hp: Float32Array | null;
  hx0: number;
  hy0: number;
  hw: number;
}

/** sin by table (4096 steps a period, linear between): Math.sin twice a pixel was a fifth of a balayage. */
const SIN_STEPS = 4096;
const SIN_TABLE = Float64Array.from({ length: SIN_STEPS + 1 }, (_, k) => Math.sin((2 * Math.PI * k) / SIN_STEPS));
function fastSin(x: number): number {
  const t = x * (SIN_STEPS / (2 * Math.PI));
  const f = Math.floor(t);
  const k = f & (SIN_STEPS - 1); // also wraps negative turns
  return SIN_TABLE[k] + (SIN_TABLE[k + 1] - SIN_TABLE[k]) * (t - f);
}

/** Strand detail (luma minus its local mean) is scaled by STRAND_GAIN and bounded to ±STRAND_MAX in the weights. */
const STRAND_GAIN = 7;
const STRAND_MAX = 0.4;

/** The strand detail at (x, y), scaled and bounded to ±STRAND_MAX: lighter strands positive. */
function strandLift(c: WeightCtx, x: number, y: number): number {
  return c.hp ? Math.max(-STRAND_MAX, Math.min(STRAND_MAX, c.hp[(y - c.hy0) * c.hw + x - c.hx0] * STRAND_GAIN)) : 0;
}

/**
 * Where a pixel is in the head's frame: its coordinates, along the head's axis (px from the face centre), across
 * it (face widths, negative on the photo's left) and from roots (0) to ends (1). One is filled per pixel in turn
 * (placedWeights): the weight's helpers read it instead of five numbers each.
 */
interface PixelPlace {
  x: number;
  y: number;
  along: number;
  side: number;
  t: number;
}

/**
 * Streaks (highlights, lowlights, a balayage's pieces): wide, softly varying sections plus the hair's own lighter
 * strands, so the pattern follows real strands instead of painting new texture. Sections are STREAK_PERIOD face
 * widths apart across the head, bent by a slower wave (STREAK_BEND_PERIOD apart, STREAK_BEND radians deep), their
 * phase moving STREAK_DRIFT radians per face width along the hair; a section's weight is STREAK_BASE plus
 * STREAK_DEPTH of the wave, plus the strand's own lift.
 */
const STREAK_PERIOD = 0.3;
const STREAK_BEND_PERIOD = 0.71;
const STREAK_BEND = 1.3;
const STREAK_DRIFT = 0.3;
const STREAK_BASE = 0.25;
const STREAK_DEPTH = 0.4;

function streak(c: WeightCtx, p: PixelPlace): number {
  const side = p.side;
  const geo =
    0.5 +
    0.5 * fastSin((2 * Math.PI * side) / STREAK_PERIOD + STREAK_BEND * fastSin((2 * Math.PI * side) / STREAK_BEND_PERIOD) + (p.along / c.fw) * STREAK_DRIFT);
  return Math.min(1, Math.max(0, STREAK_BASE + STREAK_DEPTH * geo + strandLift(c, p.x, p.y)));
}

/** Position from roots (0) to ends (1): along the strands where reached, else along the head's axis. */
function rootsToEnds(c: WeightCtx, x: number, y: number, along: number): number {
  const t = c.strands ? strandT(c.strands, x, y) : -1;
  return t >= 0 ? t : Math.min(1, Math.max(0, (along - c.a0) / (c.a1 - c.a0)));
}

/** 'underneath': the under layer, below the crown's canopy (a ramp along the strands). */
const UNDER_FROM = 0.22;
const UNDER_TO = 0.42;
/** Roots kept natural: the effect fades in just below them (a soft melt). */
const ROOTS_KEPT_FROM = 0.03;
const ROOTS_KEPT_TO = 0.14;
/** A grown-out band: a crisper line, a little further down. */
const REGROWTH_FROM = 0.1;
const REGROWTH_TO = 0.14;
/** A root touch-up: the band from the scalp that fades out here. */
const TOUCH_UP_FROM = 0.08;
const TOUCH_UP_TO = 0.16;

/**
 * Where the effect colour goes (0..1) at pixel (x, y): technique, placement, then roots. The under layer also
 * depends on the pixel's lightness: times underLayerShade.
 */
function techniqueWeight(c: WeightCtx, p: PixelPlace): number {
  const x = p.x;
  const y = p.y;
  const along = (x - c.cx) * c.ux + (y - c.cy) * c.uy;
  const side = (-(x - c.cx) * c.uy + (y - c.cy) * c.ux) / c.fw;
  const t = rootsToEnds(c, x, y, along);
  p.along = along;
  p.side = side;
  p.t = t;
  let wt: number;
  switch (c.placement) {
    case 'underneath':
      // the under layer: below the crown's canopy (and where the hair is in its own shade: underLayerShade)
      wt = smooth(UNDER_FROM, UNDER_TO, t);
      break;
    case 'streak': {
      // one lock from the front of the parting, on the photo's left of the face: the strands rooted there and
      // the lengths falling below it
      const rs = c.strands ? strandRootSide(c.strands, x, y) : NaN;
      wt = Math.max(streakBand(side), Number.isNaN(rs) ? 0 : streakBand(rs));
      break;
    }
    default:
      wt = placedByTechnique(c, p);
  }
  if (c.roots === 'keep') wt *= smooth(ROOTS_KEPT_FROM, ROOTS_KEPT_TO, t);
  else if (c.roots === 'regrowth') wt *= smooth(REGROWTH_FROM, REGROWTH_TO, t);
  // a root touch-up: the regrowth band only, where 'regrowth' leaves the natural colour
  else if (c.roots === 'touch-up') wt *= 1 - smooth(TOUCH_UP_FROM, TOUCH_UP_TO, t);
  return wt;
}

/**
 * The under layer's share by lightness: UNDER_LIT where the hair is lit (UNDER_LIT_SD spreads above its mean
 * lightness), UNDER_LIT + UNDER_SHADED (all of it) in its own shade (UNDER_SHADE_SD spreads below).
 */
const UNDER_LIT = 0.3;
const UNDER_SHADED = 0.7;
const UNDER_LIT_SD = 0.6;
const UNDER_SHADE_SD = 1.2;
/** "Keep it dark underneath": the top layer takes the colour; the hair in its own shade keeps this much less. */
const TOP_LAYER = 1.3;

/** The under layer's share by lightness L: most where the hair is in its own shade. */
function underLayerShade(c: WeightCtx, L: number): number {
  return UNDER_LIT + UNDER_SHADED * smooth(c.muL + UNDER_LIT_SD * c.sdL, c.muL - UNDER_SHADE_SD * c.sdL, L);
}

/**
 * techniqueWeight of the job's hair pixels idx[k0..k1) into wts. A loop of its own: called per pixel from
 * paintRange, whose inlining budget is spent, the weight and its helpers stayed calls and boxed their numbers
 * (~1 MB of garbage per 100k pixels).
 */
function placedWeights(job: PaintJob, k0: number, k1: number, wts: Float64Array): void {
  const { ctx, idx, w } = job;
  const p: PixelPlace = { x: 0, y: 0, along: 0, side: 0, t: 0 };
  for (let k = k0; k < k1; k++) {
    const i = idx[k];
    const y = (i / w) | 0;
    p.x = i - y * w;
    p.y = y;
    wts[k - k0] = techniqueWeight(ctx, p);
  }
}

/** The streak's lock: LOCK_SIDE face widths to the photo's left of the head's axis, a soft band ~0.2 wide (LOCK_EDGE). */
const LOCK_SIDE = 0.3;
const LOCK_EDGE_FROM = 0.05;
const LOCK_EDGE_TO = 0.16;

function streakBand(side: number): number {
  return 1 - smooth(LOCK_EDGE_FROM, LOCK_EDGE_TO, Math.abs(side + LOCK_SIDE));
}

/** Highlights and lowlights: streaks from just below the scalp (a ramp along the strands). */
const STREAKS_FROM = 0.0;
const STREAKS_TO = 0.12;
/**
 * Balayage (sweeps.ts places its ribbons): each ribbon fades in from its own start height over SWEEP_LENGTH of
 * the lengths; a ribbon's share runs from BETWEEN_RIBBONS (the hair between ribbons) to 1, decided by the
 * ribbon grid, the strand's own lift (RIBBON_STRANDS) and more toward the ends (RIBBON_ENDS); brighter pieces
 * framing the face (FRAMING: a band across the head, from just outside the face to its side, below the roots)
 * and ENDS_EXTRA from ENDS_FROM to the ends, where the colourist's brush meets.
 */
const SWEEP_LENGTH = 0.32;
const BETWEEN_RIBBONS = 0.2;
const RIBBON_FROM = 0.15;
const RIBBON_TO = 0.85;
const RIBBON_STRANDS = 0.4;
const RIBBON_ENDS = 0.3;
const RIBBON_ENDS_FROM = 0.5;
const ENDS_FROM = 0.7;
const FRAMING_OUTER_FROM = 0.95;
const FRAMING_OUTER_TO = 0.55;
const FRAMING_INNER_FROM = 0.3;
const FRAMING_INNER_TO = 0.42;
const FRAMING_BELOW_FROM = 0.04;
const FRAMING_BELOW_TO = 0.26;
const FRAMING = 0.75;
const ENDS_EXTRA = 0.3;
/** Ombré: a long, soft gradient from the mid-lengths. */
const OMBRE_FROM = 0.3;
const OMBRE_TO = 0.78;
/** Sombré: softer still, and never all the way (SOMBRE_MAX). */
const SOMBRE_FROM = 0.12;
const SOMBRE_TO = 0.95;
const SOMBRE_MAX = 0.8;
/**
 * Dip dye: a crisp line at DIP_FROM–DIP_TO along the strands that drifts across the head in broad waves
 * (DIP_WAVE high, DIP_WAVE_PERIOD and DIP_BEND_PERIOD face widths, bent by DIP_BEND), and lighter strands took
 * the dye a little higher (DIP_STRANDS).
 */
const DIP_FROM = 0.69;
const DIP_TO = 0.75;
const DIP_WAVE = 0.025;
const DIP_WAVE_PERIOD = 0.3;
const DIP_BEND_PERIOD = 0.8;
const DIP_BEND = 1.7;
const DIP_STRANDS = 0.03;
/** Root shadow: the roots deepened, fading out by the mid-lengths. */
const ROOT_SHADOW_FROM = 0.06;
const ROOT_SHADOW_TO = 0.32;
/**
 * Money piece: across the head between MONEY_INNER and MONEY_OUTER (face widths: just outside the face's
 * edge), along it from the hairline (MONEY_TOP, in face widths from the face centre) to below the chin
 * (MONEY_BOTTOM).
 */
const MONEY_INNER_FROM = 0.34;
const MONEY_INNER_TO = 0.5;
const MONEY_OUTER_FROM = 0.62;
const MONEY_OUTER_TO = 0.95;
const MONEY_TOP_FROM = -1.15;
const MONEY_TOP_TO = -0.6;
const MONEY_BOTTOM_FROM = 0.7;
const MONEY_BOTTOM_TO = 1.7;

/** Balayage's weight at the pixel: ribbons along the strands, the face framed, the ends met. */
function balayageSweeps(c: WeightCtx, p: PixelPlace): number {
  const { t } = p;
  const ribbon = sweepAt(c.sweeps, p.x, p.y);
  const start = sweepStartAt(c.sweeps, p.x, p.y);
  const on = smooth(RIBBON_FROM, RIBBON_TO, ribbon + RIBBON_STRANDS * strandLift(c, p.x, p.y) + RIBBON_ENDS * smooth(RIBBON_ENDS_FROM, 1, t));
  const as = Math.abs(p.side);
  const framing =
    smooth(FRAMING_OUTER_FROM, FRAMING_OUTER_TO, as) * smooth(FRAMING_INNER_FROM, FRAMING_INNER_TO, as) * smooth(FRAMING_BELOW_FROM, FRAMING_BELOW_TO, t);
  const sweep = smooth(start, start + SWEEP_LENGTH, t);
  return Math.min(1, sweep * (BETWEEN_RIBBONS + (1 - BETWEEN_RIBBONS) * on) + FRAMING * framing + ENDS_EXTRA * smooth(ENDS_FROM, 1, t));
}

/** The technique's own weight at the pixel (the effect's share before placement and roots). */
function placedByTechnique(c: WeightCtx, p: PixelPlace): number {
  const { side, along, t } = p;
  switch (c.tech) {
    case 'all-over':
      return 1;
    case 'highlights':
    case 'lowlights':
      return streak(c, p) * smooth(STREAKS_FROM, STREAKS_TO, t);
    case 'balayage':
      return balayageSweeps(c, p);
    case 'ombre':
      return smooth(OMBRE_FROM, OMBRE_TO, t);
    case 'sombre':
      return SOMBRE_MAX * smooth(SOMBRE_FROM, SOMBRE_TO, t);
    case 'dip-dye': {
      // the line is crisp but not ruled: it drifts across the head in broad waves as the hair falls in sections,
      // and the hair's lighter strands took the dye a little higher (decision 133: narrow waves read as flames)
      const drift = DIP_WAVE * fastSin((2 * Math.PI * side) / DIP_WAVE_PERIOD + DIP_BEND * fastSin((2 * Math.PI * side) / DIP_BEND_PERIOD));
      return smooth(DIP_FROM, DIP_TO, t + drift + DIP_STRANDS * strandLift(c, p.x, p.y));
    }
    case 'root-shadow':
      return 1 - smooth(ROOT_SHADOW_FROM, ROOT_SHADOW_TO, t);
    case 'money-piece': {
      // two bright strands framing the face: just outside the face edge, from the hairline to below the chin
      const as = Math.abs(side);
      const v = along / c.fw;
      return (
        smooth(MONEY_INNER_FROM, MONEY_INNER_TO, as) *
        (1 - smooth(MONEY_OUTER_FROM, MONEY_OUTER_TO, as)) *
        smooth(MONEY_TOP_FROM, MONEY_TOP_TO, v) *
        (1 - smooth(MONEY_BOTTOM_FROM, MONEY_BOTTOM_TO, v))
      );
    }
  }
  return 1;
}

/**
 * Luma minus its local mean (box of radius r) over `box`, a w×h plane. The mean is taken on a copy at half
 * the size: it is smooth over tens of pixels, and the full-size box filter was most of a balayage's set-up.
 */
function strandDetail(img: Rgb, box: Box, r: number, alloc: Alloc): Float32Array {
  const { x0, y0 } = box;
  const w = box.x1 - x0 + 1;
  const h = box.y1 - y0 + 1;
  const W = img.width;
  const d = img.data;
  const luma = alloc.f32(w * h, false);
  for (let y = 0; y < h; y++) {
    for (let x = 0, i = (y + y0) * W + x0; x < w; x++, i++) luma[y * w + x] = lumaAt(d, i);
  }
  const w2 = (w + 1) >> 1;
  const h2 = (h + 1) >> 1;
  const half = alloc.f32(w2 * h2);
  for (let y = 0; y < h2; y++) {
    const ya = 2 * y * w;
    const yb = Math.min(2 * y + 1, h - 1) * w;
    for (let x = 0; x < w2; x++) {
      const xa = 2 * x;
      const xb = Math.min(xa + 1, w - 1);
      half[y * w2 + x] = 0.25 * (luma[ya + xa] + luma[ya + xb] + luma[yb + xa] + luma[yb + xb]);
    }
  }
  const m = boxMean(half, w2, h2, Math.max(1, Math.round(r / 2)), alloc.f32(w2 * h2));
  for (let y = 0; y < h; y++) {
    const row = (y >> 1) * w2;
    for (let x = 0; x < w; x++) luma[y * w + x] -= m[row + (x >> 1)];
  }
  return luma;
}

/** Matte values below this are a soft edge: the hair's colour there is estimated, not read. */
const EDGE = 0.98;
/** A map lifts when it moves the hair's mean lightness up by more than this: its deep shadow is smoothed first. */
const LIFT = 0.25;
/**
 * How far a deep-shadow pixel is pulled, in linear light, towards the shadow's mean around it. A third is
 * enough: near black a small pull in light is a large one in lightness (code 0 pulled a third of the way to a
 * mean between codes 0 and 1 reads most of the way to code 1), and it leaves the shadows some of their grain.
 * The whole way flattened them, and strand detail (the lift bench's correlation) fell from 0.94 to 0.74 on
 * long-black-turned (decision 135).
 */
const SHADOW_PULL = 0.3;

export async function recolour(input: RecolourInput, halves: Halves): Promise<Uint8Array> {
  const alloc = input.alloc ?? fresh;
  const out = alloc.u8(input.img.data.length, false);
  out.set(input.img.data);
  if (!input.idx.length) return out;
  const mark = alloc.mark();
  try {
    await halves({ kind: 'paint', job: await paintJob(input, alloc, out, halves) });
    return out;
  } finally {
    alloc.release(mark);
  }
}

/** Everything the paint reads: numbers, the shade maps' parameters, and typed arrays. */
export interface PaintJob {
  w: number;
  /** The photo's pixels (RGB). */
  data: Uint8Array;
  alpha: Float32Array;
  idx: Int32Array;
  lab: Float32Array;
  out: Uint8Array;
  base: ShadeMapParams | null;
  effect: ShadeMapParams | null;
  roots: ShadeMapParams | null;
  placed: boolean;
  ctx: WeightCtx;
  grid: ForegroundGrid;
  /** Deep shadow smoothed before a lift (deep-shadow.ts); null when no map lifts or there is none. */
  shadow: ShadowPlane | null;
  /** Blocks of BLOCK pixels taken so far (halves.ts nextBlock). */
  next: Int32Array;
  /** Skin kept out of the paint (skinKeep); null without skin to compare with. */
  skin: SkinGuard | null;
}

/**
 * What tells the skin in the hair region from hair: the face's skin as a Gaussian, and the hair's own colour
 * (mean and inverse spread per OKLab axis).
 */
interface SkinGuard {
  model: SkinModel;
  mu: [number, number, number];
  inv: [number, number, number];
}

/** Skin within this many Mahalanobis units (squared) of the cheeks is skin at full strength, beyond `SKIN_FAR` not at all. */
const SKIN_NEAR = 1.5 * 1.5;
const SKIN_FAR = 3 * 3;
/**
 * How much closer to the skin than to the hair (difference of squared distances) a pixel must be to keep all
 * its colour: blonde hair on fair skin is close to both and is painted.
 */
const SKIN_MARGIN = 8;

/**
 * The guard's hair: the mean and spread of the region's pixels that are not skin-like (the region's own
 * statistics count the skin it covers: on a fade they sit between hair and skin and would call the neck hair).
 * Null when too little of the region is unlike the skin to tell the two apart.
 */
function skinGuard(skin: SkinModel | null | undefined, input: RecolourInput): SkinGuard | null {
  if (!skin) return null;
  const { idx, lab, alpha } = input;
  const stride = Math.max(1, Math.floor(idx.length / SAMPLE_PIXELS));
  const sum = [0, 0, 0];
  const sq = [0, 0, 0];
  let n = 0;
  let all = 0;
  for (let k = 0; k < idx.length; k += stride) {
    if (alpha[idx[k]] < CONFIDENT) continue;
    all++;
    const L = lab[k * 3];
    const a = lab[k * 3 + 1];
    const b = lab[k * 3 + 2];
    if (skinDistance2(skin, L, a, b) < SKIN_FAR) continue;
    n++;
    sum[0] += L;
    sum[1] += a;
    sum[2] += b;
    sq[0] += L * L;
    sq[1] += a * a;
    sq[2] += b * b;
  }
  if (n < GUARD_MIN_HAIR || n < HAIR_UNLIKE_SKIN * all) return null;
  const mu = sum.map((v) => v / n) as [number, number, number];
  const inv = sq.map((v, c) => 1 / Math.max(v / n - mu[c] * mu[c], GUARD_MIN_SD * GUARD_MIN_SD)) as [number, number, number];
  return { model: skin, mu, inv };
}

/**
 * The share of the paint a hair-region pixel of colour (L, a, b) takes: 1 for hair, less for a pixel that looks
 * like the face's skin and unlike the hair (a neck under a fade, a sideburn's skin, an ear the region covered).
 */
/** Below this share of the region unlike the skin, no guard: the hair itself looks like the skin. */
const HAIR_UNLIKE_SKIN = 0.4;
/** … nor with fewer sampled hair pixels than this to take the hair's colour from. */
const GUARD_MIN_HAIR = 200;
/** The hair's spread per OKLab axis is taken as at least this (a flat colour would make every pixel unlike it). */
const GUARD_MIN_SD = 0.02;

function skinKeep(g: SkinGuard, L: number, a: number, b: number): number {
  const qs = skinDistance2(g.model, L, a, b);
  if (qs >= SKIN_FAR) return 1;
  const dL = L - g.mu[0];
  const da = a - g.mu[1];
  const db = b - g.mu[2];
  const qh = dL * dL * g.inv[0] + da * da * g.inv[1] + db * db * g.inv[2];
  return 1 - smooth(SKIN_FAR, SKIN_NEAR, qs) * smooth(0, SKIN_MARGIN, qh - qs);
}

/** The foreground estimate's local means are taken over a face width / FOREGROUND_PER_FACE, at least FOREGROUND_MIN_PX (~a strand's width). */
const FOREGROUND_PER_FACE = 14;
const FOREGROUND_MIN_PX = 6;
/** Strand detail is luma minus its mean over a face width / STRAND_DETAIL_PER_FACE, at least STRAND_DETAIL_MIN_PX. */
const STRAND_DETAIL_PER_FACE = 12;
const STRAND_DETAIL_MIN_PX = 4;
/** The hair's lightness spread is taken as at least this (the under layer's shade is relative to it). */
const MIN_SPREAD_L = 0.015;

/**
 * The per-request set-up of the paint: shade maps, placement along the strands, the foreground estimate. The
 * foreground grid is made whole on the other thread while this one places the technique.
 */
async function paintJob(input: RecolourInput, alloc: Alloc, out: Uint8Array, halves: Halves): Promise<PaintJob> {
  const { img, alpha, idx, lab, stats, head, plan } = input;
  const w = img.width;
  const h = img.height;
  const fw = head.faceWidth;
  // the hair's own colour at the matte's soft edge (foreground.ts): local means over ~a strand's width
  const foreground = foregroundJob(img, alpha, input.box, Math.max(FOREGROUND_MIN_PX, Math.round(fw / FOREGROUND_PER_FACE)), alloc);
  const foregroundDone = halves({ kind: 'foreground', job: foreground });
  const light = input.light ?? NEUTRAL_LIGHT;
  const mapOf = (t: ToneTarget | null | undefined) => (t ? shadeMapParams(stats, t, light) : null);
  const tech = plan.technique;
  const allOver = tech === 'all-over';
  const [a0, a1] = alongRange(idx, alpha, w, head);
  // strand detail for streak-wise techniques: luma minus its local mean; lighter strands take more of the
  // colour, which keeps the result's texture tied to the hair's own strands. Computed over the hair's
  // bounding box (grown by the filter radius, so the values match a whole-image filter) only.
  let hp: Float32Array | null = null;
  let hx0 = 0;
  let hy0 = 0;
  let hw = 0;
  if (tech === 'highlights' || tech === 'lowlights' || tech === 'balayage' || tech === 'dip-dye') {
    const r = Math.max(STRAND_DETAIL_MIN_PX, Math.round(fw / STRAND_DETAIL_PER_FACE));
    const { box: hair } = input;
    hx0 = Math.max(0, hair.x0 - r);
    hy0 = Math.max(0, hair.y0 - r);
    const hx1 = Math.min(w - 1, hair.x1 + r);
    hw = hx1 - hx0 + 1;
    hp = strandDetail(img, { x0: hx0, y0: hy0, x1: hx1, y1: Math.min(h - 1, hair.y1 + r) }, r, alloc);
  }

  const placement = plan.placement ?? null;
  const roots = plan.roots ?? null;
  const placed = !allOver || placement !== null || roots !== null;
  const strands = placed || plan.rootsTarget ? strandField({ alpha, width: w, height: h, box: input.box }, head, alloc) : null;
  const ctx: WeightCtx = {
    tech,
    cx: head.cx,
    cy: head.cy,
    ux: head.ux,
    uy: head.uy,
    fw,
    a0,
    a1,
    strands,
    sweeps: tech === 'balayage' && strands ? sweepGrid(strands, head) : null,
    placement,
    roots,
    muL: stats.mean.L,
    sdL: Math.max(MIN_SPREAD_L, stats.sd.L),
    hp,
    hx0,
    hy0,
    hw,
  };
  const base = mapOf(plan.base);
  const effect = mapOf(plan.effect);
  const rootsMap = mapOf(plan.rootsTarget);
  const lifts = [base, effect, rootsMap].some((p) => p && p.tL - p.muL > LIFT);
  const shadow = lifts ? shadowPlane(input, stats.mean, alloc) : null;
  await foregroundDone;
  const { grid } = foreground;
  const skin = skinGuard(input.skin, input);
  return { w, data: img.data, alpha, idx, lab, out, base, effect, roots: rootsMap, placed, ctx, grid, shadow, next: blockCounter(), skin };
}

/** Deepened roots: full at the scalp, melting into the lengths by here along the strands. */
const ROOTS_DEEPENED_FROM = 0.04;
const ROOTS_DEEPENED_TO = 0.28;

/** Pixels go to the two threads in blocks of this many. */
const BLOCK = 4096;

/** The blocks of hair pixels this thread takes. */
export function paintPart(job: PaintJob): void {
  const n = job.idx.length;
  const luts = jobLuts(job);
  const wts = new Float64Array(BLOCK);
  for (let k = nextBlock(job.next) * BLOCK; k < n; k = nextBlock(job.next) * BLOCK) {
    const k1 = Math.min(n, k + BLOCK);
    if (job.placed && luts.effect) placedWeights(job, k, k1, wts);
    paintRange(job, luts, k, k1, wts);
  }
}

/** A shade map baked into a LUT (colour/lut3d.ts); each thread bakes its own, at the nodes its pixels reach. */
function lutOf(p: ShadeMapParams | null): Lut3d | null {
  return p && bakeLut((L, a, b, o) => mapPixel(p, L, a, b, o));
}

interface JobLuts {
  base: Lut3d | null;
  effect: Lut3d | null;
  roots: Lut3d | null;
}

function jobLuts(job: PaintJob): JobLuts {
  return { base: lutOf(job.base), effect: lutOf(job.effect), roots: lutOf(job.roots) };
}

/** Recolours the hair pixels idx[k0..k1) of `job.out` (a copy of the photo); wts: their placedWeights. */
function paintRange(job: PaintJob, luts: JobLuts, k0: number, k1: number, wts: Float64Array): void {
  const { w, alpha, idx, lab, out, placed, ctx, grid, shadow } = job;
  const d = job.data;
  const { base: baseLut, effect: effLut, roots: rootsLut } = luts;
  const strands = ctx.strands;
  const tmp = new Float32Array(3);
  const fg = new Float32Array(3);
  const photo = { data: d, width: w };
  for (let k = k0; k < k1; k++) {
    const i = idx[k];
    let m = alpha[i];
    if (m <= 0) continue;
    if (job.skin) {
      m *= skinKeep(job.skin, lab[k * 3], lab[k * 3 + 1], lab[k * 3 + 2]);
      if (m <= 0) continue;
    }
    const o = i * 3;
    // source colour: the pixel itself inside the hair, the estimated hair colour at the edge
    let sr = d[o];
    let sg = d[o + 1];
    let sb = d[o + 2];
    let L = lab[k * 3];
    let A = lab[k * 3 + 1];
    let B = lab[k * 3 + 2];
    // the pixel in linear light, and the colour the hair is painted from (the same inside the hair)
    const ir = SRGB_TO_LINEAR[sr];
    const ig = SRGB_TO_LINEAR[sg];
    const ib = SRGB_TO_LINEAR[sb];
    let r0 = ir;
    let g0 = ig;
    let b0 = ib;
    // the colour the hair is painted from, where it is not the pixel's own
    let moved = false;
    // at the soft edge the hair's share and colour are estimated (foreground.ts): a pixel mixed with a bright
    // wall is not the hair's lightest strand
    if (m < EDGE) {
      m = foregroundAt(grid, photo, i, m, fg);
      if (m <= 0) continue;
      r0 = fg[0];
      g0 = fg[1];
      b0 = fg[2];
      moved = true;
    }
    if (shadow) {
      // deep shadow under a lift: pulled towards the smoothed shadow around it (deep-shadow.ts)
      const s = deepShare(lumaLinear(r0, g0, b0)) * SHADOW_PULL;
      // the pixel's row only for deep shadow: most of the hair is not
      const ym = s > 0 ? shadowMeanAt(shadow, i % w, (i / w) | 0) : -1;
      if (ym >= 0) {
        r0 += (ym * shadow.tint[0] - r0) * s;
        g0 += (ym * shadow.tint[1] - g0) * s;
        b0 += (ym * shadow.tint[2] - b0) * s;
        moved = true;
      }
    }
    if (moved) {
      // read between codes where they are coarse (lut3d.ts lutIndex): rounded to a code, smoothed deep shadow
      // would come back as blocks
      sr = lutIndex(r0);
      sg = lutIndex(g0);
      sb = lutIndex(b0);
      readLut(OKLAB_LUT, sr, sg, sb, tmp);
      L = tmp[0];
      A = tmp[1];
      B = tmp[2];
    }
    let nL = L;
    let na = A;
    let nb = B;
    if (baseLut) {
      readLut(baseLut, sr, sg, sb, tmp);
      nL = tmp[0];
      na = tmp[1];
      nb = tmp[2];
    }
    if (effLut) {
      let wt = 1;
      if (placed) {
        wt = wts[k - k0];
        if (ctx.placement === 'underneath' && wt > 0) wt *= underLayerShade(ctx, L);
        // the top layer only ("keep it dark underneath"): the hair in its own shade keeps most of its colour
        else if (ctx.placement === 'top' && wt > 0) wt *= TOP_LAYER - underLayerShade(ctx, L);
      }
      if (wt > 0) {
        readLut(effLut, sr, sg, sb, tmp);
        nL += (tmp[0] - nL) * wt;
        na += (tmp[1] - na) * wt;
        nb += (tmp[2] - nb) * wt;
      }
    }
    if (rootsLut && strands) {
      // deeper roots melting into whatever the lengths became
      const y = (i / w) | 0;
      const x = i - y * w;
      const rt = 1 - smooth(ROOTS_DEEPENED_FROM, ROOTS_DEEPENED_TO, rootsToEnds(ctx, x, y, (x - ctx.cx) * ctx.ux + (y - ctx.cy) * ctx.uy));
      if (rt > 0) {
        readLut(rootsLut, sr, sg, sb, tmp);
        nL += (tmp[0] - nL) * rt;
        na += (tmp[1] - na) * rt;
        nb += (tmp[2] - nb) * rt;
      }
    }
    // OKLab → linear sRGB, inlined (no allocation per pixel)
    const l_ = nL + 0.3963377774 * na + 0.2158037573 * nb;
    const m_ = nL - 0.1055613458 * na - 0.0638541728 * nb;
    const s_ = nL - 0.0894841775 * na - 1.291485548 * nb;
    const l3 = l_ * l_ * l_;
    const m3 = m_ * m_ * m_;
    const s3 = s_ * s_ * s_;
    const r = 4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3;
    const g = -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3;
    const b = -0.0041960863 * l3 - 0.7034186147 * m3 + 1.707614701 * s3;
    // out = I + α·(T(F) − F): inside the hair F is the pixel, so this is the usual blend; at the edge the
    // background's share of the pixel stays as it was
    out[o] = linearToSrgb8(ir + m * (Math.min(1, Math.max(0, r)) - r0));
    out[o + 1] = linearToSrgb8(ig + m * (Math.min(1, Math.max(0, g)) - g0));
    out[o + 2] = linearToSrgb8(ib + m * (Math.min(1, Math.max(0, b)) - b0));
  }
}
