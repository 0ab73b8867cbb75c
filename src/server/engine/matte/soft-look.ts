/**
 * A soft look at the hair: the hair network judges hair largely by its fine texture, and the coarse, regular
 * texture of box braids, cornrows and locs is not one it learnt: on such photos it finds almost no hair, or the
 * neck beside it. Shown the same photo blurred (a Gaussian of 4 of its 512 input pixels), it judges by colour
 * and shape instead and finds those braids (decision 126); shown it also from a step back (shrunk to 70 % in
 * the middle of its frame), it finds the locs and braids of close-ups that fill the frame, which it takes for a
 * wall or a rug when they are that large (decision 128). On most other photos such a view is worse (smooth dark
 * clothes become hair, blonde hair is lost). So the soft look runs only when the first pass found little hair,
 * is taken only when it finds several times more (the network then missed hair by its texture), and counts
 * only where the photo itself is grained: braids are, the dark cape or sofa it also calls hair is not. A photo
 * with no face found (the back of the head, a close-up) is further from the portraits the network learnt on:
 * there the soft look also runs when under 30 % of the photo is hair, and is then taken where it is sure, when
 * it is sure of half as much hair again (decision 129).
 */
import { blurExact, stepBackExact } from '../image/decode';
import { meanGradient, resizePlane, type Rgb } from '../image/raster';
import type { Alloc } from '../image/scratch';

/** Standard deviation of the blur, in the model's input pixels. */
const SIGMA = 4;
/** The blurred photo is shrunk to this share of its frame, in the middle. */
const STEP_BACK = 0.7;
/** The first pass found little hair: under an eighth of the model's cells are hair. */
const LITTLE_HAIR = 0.125;
/** The soft look is taken when it finds at least this many times the first pass's hair. */
const SEVERAL_TIMES = 3;
/** Without a face: the soft look runs when under this share of the cells are hair, … */
const WITHOUT_FACE_BELOW = 0.3;
/** … and is taken where it is this sure, when its sure cells and the first pass's hair come to this many times the first's. */
const SURE = 0.8;
const HALF_AS_MUCH_AGAIN = 1.5;
/** Window radius (cells) over which the photo's grain is averaged: a braid's width at the model's scale. */
const GRAIN_RADIUS = 6;
/** Mean luma gradient (code values) below which a cell is smooth (not hair), and above which it fully counts. */
const SMOOTH = 6;
const GRAINED = 12;

/** Share of the map's cells that the network calls hair (at least half sure). */
export function hairShare(prob: Float32Array): number {
  let n = 0;
  for (let i = 0; i < prob.length; i++) if (prob[i] > 0.5) n++;
  return n / prob.length;
}

/** Whether the first pass found so little hair that a soft look is worth an inference; `face`: a face was found. */
export function wantsSoftLook(first: Float32Array, face: boolean): boolean {
  return hairShare(first) < (face ? LITTLE_HAIR : WITHOUT_FACE_BELOW);
}

/** What the network is shown on a soft look: the model's input `grid` blurred, then seen from a step back. */
export async function softView(grid: Rgb): Promise<Rgb> {
  return stepBackExact(await blurExact(grid, SIGMA), STEP_BACK);
}

/**
 * The network's map of the soft view → the same cells as the first pass's map (both size×size): the middle of
 * the stepped-back view, stretched back over the whole grid (bilinear); the copied border is not the photo.
 */
export function fromSoftView(seen: Float32Array, size: number, alloc: Alloc): Float32Array {
  const n = Math.round(size * STEP_BACK);
  const pad = Math.floor((size - n) / 2);
  return resizePlane({ width: size, height: size, data: seen }, size, size, alloc, { x: pad, y: pad, width: n, height: n }).data;
}

/**
 * Merge the soft look `soft` into the first pass's map `first` (both over `grid`, the photo at the model's
 * input size), in place, returning whether it did: the per-cell maximum, the soft look weighed by the photo's
 * grain there. Taken when the first pass found little hair and the soft look several times more; without a
 * face (`face` false), also when it found under 30 % and the soft look is sure of half as much again, and then
 * only its sure cells are merged.
 */
export function adoptSoftLook(first: Float32Array, soft: Float32Array, grid: Rgb, alloc: Alloc, face: boolean): boolean {
  const found = hairShare(first);
  // the soft look's cells that are merged: all of them, or (the wider gate) only the sure ones
  let atLeast: number;
  if (found < LITTLE_HAIR && hairShare(soft) >= SEVERAL_TIMES * found) atLeast = 0;
  else if (!face && found < WITHOUT_FACE_BELOW && sureShare(first, soft) >= HALF_AS_MUCH_AGAIN * found) atLeast = SURE;
  else return false;
  const grain = meanGradient(grid, GRAIN_RADIUS, alloc);
  for (let i = 0; i < first.length; i++) {
    if (soft[i] < atLeast) continue;
    const v = soft[i] * Math.min(1, Math.max(0, (grain[i] - SMOOTH) / (GRAINED - SMOOTH)));
    if (v > first[i]) first[i] = v;
  }
  return true;
}

/** Share of the cells that are the first pass's hair or the soft look's sure hair. */
function sureShare(first: Float32Array, soft: Float32Array): number {
  let n = 0;
  for (let i = 0; i < first.length; i++) if (first[i] > 0.5 || soft[i] >= SURE) n++;
  return n / first.length;
}
