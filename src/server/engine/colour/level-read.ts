/**
 * The lightness a colourist reads the level from: the hair's body, not what shows through it or shines off
 * it (decision 132). Of the confident hair pixels it leaves out
 *  - those that look like this face's skin (the cheeks' OKLab, within two Mahalanobis units): the scalp between
 *    cornrows, skin through a short crop;
 *  - specular shine: lighter than the hair's median by 1.5 robust spreads and less colourful than its median
 *    chroma (a highlight on black hair is grey-white, not the hair's colour).
 * Both read black hair two or three levels too light when they were counted.
 */
import type { Box, Rgb } from '../image/raster';
import { FACE_OVAL, polygonSpans } from '../matte/refine';
import type { FaceGeom } from '../matte/main-person';
import { histogramQuantile, levelLightness, type LabStats } from './hair-stats';
import { OKLAB_LUT, readLut } from './lut3d';

/** A Gaussian of the face's skin in OKLab: mean and inverse covariance (row-major 3×3). */
export interface SkinModel {
  mean: [number, number, number];
  inv: Float64Array;
}

/** Skin-like within this Mahalanobis distance of the cheeks' colour. */
const SKIN_WITHIN = 2;
/** Shine: this many robust spreads (1.4826 × the median absolute deviation) above the median lightness. */
const SHINE_ABOVE = 1.5;
/** Fewer cheek samples than this: no skin model. */
const MIN_SKIN = 100;
/** If the two tests would leave less than this share of the hair, the level is read from all of it. */
const MIN_KEPT = 0.5;
/** Bins of the histograms below: hair-stats.ts's lightness histogram's. */
const BINS = 256;
/**
 * About this many hair pixels are read, evenly through the hair: a level and a shine threshold are statistics,
 * and a 256-bin histogram of 100,000 pixels reads the same quantiles as one of a million. At the studio's
 * working size a portrait's hair is up to a million pixels, and reading every second one took ~10 ms between
 * finding the hair and painting it.
 */
const SAMPLES = 100_000;
/** The cheeks' skin: about this many samples. */
const SKIN_SAMPLES = 10_000;
/** Chroma histogram range (OKLab chroma rarely passes 0.32 in a photo). */
const CHROMA_MAX = 0.4;

/**
 * The cheeks' skin: the face oval between the eyes and the mouth, where the matte is not hair, sampled on an
 * even grid (about SKIN_SAMPLES pixels). Null without enough of it (a face turned away, a beard).
 */
export function skinModel(img: Rgb, face: FaceGeom, alpha: Float32Array): SkinModel | null {
  const { width: w, height: h, data: d } = img;
  const along = (p: [number, number]) => (p[0] - face.cx) * face.ux + (p[1] - face.cy) * face.uy;
  const from = 0.5 * (along(face.mesh[33]) + along(face.mesh[263])) + 0.05 * face.h;
  const to = along(face.mesh[13]);
  // a grid of `step` pixels: the oval's area over the samples wanted, the band between eyes and mouth being
  // about a third of it
  const step = Math.max(2, Math.round(Math.sqrt((face.w * face.h) / (3 * SKIN_SAMPLES))));
  const samples: number[] = [];
  const lab = new Float32Array(3);
  polygonSpans(
    FACE_OVAL.map((k) => face.mesh[k]),
    w,
    h,
    (y, xa, xb) => {
      if (y % step) return;
      for (let x = xa + ((step - (xa % step)) % step); x <= xb; x += step) {
        const i = y * w + x;
        if (alpha[i] >= 0.1) continue;
        const t = (x - face.cx) * face.ux + (y - face.cy) * face.uy;
        if (t < from || t > to) continue;
        // through the same table as the hair's colour (hair-stats.ts), so the two compare exactly
        readLut(OKLAB_LUT, d[i * 3], d[i * 3 + 1], d[i * 3 + 2], lab);
        samples.push(lab[0], lab[1], lab[2]);
      }
    },
  );
  return gaussian(samples);
}

