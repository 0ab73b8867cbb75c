/** Plain typed-array rasters and the few resampling/filter primitives the engine needs. */
import { fresh, type Alloc } from './scratch';

/** Interleaved 8-bit RGB. */
export interface Rgb {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A rectangle of an image, inclusive pixel bounds (empty when x1 < x0). */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Single-channel float map (mattes, probabilities, lightness). */
export interface Plane {
  width: number;
  height: number;
  data: Float32Array;
}

/** Luma (Rec. 601) in [0,1] of pixel i of interleaved RGB data. */
export function lumaAt(d: Uint8Array, i: number): number {
  return (0.299 * d[i * 3] + 0.587 * d[i * 3 + 1] + 0.114 * d[i * 3 + 2]) / 255;
}

/** Relative luminance (Rec. 709) of a colour in linear light. */
export function lumaLinear(r: number, g: number, b: number): number {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** lumaAt of every pixel, as a plane; with `white` = 1 instead of 255, in code values (0..255). */
export function lumaPlane(img: Rgb, alloc: Alloc = fresh, white = 255): Float32Array {
  const n = img.width * img.height;
  const out = alloc.f32(n, false);
  const d = img.data;
  // lumaAt written out: this runs inlined into the guided filter's guideJob, whose inlining budget is spent by
  // then, and a call left in place boxed every pixel's value (12 MB of garbage a photo)
  for (let i = 0, o = 0; i < n; i++, o += 3) out[i] = (0.299 * d[o] + 0.587 * d[o + 1] + 0.114 * d[o + 2]) / white;
  return out;
}

/**
 * How grained the image is around each pixel: the luma gradient (|∂x| + |∂y|, central differences, in code
 * values 0..255) averaged over a (2r+1)² window. Hair is grained; walls, skin and most clothes are smoother.
 */
export function meanGradient(img: Rgb, r: number, alloc: Alloc = fresh): Float32Array {
  const { width: w, height: h } = img;
  const luma = lumaPlane(img, alloc, 1);
  const gradient = alloc.f32(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let i = y * w + 1, end = y * w + w - 1; i < end; i++) {
      gradient[i] = Math.abs(luma[i + 1] - luma[i - 1]) + Math.abs(luma[i + w] - luma[i - w]);
    }
  }
  return boxMean(gradient, w, h, r, luma);
}

/** Bilinear resize of an RGB image with half-pixel centres. */
export function resizeRgbBilinear(src: Rgb, w: number, h: number): Rgb {
  const out = new Uint8Array(w * h * 3);
  const sx = src.width / w;
  const sy = src.height / h;
  const sw = src.width;
  const d = src.data;
  for (let y = 0; y < h; y++) {
    let fy = (y + 0.5) * sy - 0.5;
    if (fy < 0) fy = 0;
    let y0 = Math.floor(fy);
    if (y0 > src.height - 1) y0 = src.height - 1;
    const y1 = Math.min(y0 + 1, src.height - 1);
    const wy = fy - y0;
    for (let x = 0; x < w; x++) {
      let fx = (x + 0.5) * sx - 0.5;
      if (fx < 0) fx = 0;
      let x0 = Math.floor(fx);
      if (x0 > sw - 1) x0 = sw - 1;
      const x1 = Math.min(x0 + 1, sw - 1);
      const wx = fx - x0;
      const a = (y0 * sw + x0) * 3;
      const b = (y0 * sw + x1) * 3;
      const c = (y1 * sw + x0) * 3;
      const e = (y1 * sw + x1) * 3;
      const o = (y * w + x) * 3;
      for (let k = 0; k < 3; k++) {
        const top = d[a + k] + (d[b + k] - d[a + k]) * wx;
        const bot = d[c + k] + (d[e + k] - d[c + k]) * wx;
        out[o + k] = Math.round(top + (bot - top) * wy);
      }
    }
  }
  return { width: w, height: h, data: out };
}

/**
 * Bilinear resize of a float plane with half-pixel centres. `from` is the region of `src` stretched over the
 * output (all of it by default); samples near its edges may read just outside it, never outside `src`.
 */
export function resizePlane(
  src: Plane,
  w: number,
  h: number,
  alloc: Alloc = fresh,
  from: { x: number; y: number; width: number; height: number } = { x: 0, y: 0, width: src.width, height: src.height },
): Plane {
  const out = alloc.f32(w * h);
  const sx = from.width / w;
  const sy = from.height / h;
  const sw = src.width;
  const d = src.data;
  for (let y = 0; y < h; y++) {
    let fy = from.y + (y + 0.5) * sy - 0.5;
    if (fy < 0) fy = 0;
    let y0 = Math.floor(fy);
    if (y0 > src.height - 1) y0 = src.height - 1;
    const y1 = Math.min(y0 + 1, src.height - 1);
    const wy = fy - y0;
    const r0 = y0 * sw;
    const r1 = y1 * sw;
    for (let x = 0; x < w; x++) {
      let fx = from.x + (x + 0.5) * sx - 0.5;
      if (fx < 0) fx = 0;
      let x0 = Math.floor(fx);
      if (x0 > sw - 1) x0 = sw - 1;
      const x1 = Math.min(x0 + 1, sw - 1);
      const wx = fx - x0;
      const top = d[r0 + x0] + (d[r0 + x1] - d[r0 + x0]) * wx;
      const bot = d[r1 + x0] + (d[r1 + x1] - d[r1 + x0]) * wx;
      out[y * w + x] = top + (bot - top) * wy;
    }
  }
  return { width: w, height: h, data: out };
}

// boxMean's per-thread buffers, grown as needed
let scratch = new Float32Array(0);
let colSums = new Float64Array(0);

/** Mean over a (2r+1)² window, clamped at the borders (O(N) with running sums). `out` may be `src`: src is read in the first pass only. */
export function boxMean(src: Float32Array, w: number, h: number, r: number, out: Float32Array = new Float32Array(w * h)): Float32Array {
  // one scratch buffer per thread, grown as needed (fewer large allocations, less GC)
  if (scratch.length < w * h) scratch = new Float32Array(w * h);
  const tmp = scratch;
  // horizontal pass; clamping the window's ends costs two branches a pixel, so only the columns within r of
  // an edge pay it (the row's middle runs without)
  const mid0 = Math.min(r, w);
  const mid1 = Math.max(mid0, w - r - 2);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let acc = 0;
    for (let x = -r; x <= r; x++) acc += src[row + Math.min(Math.max(x, 0), w - 1)];
    let x = 0;
    for (; x < mid0; x++) {
      tmp[row + x] = acc;
      acc += src[row + Math.min(x + r + 1, w - 1)] - src[row];
    }
    for (; x < mid1; x++) {
      tmp[row + x] = acc;
      acc += src[row + x + r + 1] - src[row + x - r];
    }
    for (; x < w; x++) {
      tmp[row + x] = acc;
      acc += src[row + w - 1] - src[row + Math.max(x - r, 0)];
    }
  }
  // vertical pass, a row at a time with a running sum per column, so memory is read in order (column by
  // column strides a whole row per step: ~20 % slower at 1600 px)
  if (colSums.length < w) colSums = new Float64Array(w);
  const acc = colSums;
  acc.fill(0, 0, w);
  for (let y = -r; y <= r; y++) {
    const row = Math.min(Math.max(y, 0), h - 1) * w;
    for (let x = 0; x < w; x++) acc[x] += tmp[row + x];
  }
  const norm = 1 / ((2 * r + 1) * (2 * r + 1));
  for (let y = 0; y < h; y++) {
    const o = y * w;
    const add = Math.min(y + r + 1, h - 1) * w;
    const sub = Math.max(y - r, 0) * w;
    for (let x = 0; x < w; x++) {
      out[o + x] = acc[x] * norm;
      acc[x] += tmp[add + x] - tmp[sub + x];
    }
  }
  return out;
}

