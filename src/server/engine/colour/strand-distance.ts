/**
 * How far along its strand each hair pixel is from the scalp, 0 at the roots to 1 at the ends: the
 * coordinate techniques are placed on (decision 085). Measured as the shortest path through the hair itself
 * from the scalp, so a lock over the shoulder, a ponytail or a curl that turns upwards still goes from roots
 * to ends, where a straight crown-to-chin axis would put tips of hair lying on a shoulder at "mid-length"
 * and the top of an upturned curl at the roots.
 *
 * Coarse grid (cells of ~1/256 of the long side), hair = cells whose mean matte is ≥ 0.35; the start = the
 * crown and parting (the topmost hair over the middle of the head, with or without a face); distance
 * by chamfer passes (8-neighbour, costs 1 and √2) repeated until stable. Hair the path cannot reach (a lock
 * separated from the head) falls back to the crown-to-tips axis.
 */
import type { Box } from '../image/raster';
import type { Alloc } from '../image/scratch';

export interface HeadAxis {
  cx: number;
  cy: number;
  ux: number;
  uy: number;
  faceWidth: number;
}

/** A point's place across the head: face widths from the head's axis, negative on the photo's left. */
export function acrossHead(head: HeadAxis, x: number, y: number): number {
  return (-(x - head.cx) * head.uy + (y - head.cy) * head.ux) / head.faceWidth;
}

export interface StrandField {
  /** 0..1 per cell; -1 where there is no hair or no path. */
  t: Float32Array;
  /**
   * Where on the scalp the path to each cell starts: across the head, in face widths from the head's axis
   * (negative on the photo's left). A streak "from the parting" follows its strands by this.
   */
  rootSide: Float32Array;
  x0: number;
  y0: number;
  gw: number;
  gh: number;
  cell: number;
}

/** The matte the strands are traced through: its values, the image's size, and the box where it can be non-zero. */
export interface HairMatte {
  alpha: Float32Array;
  width: number;
  height: number;
  box: Box;
}

/** The coarse grid over the matte's box: cell size (px), cells a row, and each cell's matte sum and pixel count. */
interface CellSums {
  cell: number;
  gw: number;
  sum: Float32Array;
  cnt: Float32Array;
}

const INF = 1e9;
/** Cells of about 1/GRID_CELLS of the image's long side, at least 2 px. */
const GRID_CELLS = 256;
/** A cell is hair when its mean matte is at least this. */
const HAIR_CELL = 0.35;
/** The scalp's start: cells within PARTING_HALF_WIDTH face widths of the head's axis … */
const PARTING_HALF_WIDTH = 0.6;
/** … and within PARTING_DEPTH face widths below the topmost hair there. */
const PARTING_DEPTH = 0.2;
/** Chamfer passes (down and up) at most: paths that turn back more often than this stay at their first length. */
const MAX_PASSES = 6;
/** The ends: this percentile of the distances reached … */
const ENDS_PERCENTILE = 0.97;
/** … and at least this many face widths from the scalp. */
const ENDS_MIN_FACES = 1.2;

/**
 * Each cell's matte sum and pixel count, a cell's run of a row at a time. The sum is rounded to float32 after
 * every pixel, as when it was added into the plane pixel by pixel: the same figures, twice as fast.
 */
function cellSums(matte: HairMatte, cells: CellSums): void {
  const { alpha, width: w, box } = matte;
  const { cell, gw, sum, cnt } = cells;
  for (let y = box.y0; y <= box.y1; y++) {
    const rowG = (((y - box.y0) / cell) | 0) * gw;
    const row = y * w;
    for (let gx = 0; gx < gw; gx++) {
      const xa = box.x0 + gx * cell;
      const xb = Math.min(box.x1, xa + cell - 1);
      let s = sum[rowG + gx];
      for (let x = xa; x <= xb; x++) s = Math.fround(s + alpha[row + x]);
      sum[rowG + gx] = s;
      cnt[rowG + gx] += xb - xa + 1;
    }
  }
}