/** Skin in any light, in OKLab: warm hues of moderate chroma, neither deep shadow nor white. */
function skinColoured(L: number, a: number, b: number): boolean {
  const C = Math.sqrt(a * a + b * b);
  return L > 0.4 && L < 0.93 && C > 0.025 && C < 0.14 && a > 0.005 && b > 0.35 * C;
}

/**
 * Without a face, the skin beside the hair: skin-coloured pixels that are not hair within a ring around it
 * (a hair pixel ~3 % of the hair's size away in one of four directions: a neck under a fade, the ears and
 * forehead of a head seen from behind or the side), on an even grid. Fitted twice, the second time to the
 * samples within 2.5 units of the first fit, so a warm wall beside the hair does not widen it. Null when there
 * are too few of them.
 */
export function skinBesideHair(img: Rgb, alpha: Float32Array, box: Box): SkinModel | null {
  const { width: w, height: h, data: d } = img;
  const r = Math.max(3, Math.round(0.03 * Math.max(box.x1 - box.x0, box.y1 - box.y0)));
  const x0 = Math.max(0, box.x0 - r);
  const x1 = Math.min(w - 1, box.x1 + r);
  const y0 = Math.max(0, box.y0 - r);
  const y1 = Math.min(h - 1, box.y1 + r);
  const step = Math.max(1, Math.round(Math.sqrt(((x1 - x0 + 1) * (y1 - y0 + 1)) / (8 * SKIN_SAMPLES))));
  const hairAt = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && alpha[y * w + x] >= 0.5;
  const samples: number[] = [];
  const lab = new Float32Array(3);
  for (let y = y0; y <= y1; y += step) {
    for (let x = x0; x <= x1; x += step) {
      const i = y * w + x;
      if (alpha[i] > 0.02 || !(hairAt(x - r, y) || hairAt(x + r, y) || hairAt(x, y - r) || hairAt(x, y + r))) continue;
      readLut(OKLAB_LUT, d[i * 3], d[i * 3 + 1], d[i * 3 + 2], lab);
      if (skinColoured(lab[0], lab[1], lab[2])) samples.push(lab[0], lab[1], lab[2]);
    }
  }
  const first = gaussian(samples);
  if (!first) return null;
  const near: number[] = [];
  for (let k = 0; k < samples.length; k += 3) {
    if (skinDistance2(first, samples[k], samples[k + 1], samples[k + 2]) < 2.5 * 2.5) near.push(samples[k], samples[k + 1], samples[k + 2]);
  }
  return gaussian(near);
}

function gaussian(s: number[]): SkinModel | null {
  const n = s.length / 3;
  if (n < MIN_SKIN) return null;
  const mean: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) mean[c] += s[i * 3 + c] / n;
  const cov = new Float64Array(9);
  for (let i = 0; i < n; i++)
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) cov[r * 3 + c] += ((s[i * 3 + r] - mean[r]) * (s[i * 3 + c] - mean[c])) / n;
  // a floor on the variances: a flat-lit cheek would otherwise call nothing skin but its own exact colour
  for (const k of [0, 4, 8]) cov[k] += 1e-5;
  const [a, b, c, , e, f, , , i] = cov;
  const A = e * i - f * f;
  const B = c * f - b * i;
  const C = b * f - c * e;
  const det = a * A + b * B + c * C;
  if (!(det > 0)) return null;
  const inv = Float64Array.from([A, B, C, B, a * i - c * c, b * c - a * f, C, b * c - a * f, a * e - b * b]).map((v) => v / det);
  return { mean, inv };
}

/** Squared Mahalanobis distance of an OKLab colour from the skin. */
export function skinDistance2(m: SkinModel, L: number, a: number, b: number): number {
  const x = L - m.mean[0];
  const y = a - m.mean[1];
  const z = b - m.mean[2];
  const v = m.inv;
  return x * (v[0] * x + v[1] * y + v[2] * z) + y * (v[3] * x + v[4] * y + v[5] * z) + z * (v[6] * x + v[7] * y + v[8] * z);
}

