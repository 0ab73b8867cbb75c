/**
 * Deep shadow under a lift. The gaps between dark curls are sRGB 0 to 10 in a photo, stored by JPEG as flat
 * 8×8 blocks; in OKLab code 0 is lightness 0 and code 1 is 0.067, the largest step on the scale. A lift
 * multiplies those steps, and the blocks become squares of two tones. Under a lift, a deep-shadow pixel is
 * painted from its colour pulled part of the way (recolour.ts SHADOW_PULL) towards the mean of the deep shadow
 * around it (blocks averaged into a smooth shade, as dark as the shadow itself: brighter strands nearby are not
 * averaged in). That colour falls between 8-bit codes and is read through the table's fine steps for deep
 * shadow (lut3d.ts lutIndex), and the pixel's own difference from it is added back unamplified.
 */
import { oklabToLinearRgb, type OkLab } from '@shared/hair/oklab';
import { boxMean, lumaLinear, SRGB_TO_LINEAR, type Box, type Rgb } from '../image/raster';
import type { Alloc } from '../image/scratch';

/** Linear luma at or below which a pixel is wholly deep shadow (sRGB ≈ 3), and from which it is none (≈ 12). */
const DEEP_FULL = SRGB_TO_LINEAR[3];
const DEEP_NONE = SRGB_TO_LINEAR[12];
/** The smallest green code whose share of luma alone reaches DEEP_NONE. */
const GREEN_OUT = SRGB_TO_LINEAR.findIndex((v) => 0.7152 * v >= DEEP_NONE);
/** Radius (px) the deep shadow is averaged over: about a JPEG block and a half. */
const SHADOW_RADIUS = 6;
/** Below this share of the hair's weight in deep shadow there is nothing to smooth. */
const DEEP_SHARE_MIN = 0.01;

/** The hair pixels a shadow plane is read from: the photo, the matte, the hair pixels in raster order, and their box. */
export interface HairPixels {
  img: Rgb;
  alpha: Float32Array;
  idx: Int32Array;
  box: Box;
}

/** The deep shadow's local mean luma on a half-size grid over the hair's box, and the hair's tint. */
export interface ShadowPlane {
  x0: number;
  y0: number;
  w2: number;
  h2: number;
  /** Mean linear luma of the deep shadow around each cell; −1 where there is none. */
  mean: Float32Array;
  /** Linear RGB of the hair's mean colour at luma 1: the hue the smoothed shadow is given. */
  tint: [number, number, number];
}

/** How much of a pixel of linear luma y is deep shadow: 1 up to sRGB 3, 0 from sRGB 12. */
export function deepShare(y: number): number {
  if (y >= DEEP_NONE) return 0;
  if (y <= DEEP_FULL) return 1;
  const t = (DEEP_NONE - y) / (DEEP_NONE - DEEP_FULL);
  return t * t * (3 - 2 * t);
}

/**
 * The shadow plane of the hair pixels, averaged over SHADOW_RADIUS pixels and tinted with the hair's mean colour.
 * Null when under DEEP_SHARE_MIN of the hair is deep shadow.
 */
export function shadowPlane(hair: HairPixels, hairMean: OkLab, alloc: Alloc): ShadowPlane | null {
  const { img, alpha, idx, box } = hair;
  const W = img.width;
  const d = img.data;
  const x0 = box.x0;
  const y0 = box.y0;
  const w2 = (box.x1 - x0 + 2) >> 1;
  const h2 = (box.y1 - y0 + 2) >> 1;
  const num = alloc.f32(w2 * h2);
  const den = alloc.f32(w2 * h2);
  let weight = 0;
  let deep = 0;
  // idx runs in raster order (hair-stats.ts): the row is followed rather than divided out per pixel
  let y = idx.length ? (idx[0] / W) | 0 : 0;
  let rowEnd = (y + 1) * W;
  for (let k = 0; k < idx.length; k++) {
    const i = idx[k];
    while (i >= rowEnd) {
      y++;
      rowEnd += W;
    }
    const a = alpha[i];
    weight += a;
    // green from GREEN_OUT up alone puts the luma past DEEP_NONE: most hair is ruled out without a lookup
    if (d[i * 3 + 1] >= GREEN_OUT) continue;
    const Y = lumaLinear(SRGB_TO_LINEAR[d[i * 3]], SRGB_TO_LINEAR[d[i * 3 + 1]], SRGB_TO_LINEAR[d[i * 3 + 2]]);
    const s = deepShare(Y) * a;
    if (s <= 0) continue;
    deep += s;
    const cell = ((y - y0) >> 1) * w2 + ((i - y * W - x0) >> 1);
    num[cell] += s * Y;
    den[cell] += s;
  }
  if (deep < DEEP_SHARE_MIN * weight) return null;
  const r2 = Math.max(1, Math.round(SHADOW_RADIUS / 2));
  // in place: boxMean reads its source only in its first pass, into its own scratch
  boxMean(num, w2, h2, r2, num);
  boxMean(den, w2, h2, r2, den);
  const mean = num;
  for (let k = 0; k < mean.length; k++) mean[k] = den[k] > 1e-4 ? num[k] / den[k] : -1;
  const [r, g, b] = oklabToLinearRgb(hairMean.L, hairMean.a, hairMean.b);
  const luma = Math.max(1e-6, lumaLinear(r, g, b));
  const tint: [number, number, number] = [Math.max(0, r) / luma, Math.max(0, g) / luma, Math.max(0, b) / luma];
  return { x0, y0, w2, h2, mean, tint };
}

/** The deep shadow's mean luma around pixel (x, y); −1 where there is none. */
export function shadowMeanAt(p: ShadowPlane, x: number, y: number): number {
  const cx = (x - p.x0) >> 1;
  const cy = (y - p.y0) >> 1;
  if (cx < 0 || cy < 0 || cx >= p.w2 || cy >= p.h2) return -1;
  return p.mean[cy * p.w2 + cx];
}
