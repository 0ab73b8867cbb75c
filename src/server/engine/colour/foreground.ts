/**
 * The hair's own colour at the soft edge of the matte. A pixel there is a mix: I = α·F + (1 − α)·B of hair F
 * and whatever is behind (skin at the hairline, a bright wall between curls). Recolouring I itself treats
 * that mix as a very light or odd-coloured strand: the white rim along the hairline and the halo on the outer
 * edge. Instead F is estimated and only it changes: out = I + α·(T(F) − F), the background share is kept.
 *
 * Estimate: blur-fusion (one pass of Forte & Pitié's "approximate fast foreground colour estimation", 2021):
 * F = F̄ + α·(I − α·F̄ − (1 − α)·B̄), where F̄ and B̄ are the α²- and (1 − α)²-weighted local means of the
 * photo, in linear light. The local means are taken on a grid of `cell`-pixel cells (they are smooth by
 * construction), so the cost is a few box filters on a small grid plus work at the edge pixels only.
 *
 * The estimate is kept between the pixel's own colour and the hair's local mean (decision 134). Dark hair's
 * light is a few hundredths of skin's, so next to a bright background a small error in α alone could pull F
 * to black or past the hair, and a lift would amplify it into an outline.
 *
 * Where the background is much lighter than the hair, the matte's α is also checked against the pixel's colour
 * (decision 205): a pixel whose colour lies part of the way from the local hair mean to the local background
 * mean is at most that much hair. The network's soft
 * edge often sits a few pixels outside dark hair against a bright wall (α 0.95 on a pixel that is half wall);
 * read as hair, those mixed pixels were the lightest "strands" of the hair, and a lift mapped them past the
 * target into the knee: a white rim around the head.
 */
import { boxMean, lumaLinear, SRGB_TO_LINEAR, type Box, type Rgb } from '../image/raster';
import type { Alloc } from '../image/scratch';

export interface ForegroundGrid {
  /** α-weighted mean colour (F̄) and (1 − α)-weighted mean colour (B̄) per cell, linear RGB. */
  f: Float32Array;
  b: Float32Array;
  x0: number;
  y0: number;
  gw: number;
  gh: number;
  cell: number;
}

/** The grid's set-up: its size, and every plane it fills, taken from `alloc` (so on shared memory in a run). */
export interface ForegroundJob {
  grid: ForegroundGrid;
  /** The photo's pixels (RGB) and width, the matte, and the region the cells cover (inclusive). */
  data: Uint8Array;
  w: number;
  alpha: Float32Array;
  x1: number;
  y1: number;
  /** Box filter radius in cells. */
  r: number;
  /** Sums per cell (α²·RGB, α², (1−α)²·RGB, (1−α)²), then the same blurred. */
  sums: Float32Array[];
  blurred: Float32Array[];
}

/** Cells of about 1/GRID_CELLS of the image's long side, at least 2 px. */
const GRID_CELLS = 400;

/** Local means of hair and background around the matte's box, on a coarse grid: the job; foregroundFill fills it. */
export function foregroundJob(img: Rgb, alpha: Float32Array, box: Box, radiusPx: number, alloc: Alloc): ForegroundJob {
  const w = img.width;
  const h = img.height;
  const cell = Math.max(2, Math.round(Math.max(w, h) / GRID_CELLS));
  const x0 = Math.max(0, box.x0 - radiusPx);
  const y0 = Math.max(0, box.y0 - radiusPx);
  const x1 = Math.min(w - 1, box.x1 + radiusPx);
  const y1 = Math.min(h - 1, box.y1 + radiusPx);
  const gw = Math.ceil((x1 - x0 + 1) / cell);
  const gh = Math.ceil((y1 - y0 + 1) / cell);
  const n = gw * gh;
  const sums = Array.from({ length: 8 }, () => alloc.f32(n));
  const blurred = Array.from({ length: 8 }, () => alloc.f32(n, false));
  const grid = { f: alloc.f32(n * 3, false), b: alloc.f32(n * 3, false), x0, y0, gw, gh, cell };
  return { grid, data: img.data, w, alpha, x1, y1, r: Math.max(1, Math.round(radiusPx / cell)), sums, blurred };
}

/** Fills the job's grid (pure: from the photo and the matte alone, on whichever thread runs it). */
export function foregroundFill(job: ForegroundJob): void {
  const { data: d, w, alpha, x1, y1, r } = job;
  const { x0, y0, gw, gh, cell } = job.grid;
  const n = gw * gh;
  // sums per cell: α²·RGB, α², (1−α)²·RGB, (1−α)² (local typed arrays: this loop runs over the whole box)
  const [far, fag, fab, fa, bar, bag, bab, ba] = job.sums;
  // every other pixel of every other row once cells are 4 px or more: the means are blurred over several
  // cells, so a quarter of the pixels gives the same estimate (this loop visits the whole box)
  const step = cell >= 4 ? 2 : 1;
  const cellOfX = new Int32Array(x1 - x0 + 1);
  for (let x = x0; x <= x1; x++) cellOfX[x - x0] = ((x - x0) / cell) | 0;
  for (let y = y0; y <= y1; y += step) {
    const rowG = (((y - y0) / cell) | 0) * gw;
    for (let x = x0; x <= x1; x += step) {
      const i = y * w + x;
      const g = rowG + cellOfX[x - x0];
      // weights α² and (1 − α)²: confident pixels dominate the means (half-mixed edge pixels would pull the
      // hair estimate towards the background and make a rim)
      const a = alpha[i] * alpha[i];
      const ia = (1 - alpha[i]) * (1 - alpha[i]);
      const r = SRGB_TO_LINEAR[d[i * 3]];
      const gg = SRGB_TO_LINEAR[d[i * 3 + 1]];
      const b = SRGB_TO_LINEAR[d[i * 3 + 2]];
      far[g] += a * r;
      fag[g] += a * gg;
      fab[g] += a * b;
      fa[g] += a;
      bar[g] += ia * r;
      bag[g] += ia * gg;
      bab[g] += ia * b;
      ba[g] += ia;
    }
  }
  const blurred = job.blurred;
  for (let k = 0; k < 8; k++) boxMean(job.sums[k], gw, gh, r, blurred[k]);
  const { f, b: bg } = job.grid;
  for (let g = 0; g < n; g++) {
    const sa = blurred[3][g];
    const sb = blurred[7][g];
    for (let c = 0; c < 3; c++) {
      f[g * 3 + c] = sa > 1e-6 ? blurred[c][g] / sa : 0;
      bg[g * 3 + c] = sb > 1e-6 ? blurred[4 + c][g] / sb : 0;
    }
  }
}

