/**
 * Where balayage's ribbons run (issue 32 §6): a ribbon is a band of strands, so each cell of the strand field
 * takes the ribbon of the place on the scalp its strands start from (strand-distance.ts rootSide), not of its
 * own place across the head; a tilted head or hair swept to one side then keeps its ribbons along the hair.
 * Where neighbouring cells start from far-apart places (curls, a parting), the ribbon would change in one cell,
 * a hard line: the grid is smoothed over a few cells so it changes as a soft edge instead.
 */
import { boxMean } from '../image/raster';
import { acrossHead, type HeadAxis, type StrandField } from './strand-distance';

/** Widths across the head, in face widths: the ribbons' two interleaved periods and their start's period. */
const RIBBON_PERIOD = 0.3;
const RIBBON_WARP_PERIOD = 0.61;
/** How far the slower wave bends the ribbons, and the start's phase against them (radians). */
const RIBBON_WARP = 1.4;
const START_PHASE = 2.1;
const START_PERIOD = 0.47;
/** Where a ribbon starts, from roots (0) to ends (1): between these, by place. */
const START_MIN = 0.14;
const START_SPAN = 0.24;
/** Radius of the smoothing, in cells (~1/256 of the photo's long side each), applied twice. */
const SMOOTH_CELLS = 2;

export interface SweepGrid {
  /** Per cell: how much of a ribbon it is (0..1), and the ribbon's start from roots to ends. */
  ribbon: Float32Array;
  start: Float32Array;
  field: StrandField;
}

const ribbonAt = (side: number) =>
  0.5 + 0.5 * Math.sin((2 * Math.PI * side) / RIBBON_PERIOD + RIBBON_WARP * Math.sin((2 * Math.PI * side) / RIBBON_WARP_PERIOD));
const startAt = (side: number) => START_MIN + START_SPAN * (0.5 + 0.5 * Math.sin((2 * Math.PI * side) / START_PERIOD + START_PHASE));

/** The grid over the strand field; a cell no strand reached takes the ribbon of its own place across the head. */
export function sweepGrid(field: StrandField, head: HeadAxis): SweepGrid {
  const { gw, gh, cell, x0, y0 } = field;
  const n = gw * gh;
  const ribbon = new Float32Array(n);
  const start = new Float32Array(n);
  for (let g = 0; g < n; g++) {
    const side = field.t[g] >= 0 ? field.rootSide[g] : acrossHead(head, x0 + ((g % gw) + 0.5) * cell, y0 + (((g / gw) | 0) + 0.5) * cell);
    ribbon[g] = ribbonAt(side);
    start[g] = startAt(side);
  }
  for (const plane of [ribbon, start]) {
    const once = boxMean(plane, gw, gh, SMOOTH_CELLS);
    plane.set(boxMean(once, gw, gh, SMOOTH_CELLS));
  }
  return { ribbon, start, field };
}

/** A plane of the grid at pixel (x, y), bilinear between cell centres. */
function planeAt(plane: Float32Array, f: StrandField, x: number, y: number): number {
  const { gw, gh, cell, x0, y0 } = f;
  const fx = Math.min(gw - 1, Math.max(0, (x - x0) / cell - 0.5));
  const fy = Math.min(gh - 1, Math.max(0, (y - y0) / cell - 0.5));
  const gx = Math.min(Math.max(0, gw - 2), Math.floor(fx));
  const gy = Math.min(Math.max(0, gh - 2), Math.floor(fy));
  const ax = Math.min(1, fx - gx);
  const ay = Math.min(1, fy - gy);
  const g = gy * gw + gx;
  const right = gw > 1 ? 1 : 0;
  const down = gh > 1 ? gw : 0;
  return (plane[g] * (1 - ax) + plane[g + right] * ax) * (1 - ay) + (plane[g + down] * (1 - ax) + plane[g + down + right] * ax) * ay;
}

/** How much of a ribbon the pixel (x, y) is, 0..1; half of one everywhere without a grid. */
export function sweepAt(s: SweepGrid | null, x: number, y: number): number {
  return s ? planeAt(s.ribbon, s.field, x, y) : 0.5;
}

/** Where the ribbon at pixel (x, y) starts, from roots (0) to ends (1); the middle start without a grid. */
export function sweepStartAt(s: SweepGrid | null, x: number, y: number): number {
  return s ? planeAt(s.start, s.field, x, y) : START_MIN + START_SPAN / 2;
}
