/**
 * Colour functions of 8-bit sRGB baked into a 33³ grid and read back with tetrahedral interpolation: the 3D
 * LUT of colour grading. Converting each hair pixel to OKLab (three cube roots) and mapping it cost ~80 ns
 * a pixel; a LUT read costs a fraction of that, and a request's mapping is baked only at the nodes its pixels reach.
 *
 * The grid is spaced evenly in the cube root of linear light per channel, the space OKLab itself is built
 * on, so interpolation is almost exact where it matters (dark hair). Against exact OKLab over every colour
 * (every third blue code): tetrahedral mean ΔE OK 0.00009 and max 0.0009, trilinear 0.00016 and 0.0016,
 * where a just-noticeable difference is about 0.02. A grid even in sRGB code values instead was off by up
 * to 0.047 near black. Tetrahedral reads four corners of the cell where trilinear reads eight: the hair's
 * colour read and the paint took ~15 % less time, and 0.4 % of the result's bytes moved by one level.
 */
import { linearRgbToOklabInto, srgbToLinear } from '@shared/hair/oklab';
import { linearToSrgb8 } from '../image/raster';

const LUT_N = 33;
const STRIDE_B = 3;
const STRIDE_G = LUT_N * 3;
const STRIDE_R = LUT_N * LUT_N * 3;

/** Linear light of grid node k: even steps of cube root. */
const NODE_LINEAR = Float64Array.from({ length: LUT_N }, (_, k) => (k / (LUT_N - 1)) ** 3);

/**
 * Fine steps for colours between 8-bit codes in deep shadow (below code FINE_BELOW), where one code step is
 * a large step of lightness: a read at index 256 + k is at cube root of light (k / (FINE − 1)) · FINE_TOP.
 * Deep shadow smoothed before a lift (deep-shadow.ts) is read there.
 */
const FINE = 1024;
const FINE_BELOW = 16;
const FINE_TOP = Math.cbrt(srgbToLinear(FINE_BELOW));

/** For each 8-bit code, then each fine step: the grid cell it falls in and where in it, in cube root of linear light. */
const CELL = new Int32Array(256 + FINE);
const FRAC = new Float32Array(256 + FINE);
for (let v = 0; v < 256 + FINE; v++) {
  const t = (v < 256 ? Math.cbrt(srgbToLinear(v)) : ((v - 256) / (FINE - 1)) * FINE_TOP) * (LUT_N - 1);
  const k = Math.min(LUT_N - 2, Math.floor(t));
  CELL[v] = k;
  FRAC[v] = t - k;
}

/** The index readLut takes for a channel of linear light v: a fine step in deep shadow, the nearest 8-bit code above. */
export function lutIndex(v: number): number {
  const c = Math.cbrt(v > 0 ? v : 0);
  return c < FINE_TOP ? 256 + Math.round((c / FINE_TOP) * (FINE - 1)) : linearToSrgb8(v);
}

type NodeFn = (L: number, a: number, b: number, out: Float64Array) => void;

/**
 * N³ nodes × 3 values, red-major. A mapping's nodes are baked when a pixel first reads the cell they bound:
 * a photo's hair covers a few hundred of the 32,768 cells, and baking all 35,937 nodes through the shade map
 * took as long as reading every hair pixel.
 */
export interface Lut3d {
  values: Float32Array;
  /** Per cell (r, g, b red-major, 32 a side): 1 once its eight corner nodes are baked. */
  cellReady: Uint8Array;
  nodeReady: Uint8Array;
  fn: NodeFn | null;
  tmp: Float64Array;
}

const CELLS = LUT_N - 1;

/** OKLab of every grid node: read at a pixel, the pixel's OKLab. */
export const OKLAB_LUT: Lut3d = (() => {
  const values = new Float32Array(LUT_N * LUT_N * LUT_N * 3);
  for (let r = 0; r < LUT_N; r++)
    for (let g = 0; g < LUT_N; g++)
      for (let b = 0; b < LUT_N; b++) linearRgbToOklabInto(NODE_LINEAR[r], NODE_LINEAR[g], NODE_LINEAR[b], values, r * STRIDE_R + g * STRIDE_G + b * STRIDE_B);
  return {
    values,
    cellReady: new Uint8Array(CELLS * CELLS * CELLS).fill(1),
    nodeReady: new Uint8Array(LUT_N * LUT_N * LUT_N).fill(1),
    fn: null,
    tmp: new Float64Array(3),
  };
})();

