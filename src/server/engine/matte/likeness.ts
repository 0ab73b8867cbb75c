/**
 * Hair the network half-missed, found by its likeness to the hair it did find (decision 125). On locs, curls
 * and braids the hair model leaves holes and gaps inside the hair, and stops short of locks it is unsure of.
 * This photo's own hair tells what its hair looks like: the cells the network is sure of give a histogram
 * of colour and texture (hair is fine-grained; walls, skin and most clothes are smoother), the cells it is
 * sure are not hair give another. Their ratio is evidence added to the network's own probability, and cells
 * that the combined belief calls hair are added where they connect to the kept hair within a reach set by
 * its size; kept cells it calls background are lowered. It works on the model grid, before the guided filter.
 */
import { meanGradient, type Rgb } from '../image/raster';
import type { Alloc } from '../image/scratch';

const COLOUR_BITS = 4;
const LEVELS = 1 << COLOUR_BITS;
/** Texture classes by mean luma gradient (0..255 scale, summed over x and y): smooth, soft, grained, coarse. */
const TEXTURE_EDGES = [6, 15, 35];
const TEXTURES = TEXTURE_EDGES.length + 1;
const BINS = LEVELS * LEVELS * LEVELS * TEXTURES;
/** Cells the network is this sure of are the hair's samples; below BACKGROUND_BELOW (and not kept), the background's. */
const SURE = 0.8;
const BACKGROUND_BELOW = 0.1;
/** The network's probability is kept this far from 0 and 1 as a prior, so strong likeness can overrule it. */
const PRIOR_FLOOR = 0.05;
/** Growth stops this many grid cells from the kept hair, as a fraction of the square root of its area. */
const REACH = 0.25;
/** Fewer samples than this on either side: no histogram to trust, nothing changes. */
const MIN_SAMPLES = 200;

/**
 * Grows (and trims) `kept`, the kept hair's probabilities on the gw×gh grid of `grid` (the photo stretched
 * to the hair model's input), using `prob`, the network's probability over the whole grid. Writes each
 * cell's likeness (log-odds of hair from its colour and grain alone) into `likeness` and returns true;
 * false, with nothing changed, when too little hair or background was found to learn from.
 */
export function growHairByLikeness(kept: Float32Array, prob: Float32Array, grid: Rgb, likeness: Float32Array, alloc: Alloc): boolean {
  const { width: gw, height: gh } = grid;
  const n = gw * gh;
  const bins = alloc.i32(n, false);
  binCells(grid, bins, alloc);
  const hair = alloc.f32(BINS);
  const background = alloc.f32(BINS);
  let nh = 0;
  let nb = 0;
  for (let i = 0; i < n; i++) {
    if (kept[i] >= SURE) {
      hair[bins[i]]++;
      nh++;
    } else if (kept[i] === 0 && prob[i] < BACKGROUND_BELOW) {
      background[bins[i]]++;
      nb++;
    }
  }
  if (nh < MIN_SAMPLES || nb < MIN_SAMPLES) return false;
  const spare = alloc.f32(BINS, false);
  blurColours(hair, spare);
  blurColours(background, spare);
  // log-likelihood ratio per bin; the blur spread each sample over 27 bins
  const llr = spare;
  const eh = 1 / (nh * 27);
  const eb = 1 / (nb * 27);
  for (let b = 0; b < BINS; b++) llr[b] = Math.log((hair[b] * eh + 1e-5) / (background[b] * eb + 1e-5));
  for (let i = 0; i < n; i++) likeness[i] = llr[bins[i]];
  const cells = { prob, bins, llr };
  grow(kept, cells, gw, gh, alloc);
  for (let i = 0; i < n; i++) {
    if (kept[i] < 0.5) continue;
    const e = evidence(cells, i);
    if (e < 0) kept[i] = 1 / (1 + Math.exp(-e));
  }
  return true;
}

/** The network's log-odds by probability, in 1/4096 steps, kept PRIOR_FLOOR from 0 and 1. */
const PRIOR_STEPS = 4096;
const PRIOR_LOGIT = Float32Array.from({ length: PRIOR_STEPS + 1 }, (_, k) => {
  const p = Math.min(1 - PRIOR_FLOOR, Math.max(PRIOR_FLOOR, k / PRIOR_STEPS));
  return Math.log(p / (1 - p));
});