function skinLike(m: SkinModel, L: number, a: number, b: number): boolean {
  return skinDistance2(m, L, a, b) < SKIN_WITHIN * SKIN_WITHIN;
}

/**
 * `stats` with its level lightness (levelL, pL.p90) read from the hair's body only. `lab` holds the OKLab of
 * each hair pixel `idx` (hair-stats.ts hairColour); confident pixels (alpha ≥ 0.5) count, weighted by alpha.
 */
export function withBodyLevel(stats: LabStats, lab: Float32Array, idx: Int32Array, alpha: Float32Array, skin: SkinModel | null): LabStats {
  if (stats.weight === 0) return stats;
  const median = stats.pL.p50;
  const stride = Math.max(1, Math.floor(idx.length / SAMPLES));
  const spread = new Float64Array(BINS);
  const chroma = new Float64Array(BINS);
  let total = 0;
  for (let k = 0; k < idx.length; k += stride) {
    const w = alpha[idx[k]];
    if (w < 0.5) continue;
    total += w;
    spread[Math.min(BINS - 1, Math.floor(Math.abs(lab[k * 3] - median) * BINS))] += w;
    const a = lab[k * 3 + 1];
    const b = lab[k * 3 + 2];
    // Math.sqrt, not Math.hypot: hypot boxed its numbers and was most of this loop's time
    chroma[Math.min(BINS - 1, Math.floor((Math.sqrt(a * a + b * b) / CHROMA_MAX) * BINS))] += w;
  }
  const shineFrom = median + SHINE_ABOVE * 1.4826 * histogramQuantile(spread, total, 0.5);
  const chromaMedian = histogramQuantile(chroma, total, 0.5) * CHROMA_MAX;
  const chroma2 = chromaMedian * chromaMedian;
  const hist = new Float64Array(BINS);
  let kept = 0;
  let sum = 0;
  for (let k = 0; k < idx.length; k += stride) {
    const w = alpha[idx[k]];
    if (w < 0.5) continue;
    const L = lab[k * 3];
    const a = lab[k * 3 + 1];
    const b = lab[k * 3 + 2];
    if (L > shineFrom && a * a + b * b < chroma2) continue;
    if (skin && skinLike(skin, L, a, b)) continue;
    kept += w;
    sum += w * L;
    hist[Math.min(BINS - 1, Math.max(0, Math.floor(L * BINS)))] += w;
  }
  if (kept < MIN_KEPT * total) return stats;
  return { ...stats, levelL: levelLightness(sum / kept, hist, kept), pL: { ...stats.pL, p90: histogramQuantile(hist, kept, 0.9) } };
}

/** A grey or white strand: at least this light (OKLab L) … */
const GREY_L = 0.45;
/** … and within this chroma of a neutral in the photo's light. */
const GREY_C = 0.03;

/**
 * The share (0..1) of the confident hair that is grey or white: light strands with next to no colour once
 * the light's own tint is taken away (a neutral takes the light's a/b in proportion to its lightness). A
 * colourist reads such hair as grey and advises on covering it, not as an ash blonde (decision 179).
 * `tint`: the light's a and b per unit of lightness.
 */
export function greyShare(lab: Float32Array, idx: Int32Array, alpha: Float32Array, tint: readonly [number, number]): number {
  const stride = Math.max(1, Math.floor(idx.length / SAMPLES));
  let total = 0;
  let grey = 0;
  for (let k = 0; k < idx.length; k += stride) {
    const w = alpha[idx[k]];
    if (w < 0.5) continue;
    total += w;
    const L = lab[k * 3];
    if (L < GREY_L) continue;
    const a = lab[k * 3 + 1] - L * tint[0];
    const b = lab[k * 3 + 2] - L * tint[1];
    if (a * a + b * b < GREY_C * GREY_C) grey += w;
  }
  return total ? grey / total : 0;
}