/** A LUT of fn applied to every node's OKLab; fn writes its three values into out. Nodes are baked as reads reach them. */
export function bakeLut(fn: NodeFn): Lut3d {
  return {
    values: new Float32Array(OKLAB_LUT.values.length),
    cellReady: new Uint8Array(CELLS * CELLS * CELLS),
    nodeReady: new Uint8Array(LUT_N * LUT_N * LUT_N),
    fn,
    tmp: new Float64Array(3),
  };
}

function bakeCell(lut: Lut3d, cr: number, cg: number, cb: number): void {
  const src = OKLAB_LUT.values;
  const v = lut.values;
  const tmp = lut.tmp;
  for (let dr = 0; dr < 2; dr++)
    for (let dg = 0; dg < 2; dg++)
      for (let db = 0; db < 2; db++) {
        const node = (cr + dr) * LUT_N * LUT_N + (cg + dg) * LUT_N + cb + db;
        if (lut.nodeReady[node]) continue;
        const o = node * 3;
        lut.fn!(src[o], src[o + 1], src[o + 2], tmp);
        v[o] = tmp[0];
        v[o + 1] = tmp[1];
        v[o + 2] = tmp[2];
        lut.nodeReady[node] = 1;
      }
  lut.cellReady[(cr * CELLS + cg) * CELLS + cb] = 1;
}

/** Tetrahedral read of the LUT at the 8-bit colour (r, g, b) (or fine indices, lutIndex), written into out[0..2]. */
export function readLut(lut: Lut3d, r: number, g: number, b: number, out: Float32Array): void {
  const fr = FRAC[r];
  const fg = FRAC[g];
  const fb = FRAC[b];
  const cr = CELL[r];
  const cg = CELL[g];
  const cb = CELL[b];
  if (!lut.cellReady[(cr * CELLS + cg) * CELLS + cb]) bakeCell(lut, cr, cg, cb);
  const v = lut.values;
  const p = cr * STRIDE_R + cg * STRIDE_G + cb * STRIDE_B;
  // the cell splits into six tetrahedra around its diagonal; the order of the three fractions picks the one
  // holding the colour: its corners are the cell's origin, one step along the largest fraction, a step along
  // each of the two largest, and the far corner, weighted by the differences between the sorted fractions.
  // The six cases are written out: on photo colours nested ternaries were 6–10 % slower, tables of corners
  // and fractions 12–25 %, and a destructuring assignment per case left 26 MB of arrays a photo.
  let o1: number;
  let o2: number;
  let w0: number;
  let w1: number;
  let w2: number;
  let w3: number;
  if (fr >= fg) {
    if (fg >= fb) {
      o1 = STRIDE_R;
      o2 = STRIDE_R + STRIDE_G;
      w0 = 1 - fr;
      w1 = fr - fg;
      w2 = fg - fb;
      w3 = fb;
    } else if (fr >= fb) {
      o1 = STRIDE_R;
      o2 = STRIDE_R + STRIDE_B;
      w0 = 1 - fr;
      w1 = fr - fb;
      w2 = fb - fg;
      w3 = fg;
    } else {
      o1 = STRIDE_B;
      o2 = STRIDE_R + STRIDE_B;
      w0 = 1 - fb;
      w1 = fb - fr;
      w2 = fr - fg;
      w3 = fg;
    }
  } else if (fr >= fb) {
    o1 = STRIDE_G;
    o2 = STRIDE_R + STRIDE_G;
    w0 = 1 - fg;
    w1 = fg - fr;
    w2 = fr - fb;
    w3 = fb;
  } else if (fg >= fb) {
    o1 = STRIDE_G;
    o2 = STRIDE_G + STRIDE_B;
    w0 = 1 - fg;
    w1 = fg - fb;
    w2 = fb - fr;
    w3 = fr;
  } else {
    o1 = STRIDE_B;
    o2 = STRIDE_G + STRIDE_B;
    w0 = 1 - fb;
    w1 = fb - fg;
    w2 = fg - fr;
    w3 = fr;
  }
  const o3 = STRIDE_R + STRIDE_G + STRIDE_B;
  out[0] = w0 * v[p] + w1 * v[p + o1] + w2 * v[p + o2] + w3 * v[p + o3];
  out[1] = w0 * v[p + 1] + w1 * v[p + o1 + 1] + w2 * v[p + o2 + 1] + w3 * v[p + o3 + 1];
  out[2] = w0 * v[p + 2] + w1 * v[p + o1 + 2] + w2 * v[p + o2 + 2] + w3 * v[p + o3 + 2];
}