/** Binary dilation by a square of radius r (via box sums). */
export function dilate(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const f = new Float32Array(w * h);
  for (let i = 0; i < f.length; i++) f[i] = mask[i] ? 1 : 0;
  const m = boxMean(f, w, h, r);
  const out = new Uint8Array(w * h);
  for (let i = 0; i < out.length; i++) out[i] = m[i] > 1e-6 ? 1 : 0;
  return out;
}

/** sRGB 8-bit → linear light lookup. */
export const SRGB_TO_LINEAR = (() => {
  const t = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    const c = i / 255;
    t[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }
  return t;
})();

/** Linear light [0,1] → sRGB 8-bit (4096-entry table, then rounded). */
const LIN_TABLE_SIZE = 4096;
const LINEAR_TO_SRGB_TABLE = (() => {
  const t = new Uint8Array(LIN_TABLE_SIZE + 1);
  for (let i = 0; i <= LIN_TABLE_SIZE; i++) {
    const c = i / LIN_TABLE_SIZE;
    const s = c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055;
    t[i] = Math.round(Math.min(1, Math.max(0, s)) * 255);
  }
  return t;
})();

export function linearToSrgb8(v: number): number {
  if (!(v > 0)) return 0;
  if (v >= 1) return 255;
  // rounding by truncation (v > 0 here): Math.round costs a third of a recolour's per-pixel time
  return LINEAR_TO_SRGB_TABLE[(v * LIN_TABLE_SIZE + 0.5) | 0];
}
