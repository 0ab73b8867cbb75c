/** Mask-weighted OKLab statistics of the hair: what the recolour maps from and the analysis reports. */
import type { OkLab } from '@shared/hair/oklab';
import type { Box, Rgb } from '../image/raster';
import { fresh, type Alloc } from '../image/scratch';
import { OKLAB_LUT, readLut } from './lut3d';

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
}

/**
 * OKLab (through the LUT) of every pixel whose matte value ≥ minAlpha, as L,a,b triplets, with the index
 * list in row order. `box` bounds where the matte can be non-zero (the whole image by default).
 */
export function hairLab(
  img: Rgb,
  alpha: Float32Array,
  alloc: Alloc = fresh,
  box: Box = { x0: 0, y0: 0, x1: img.width - 1, y1: img.height - 1 },
  minAlpha = 0.004,
): { idx: Int32Array; lab: Float32Array } {
  const w = img.width;
  let n = 0;
  for (let y = box.y0; y <= box.y1; y++) for (let i = y * w + box.x0; i <= y * w + box.x1; i++) if (alpha[i] >= minAlpha) n++;
  const idx = alloc.i32(n);
  const lab = alloc.f32(n * 3);
  const d = img.data;
  let k = 0;
  for (let y = box.y0; y <= box.y1; y++) {
    for (let i = y * w + box.x0; i <= y * w + box.x1; i++) {
      if (alpha[i] < minAlpha) continue;
      idx[k] = i;
      readLut(OKLAB_LUT, d[i * 3], d[i * 3 + 1], d[i * 3 + 2], lab, k * 3);
      k++;
    }
  }
  return { idx, lab };
}

/** Statistics over pixels whose matte is confidently hair (alpha ≥ 0.5), weighted by alpha. */
export function labStats(idx: Int32Array, lab: Float32Array, alpha: Float32Array, minAlpha = 0.5): LabStats {
  let w = 0;
  let sL = 0;
  let sa = 0;
  let sb = 0;
  for (let k = 0; k < idx.length; k++) {
    const a = alpha[idx[k]];
    if (a < minAlpha) continue;
    w += a;
    sL += a * lab[k * 3];
    sa += a * lab[k * 3 + 1];
    sb += a * lab[k * 3 + 2];
  }
  if (w === 0) return { mean: { L: 0, a: 0, b: 0 }, sd: { L: 0, a: 0, b: 0 }, weight: 0, levelL: 0, pL: { p25: 0, p50: 0, p90: 0 } };
  const mean = { L: sL / w, a: sa / w, b: sb / w };
  let vL = 0;
  let va = 0;
  let vb = 0;
  for (let k = 0; k < idx.length; k++) {
    const a = alpha[idx[k]];
    if (a < minAlpha) continue;
    vL += a * (lab[k * 3] - mean.L) ** 2;
    va += a * (lab[k * 3 + 1] - mean.a) ** 2;
    vb += a * (lab[k * 3 + 2] - mean.b) ** 2;
  }
  // 75th percentile of L via a 256-bin histogram
  const hist = new Float64Array(256);
  for (let k = 0; k < idx.length; k++) {
    const a = alpha[idx[k]];
    if (a < minAlpha) continue;
    hist[Math.min(255, Math.max(0, Math.floor(lab[k * 3] * 256)))] += a;
  }
  const pct = (q: number) => {
    let acc = 0;
    let bin = 0;
    while (bin < 255 && acc + hist[bin] < q * w) acc += hist[bin++];
    return (bin + 0.5) / 256;
  };
  const p75 = pct(0.75);
  return {
    mean,
    sd: { L: Math.sqrt(vL / w), a: Math.sqrt(va / w), b: Math.sqrt(vb / w) },
    weight: w,
    levelL: 0.5 * (mean.L + p75),
    pL: { p25: pct(0.25), p50: pct(0.5), p90: pct(0.9) },
  };
}