/**
 * The colour's α is read only where hair and background differ by at least this (squared distance of their
 * local means, linear RGB): with the two alike, a pixel's colour says nothing about how much of it is hair.
 */
const MIN_CONTRAST = 0.01;
/**
 * … and only where the background's luma is more than this many times the hair's: beside a background a little
 * lighter (blonde curls on a pale wall, the coarse fallback matte's wide edge over real hair) the hair's own
 * light strands lie towards it, and were read as part wall (strand detail of copper on curly-blonde's
 * fallback matte fell to 0.82 at any lighter background, 0.93 from twice as light).
 */
const BACKGROUND_LIGHTER = 2;

/**
 * The foreground (hair) colour of the photo's edge pixel i with matte value a, in linear RGB, written into
 * out[0..2]; returns the hair's share of the pixel: `a`, or less where the pixel's colour lies part of the way
 * from the hair around it to the background around it (decision 205). The cell's means are read with bilinear
 * interpolation between cell centres.
 */
export function foregroundAt(grid: ForegroundGrid, photo: Pick<Rgb, 'data' | 'width'>, i: number, a: number, out: Float32Array): number {
  const d = photo.data;
  const w = photo.width;
  const y = (i / w) | 0;
  const x = i - y * w;
  const fx = Math.min(grid.gw - 1, Math.max(0, (x - grid.x0 + 0.5) / grid.cell - 0.5));
  const fy = Math.min(grid.gh - 1, Math.max(0, (y - grid.y0 + 0.5) / grid.cell - 0.5));
  const cx = Math.min(grid.gw - 2, Math.floor(fx));
  const cy = Math.min(grid.gh - 2, Math.floor(fy));
  const tx = Math.max(0, Math.min(1, fx - cx));
  const ty = Math.max(0, Math.min(1, fy - cy));
  const g00 = (Math.max(0, cy) * grid.gw + Math.max(0, cx)) * 3;
  const g01 = g00 + (grid.gw > 1 ? 3 : 0);
  const g10 = g00 + (grid.gh > 1 ? grid.gw * 3 : 0);
  const g11 = g10 + (grid.gw > 1 ? 3 : 0);
  const f = grid.f;
  const bg = grid.b;
  const w00 = (1 - tx) * (1 - ty);
  const w01 = tx * (1 - ty);
  const w10 = (1 - tx) * ty;
  const w11 = tx * ty;
  const Fs = out;
  const Bs = BG;
  for (let c = 0; c < 3; c++) {
    Fs[c] = f[g00 + c] * w00 + f[g01 + c] * w01 + f[g10 + c] * w10 + f[g11 + c] * w11;
    Bs[c] = bg[g00 + c] * w00 + bg[g01 + c] * w01 + bg[g10 + c] * w10 + bg[g11 + c] * w11;
  }
  // the colour's own α, where the background is much the lighter: how far along the line from the background
  // around to the hair around the pixel lies. Beside a darker background (a dark room, a hole in the matte
  // inside dark hair) the hair's own darkest strands lie towards it and would be left unpainted: not there.
  if (lumaLinear(Bs[0], Bs[1], Bs[2]) > BACKGROUND_LIGHTER * lumaLinear(Fs[0], Fs[1], Fs[2])) {
    let dot = 0;
    let den = 0;
    for (let c = 0; c < 3; c++) {
      dot += (SRGB_TO_LINEAR[d[i * 3 + c]] - Bs[c]) * (Fs[c] - Bs[c]);
      den += (Fs[c] - Bs[c]) * (Fs[c] - Bs[c]);
    }
    if (den >= MIN_CONTRAST && dot < a * den) a = dot > 0 ? dot / den : 0;
  }
  for (let c = 0; c < 3; c++) {
    const F = Fs[c];
    const B = Bs[c];
    const I = SRGB_TO_LINEAR[d[i * 3 + c]];
    const v = F + a * (I - a * F - (1 - a) * B);
    // kept between the pixel and the hair around it: beside bright skin, a matte a few per cent off made the
    // background's share outweigh dark hair's whole light, the estimate fell to black, and a lift painted the
    // edge its darkest tone (a dark outline along the face)
    const lo = I < F ? I : F;
    const hi = I < F ? F : I;
    out[c] = v < lo ? lo : v > hi ? hi : v;
  }
  return a;
}

/** The background means of foregroundAt's pixel (one thread's scratch: foregroundAt runs to the end in one go). */
const BG = new Float32Array(3);