interface Cells {
  prob: Float32Array;
  bins: Int32Array;
  llr: Float32Array;
}

/** A cell's log-odds of hair: the network's prior plus its likeness; ≥ 0 is hair. */
function evidence(c: Cells, i: number): number {
  return PRIOR_LOGIT[Math.round(c.prob[i] * PRIOR_STEPS)] + c.llr[c.bins[i]];
}

/** Each cell's histogram bin: its colour (16 levels a channel) and its texture class. */
function binCells(grid: Rgb, bins: Int32Array, alloc: Alloc): void {
  const { width: gw, height: gh, data: d } = grid;
  const n = gw * gh;
  const texture = meanGradient(grid, 2, alloc);
  const shift = 8 - COLOUR_BITS;
  for (let i = 0; i < n; i++) {
    const colour = ((d[i * 3] >> shift) << (2 * COLOUR_BITS)) | ((d[i * 3 + 1] >> shift) << COLOUR_BITS) | (d[i * 3 + 2] >> shift);
    const t = texture[i];
    bins[i] = colour * TEXTURES + (t < TEXTURE_EDGES[0] ? 0 : t < TEXTURE_EDGES[1] ? 1 : t < TEXTURE_EDGES[2] ? 2 : 3);
  }
}

/** 3×3×3 box sum over the colour axes of a histogram, in place, so a sample speaks for its neighbouring colours. */
function blurColours(h: Float32Array, spare: Float32Array): void {
  let src = h;
  let dst = spare;
  // three passes, one per colour axis: the result ends in `spare`, so a fourth copy brings it back
  for (const stride of [TEXTURES, LEVELS * TEXTURES, LEVELS * LEVELS * TEXTURES]) {
    for (let b = 0; b < BINS; b++) {
      const c = Math.floor(b / stride) % LEVELS;
      let s = src[b];
      if (c > 0) s += src[b - stride];
      if (c < LEVELS - 1) s += src[b + stride];
      dst[b] = s;
    }
    [src, dst] = [dst, src];
  }
  if (src !== h) h.set(src);
}

/** Breadth-first growth from the kept hair (≥ ½) through cells the evidence calls hair, up to the reach. */
function grow(kept: Float32Array, cells: Cells, gw: number, gh: number, alloc: Alloc): void {
  const n = gw * gh;
  const g: Growth = { kept, cells, dist: alloc.i32(n, false), queue: alloc.i32(n, false), tail: 0 };
  const { dist, queue } = g;
  for (let i = 0; i < n; i++) {
    if (kept[i] >= 0.5) {
      dist[i] = 0;
      queue[g.tail++] = i;
    } else dist[i] = -1;
  }
  const reach = Math.max(4, Math.round(Math.sqrt(g.tail) * REACH));
  for (let head = 0; head < g.tail; head++) {
    const i = queue[head];
    const d = dist[i] + 1;
    if (d > reach) continue;
    const x = i % gw;
    if (x > 0) visit(g, i - 1, d);
    if (x < gw - 1) visit(g, i + 1, d);
    if (i >= gw) visit(g, i - gw, d);
    if (i < n - gw) visit(g, i + gw, d);
  }
}

/** One growth: the hair kept so far, the evidence, each cell's distance (−1: not reached) and the queue up to `tail`. */
interface Growth {
  kept: Float32Array;
  cells: Cells;
  dist: Int32Array;
  queue: Int32Array;
  tail: number;
}

/** Reaches cell j at distance d when the evidence calls it hair: kept at its belief, and queued. */
function visit(g: Growth, j: number, d: number): void {
  if (g.dist[j] !== -1) return;
  const e = evidence(g.cells, j);
  if (e < 0) return;
  g.dist[j] = d;
  const belief = 1 / (1 + Math.exp(-e));
  if (belief > g.kept[j]) g.kept[j] = belief;
  g.queue[g.tail++] = j;
}
