/** Mask-weighted OKLab statistics of the hair: what the recolour maps from and the analysis reports. */
import type { OkLab } from '@shared/hair/oklab';
import type { Box, Rgb } from '../image/raster';
import { fresh, type Alloc } from '../image/scratch';
import { OKLAB_LUT, readLut } from './lut3d';
import type { Halves } from '../halves';

export interface LabStats {
  mean: OkLab;
  sd: OkLab;
  /** Weight (sum of matte values) the statistics came from; 0 means no hair. */
  weight: number;
  /**
   * Lightness for the colourist level: halfway between the mean and the 75th percentile, so shadowed
   * strands (which pull the mean down) count less than in a plain mean.
   */
  levelL: number;
  /** Lightness percentiles of the hair (25th, 50th, 90th), from the same histogram. */
  pL: { p25: number; p50: number; p90: number };
  /** Share of the hair that is grey or white (level-read.ts greyShare), when read. */
  grey?: number;
}

/**
 * The hair's colour: OKLab (through the LUT) of every pixel whose matte value ≥ minAlpha, as L,a,b triplets
 * with the index list in row order, and the statistics of the confident ones (alpha ≥ 0.5, weighted by
 * alpha), read in the same pass, in halves (halves.ts). `box` bounds where the matte can be non-zero.
 */
export async function hairColour(
  img: Rgb,
  alpha: Float32Array,
  alloc: Alloc = fresh,
  box: Box = { x0: 0, y0: 0, x1: img.width - 1, y1: img.height - 1 },
  halves: Halves,
): Promise<{ idx: Int32Array; lab: Float32Array; stats: LabStats }> {
  const w = img.width;
  const rowStart = new Int32Array(Math.max(0, box.y1 - box.y0 + 1));
  const n = countRows(alpha, w, box, rowStart);
  const job: ColourJob = {
    w,
    box,
    data: img.data,
    alpha,
    rowStart,
    // every hair pixel is written (n counts them)
    idx: alloc.i32(n, false),
    lab: alloc.f32(n * 3, false),
    sums: new Float64Array(new SharedArrayBuffer(2 * SUMS * 8)),
  };
  await halves({ kind: 'colour', job });
  const t = job.sums;
  for (let j = 0; j < SUMS; j++) t[j] += t[SUMS + j];
  return { idx: job.idx, lab: job.lab, stats: statsFrom(t.subarray(0, SUMS)) };
}

/**
 * Where each row's hair pixels start (rowStart), and how many there are. A sync function: loops in an async
 * one are not optimised while they run.
 */
function countRows(alpha: Float32Array, w: number, box: Box, rowStart: Int32Array): number {
  let n = 0;
  for (let y = box.y0; y <= box.y1; y++) {
    rowStart[y - box.y0] = n;
    for (let i = y * w + box.x0; i <= y * w + box.x1; i++) if (alpha[i] >= MIN_ALPHA) n++;
  }
  return n;
}

/** Matte values from which a pixel is read as (partly) hair. */
const MIN_ALPHA = 0.004;
/** … and from which it counts in the statistics, weighted by its matte (the soft edge is half background). */
const CONFIDENT = 0.5;
/** Bins of the lightness histogram over 0..1 (the percentiles' resolution). */
const BINS = 256;
/** Per part: weight, three weighted sums, three weighted sums of squares, then the lightness histogram. */
const SUMS = 7 + BINS;
/** Rows go to the two threads in alternate blocks of this many. */
const ROWS = 16;

export interface ColourJob {
  w: number;
  box: Box;
  data: Uint8Array;
  alpha: Float32Array;
  /** Where each row's hair pixels start in idx (row y at y − box.y0). */
  rowStart: Int32Array;
  idx: Int32Array;
  lab: Float32Array;
  /** Each part's sums (SUMS values a part). */
  sums: Float64Array;
}

/** Half of the rows (alternate blocks) of the hair's colour read: part 0 or 1. */
export function colourPart(job: ColourJob, part: 0 | 1): void {
  const { w, box, alpha, rowStart, idx, lab } = job;
  const d = job.data;
  let sw = 0;
  let sL = 0;
  let sa = 0;
  let sb = 0;
  let qL = 0;
  let qa = 0;
  let qb = 0;
  const hist = job.sums.subarray(part * SUMS + 7, (part + 1) * SUMS);
  const px = new Float32Array(3);
  for (let yb = box.y0 + part * ROWS; yb <= box.y1; yb += 2 * ROWS) {
    for (let y = yb; y < Math.min(yb + ROWS, box.y1 + 1); y++) {
      let k = rowStart[y - box.y0];
      for (let i = y * w + box.x0; i <= y * w + box.x1; i++) {
        const a = alpha[i];
        if (a < MIN_ALPHA) continue;
        idx[k] = i;
        readLut(OKLAB_LUT, d[i * 3], d[i * 3 + 1], d[i * 3 + 2], px);
        const L = px[0];
        const A = px[1];
        const B = px[2];
        lab[k * 3] = L;
        lab[k * 3 + 1] = A;
        lab[k * 3 + 2] = B;
        if (a >= CONFIDENT) {
          sw += a;
          sL += a * L;
          sa += a * A;
          sb += a * B;
          qL += a * L * L;
          qa += a * A * A;
          qb += a * B * B;
          hist[Math.min(BINS - 1, Math.max(0, Math.floor(L * BINS)))] += a;
        }
        k++;
      }
    }
  }
  job.sums.set([sw, sL, sa, sb, qL, qa, qb], part * SUMS);
}

/** The statistics from one part's sums (the layout of SUMS: weight, the three sums, the three squares, the histogram). */
function statsFrom(sums: Float64Array): LabStats {
  const [w, sL, sa, sb, qL, qa, qb] = sums;
  const hist = sums.subarray(7);
  if (w === 0) return { mean: { L: 0, a: 0, b: 0 }, sd: { L: 0, a: 0, b: 0 }, weight: 0, levelL: 0, pL: { p25: 0, p50: 0, p90: 0 } };
  const mean = { L: sL / w, a: sa / w, b: sb / w };
  // E[x²] − E[x]² in float64: the values are ≤ 1 and the spreads ≥ 1e-3, far above its rounding
  const sd = (q: number, m: number) => Math.sqrt(Math.max(0, q / w - m * m));
  const pct = (q: number) => histogramQuantile(hist, w, q);
  return {
    mean,
    sd: { L: sd(qL, mean.L), a: sd(qa, mean.a), b: sd(qb, mean.b) },
    weight: w,
    levelL: levelLightness(mean.L, hist, w),
    pL: { p25: pct(0.25), p50: pct(0.5), p90: pct(0.9) },
  };
}

/** The value (0..1, bin centres) below which a `q` share of the `total` weight of a 256-bin histogram over 0..1 lies. */
export function histogramQuantile(hist: Float64Array, total: number, q: number): number {
  let acc = 0;
  let bin = 0;
  while (bin < BINS - 1 && acc + hist[bin] < q * total) acc += hist[bin++];
  return (bin + 0.5) / BINS;
}

/** LabStats.levelL from the lightness mean and the lightness histogram: halfway between the mean and the 75th percentile. */
export function levelLightness(meanL: number, hist: Float64Array, total: number): number {
  return 0.5 * (meanL + histogramQuantile(hist, total, 0.75));
}