export function strandField(matte: HairMatte, head: HeadAxis, alloc: Alloc): StrandField {
  const { width: w, height: h, box } = matte;
  const cell = Math.max(2, Math.round(Math.max(w, h) / GRID_CELLS));
  const x0 = box.x0;
  const y0 = box.y0;
  const gw = Math.ceil((box.x1 - x0 + 1) / cell);
  const gh = Math.ceil((box.y1 - y0 + 1) / cell);
  const n = gw * gh;
  const sum = alloc.f32(n);
  const cnt = alloc.f32(n);
  cellSums(matte, { cell, gw, sum, cnt });
  const dist = alloc.f32(n, false).fill(INF);
  const side = alloc.f32(n);
  const fw = head.faceWidth;
  // the scalp's start: the crown and parting, i.e. the topmost hair over the middle of the head (strands run
  // from there down over the head and on; hair on the sides of the head is already some way along)
  let top = Infinity;
  let anyTop = Infinity;
  for (let g = 0; g < n; g++) {
    if (sum[g] < HAIR_CELL * cnt[g]) {
      sum[g] = -1; // not hair
      continue;
    }
    const px = x0 + ((g % gw) + 0.5) * cell;
    const py = y0 + (((g / gw) | 0) + 0.5) * cell;
    const along = (px - head.cx) * head.ux + (py - head.cy) * head.uy;
    const across = acrossHead(head, px, py);
    anyTop = Math.min(anyTop, along);
    if (Math.abs(across) < PARTING_HALF_WIDTH) top = Math.min(top, along);
  }
  if (!Number.isFinite(top)) top = anyTop;
  for (let g = 0; g < n; g++) {
    if (sum[g] < 0) continue;
    const px = x0 + ((g % gw) + 0.5) * cell;
    const py = y0 + (((g / gw) | 0) + 0.5) * cell;
    const along = (px - head.cx) * head.ux + (py - head.cy) * head.uy;
    const across = acrossHead(head, px, py);
    if (Math.abs(across) < PARTING_HALF_WIDTH && along < top + PARTING_DEPTH * fw) {
      dist[g] = 0;
      side[g] = across;
    }
  }
  const D = Math.SQRT2;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let changed = false;
    for (let gy = 0; gy < gh; gy++) {
      for (let gx = 0; gx < gw; gx++) {
        const g = gy * gw + gx;
        if (sum[g] < 0) continue;
        let d = dist[g];
        let from = -1;
        if (gx > 0 && dist[g - 1] + 1 < d) {
          d = dist[g - 1] + 1;
          from = g - 1;
        }
        if (gy > 0) {
          if (dist[g - gw] + 1 < d) {
            d = dist[g - gw] + 1;
            from = g - gw;
          }
          if (gx > 0 && dist[g - gw - 1] + D < d) {
            d = dist[g - gw - 1] + D;
            from = g - gw - 1;
          }
          if (gx < gw - 1 && dist[g - gw + 1] + D < d) {
            d = dist[g - gw + 1] + D;
            from = g - gw + 1;
          }
        }
        if (from >= 0) {
          dist[g] = d;
          side[g] = side[from];
          changed = true;
        }
      }
    }
    for (let gy = gh - 1; gy >= 0; gy--) {
      for (let gx = gw - 1; gx >= 0; gx--) {
        const g = gy * gw + gx;
        if (sum[g] < 0) continue;
        let d = dist[g];
        let from = -1;
        if (gx < gw - 1 && dist[g + 1] + 1 < d) {
          d = dist[g + 1] + 1;
          from = g + 1;
        }
        if (gy < gh - 1) {
          if (dist[g + gw] + 1 < d) {
            d = dist[g + gw] + 1;
            from = g + gw;
          }
          if (gx > 0 && dist[g + gw - 1] + D < d) {
            d = dist[g + gw - 1] + D;
            from = g + gw - 1;
          }
          if (gx < gw - 1 && dist[g + gw + 1] + D < d) {
            d = dist[g + gw + 1] + D;
            from = g + gw + 1;
          }
        }
        if (from >= 0) {
          dist[g] = d;
          side[g] = side[from];
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
  // ends: the 97th percentile of the distances reached, at least 1.2 face widths (short hair is all roots
  // and mid-lengths, not stretched to "ends")
  // a typed array, sorted natively (a comparator over an array of numbers boxes every value it compares)
  const all = new Float32Array(n);
  let m = 0;
  for (let g = 0; g < n; g++) if (sum[g] >= 0 && dist[g] < INF) all[m++] = dist[g];
  const reached = all.subarray(0, m).sort();
  const end = Math.max(reached.length ? reached[Math.floor(reached.length * ENDS_PERCENTILE)] : 1, (ENDS_MIN_FACES * fw) / cell, 1);
  const t = alloc.f32(n);
  for (let g = 0; g < n; g++) t[g] = sum[g] < 0 || dist[g] >= INF ? -1 : Math.min(1, dist[g] / end);
  return { t, rootSide: side, x0, y0, gw, gh, cell };
}

/** rootSide of the cell at pixel (x, y) (nearest cell), NaN where the path did not reach. */
export function strandRootSide(f: StrandField, x: number, y: number): number {
  const gx = Math.min(f.gw - 1, Math.max(0, ((x - f.x0) / f.cell) | 0));
  const gy = Math.min(f.gh - 1, Math.max(0, ((y - f.y0) / f.cell) | 0));
  const g = gy * f.gw + gx;
  return f.t[g] < 0 ? NaN : f.rootSide[g];
}

/** t at pixel (x, y): its cell's (t changes by well under 1 % from cell to cell); -1 where unreached. */
export function strandT(f: StrandField, x: number, y: number): number {
  const gx = Math.min(f.gw - 1, Math.max(0, ((x - f.x0) / f.cell) | 0));
  const gy = Math.min(f.gh - 1, Math.max(0, ((y - f.y0) / f.cell) | 0));
  return f.t[gy * f.gw + gx];
}
