/**
 * Colour functions of 8-bit sRGB baked into a 33³ grid and read back with trilinear interpolation: the 3D
 * LUT of colour grading. Converting each hair pixel to OKLab (three cube roots) and mapping it cost ~80 ns
 * a pixel; a LUT read costs a fraction of that, and a request's mapping is baked once over 35,937 nodes.
 *
 * The grid is spaced evenly in the cube root of linear light per channel, the space OKLab itself is built
 * on, so interpolation is almost exact where it matters (dark hair): against exact OKLab on the fixture
 * portraits, mean ΔE OK 0.0003 and max 0.0015, where a just-noticeable difference is about 0.02. A grid
 * even in sRGB code values instead was off by up to 0.047 near black.
 */
import { linearRgbToOklabInto } from '@shared/hair/oklab';

const LUT_N = 33;
const STRIDE_B = 3;
const STRIDE_G = LUT_N * 3;
const STRIDE_R = LUT_N * LUT_N * 3;

/** Linear light of grid node k: even steps of cube root. */
const NODE_LINEAR = Float64Array.from({ length: LUT_N }, (_, k) => (k / (LUT_N - 1)) ** 3);

/** For each 8-bit code: the grid cell it falls in and where in it, measured in cube root of linear light. */
const CELL = new Int32Array(256);
const FRAC = new Float32Array(256);
for (let v = 0; v < 256; v++) {
  const s = v / 255;
  const t = Math.cbrt(s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4) * (LUT_N - 1);
  const k = Math.min(LUT_N - 2, Math.floor(t));
  CELL[v] = k;
  FRAC[v] = t - k;
}

/** N³ nodes × 3 values, red-major. */
export type Lut3d = Float32Array;

/** OKLab of every grid node: read at a pixel, the pixel's OKLab. */
export const OKLAB_LUT: Lut3d = (() => {
  const lut = new Float32Array(LUT_N * LUT_N * LUT_N * 3);
  for (let r = 0; r < LUT_N; r++)
    for (let g = 0; g < LUT_N; g++)
      for (let b = 0; b < LUT_N; b++) linearRgbToOklabInto(NODE_LINEAR[r], NODE_LINEAR[g], NODE_LINEAR[b], lut, r * STRIDE_R + g * STRIDE_G + b * STRIDE_B);
  return lut;
})();

/** A LUT of fn applied to every node's OKLab; fn writes its three values into out. */
export function bakeLut(fn: (L: number, a: number, b: number, out: Float64Array) => void): Lut3d {
  const lut = new Float32Array(OKLAB_LUT.length);
  const tmp = new Float64Array(3);
  for (let o = 0; o < lut.length; o += 3) {
    fn(OKLAB_LUT[o], OKLAB_LUT[o + 1], OKLAB_LUT[o + 2], tmp);
    lut[o] = tmp[0];
    lut[o + 1] = tmp[1];
    lut[o + 2] = tmp[2];
  }
  return lut;
}

/** Trilinear read of the LUT at the 8-bit colour (r, g, b), written into out[o], out[o+1], out[o+2]. */
export function readLut(lut: Lut3d, r: number, g: number, b: number, out: Float32Array | Float64Array, o: number): void {
  const fr = FRAC[r];
  const fg = FRAC[g];
  const fb = FRAC[b];
  let p = CELL[r] * STRIDE_R + CELL[g] * STRIDE_G + CELL[b] * STRIDE_B;
  for (let c = 0; c < 3; c++, p++) {
    const c00 = lut[p] + (lut[p + STRIDE_B] - lut[p]) * fb;
    const c01 = lut[p + STRIDE_G] + (lut[p + STRIDE_G + STRIDE_B] - lut[p + STRIDE_G]) * fb;
    const q = p + STRIDE_R;
    const c10 = lut[q] + (lut[q + STRIDE_B] - lut[q]) * fb;
    const c11 = lut[q + STRIDE_G] + (lut[q + STRIDE_G + STRIDE_B] - lut[q + STRIDE_G]) * fb;
    const c0 = c00 + (c01 - c00) * fg;
    out[o + c] = c0 + (c10 + (c11 - c10) * fg - c0) * fr;
  }
}
