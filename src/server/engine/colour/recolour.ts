/**
 * Recolour that behaves like hair dye. Per hair pixel, in OKLab:
 *  - distribution mapping: the hair's own colour distribution (mean, spread) is moved onto the target's,
 *    so strand texture (lightness deviations) survives; when lifting dark hair the spread is widened so
 *    strands stay visible instead of a flat painted look;
 *  - shine: pixels well above the mean lightness keep extra brightness and lose chroma (specular);
 *  - chroma eases off in deep shadows and near white;
 *  - techniques place colour by a weight field (roots→tips position, strand streaks, face framing);
 *  - blend in linear light with the soft matte; pixels with matte 0 are copied byte for byte.
 */
import type { OkLab } from '../../../shared/hair/oklab.js';
import type { TechniqueId } from '../../../shared/hair/techniques.js';
import { boxMean, linearToSrgb8, lumaAt, SRGB_TO_LINEAR, type Box, type Rgb } from '../image/raster.js';
import { fresh, withTemporaries, type Alloc } from '../image/scratch.js';
import { bakeLut, readLut } from './lut3d.js';
import type { LabStats } from './hair-stats.js';

export interface ToneTarget {
  mean: OkLab;
  /** Spread to map onto (from a reference photo); otherwise derived from the hair's own spread. */
  sd?: OkLab;
}

/** Where the head is: face centre, unit vector pointing from forehead to chin, face width (px). */
export interface HeadFrame {
  cx: number;
  cy: number;
  ux: number;
  uy: number;
  faceWidth: number;
}

export interface RecolourPlan {
  technique: TechniqueId;
  base: ToneTarget | null;
  effect: ToneTarget | null;
}

const smooth = (e0: number, e1: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

interface Mapper {
  (L: number, a: number, b: number, out: Float64Array): void;
}

/** Build the per-pixel OKLab mapping from the hair's statistics onto a target. */
export function makeMapper(src: LabStats, target: ToneTarget): Mapper {
  const mu = src.mean;
  const sdL = Math.max(src.sd.L, 0.015);
  const tL = target.mean.L;
  let g: number;
  if (target.sd) g = Math.min(2.5, Math.max(0.5, target.sd.L / sdL));
  else {
    // the target's spread: the hair's own, scaled with the change of depth (lifted hair shows more strand
    // contrast), within what dyed hair shows in photos
    const sdT = Math.min(0.1, Math.max(0.045, sdL * Math.sqrt(tL / Math.max(mu.L, 0.05))));
    g = Math.min(1.7, Math.max(0.4, sdT / sdL));
  }
  const ga = target.sd ? Math.min(2, Math.max(0.3, target.sd.a / Math.max(src.sd.a, 0.004))) : 0.35;
  const gb = target.sd ? Math.min(2, Math.max(0.3, target.sd.b / Math.max(src.sd.b, 0.004))) : 0.35;
  // below the mean, keep −2.5σ above L 0.09: darker than that, 8-bit sRGB has no steps left for strand detail
  const gNeg = Math.max(0.15, Math.min(g, (tL - 0.09) / (2.5 * sdL)));
  const shine0 = mu.L + 1.2 * sdL;
  const shine1 = mu.L + 2.6 * sdL;
  const ta = target.mean.a;
  const tb = target.mean.b;
  const tC = Math.sqrt(ta * ta + tb * tb);
  const cMax = tC * 1.35 + 0.025;
  const cMax2 = cMax * cMax;
  return (L, a, b, out) => {
    // linear within ±2σ (strand texture keeps its shape); beyond, a soft limit towards ±3.5σ so outliers
    // (background mixed into edge pixels) do not swing to extremes. Padé tanh: exact enough, much cheaper.
    let u = (L - mu.L) / sdL;
    const au = u < 0 ? -u : u;
    if (au > 2) {
      let x = (au - 2) / 1.5;
      if (x > 3) x = 3;
      const th = (x * (27 + x * x)) / (27 + 9 * x * x);
      u = (u < 0 ? -1 : 1) * (2 + 1.5 * th);
    }
    let nL = tL + u * sdL * (u < 0 ? gNeg : g);
    let cf = 1;
    if (L > shine0) {
      // keep highlights bright and less saturated, as real shine on dyed hair
      const s = smooth(shine0, shine1, L);
      nL += (L - shine0) * 0.35 * s;
      cf *= 1 - 0.55 * s;
    }
    // soft knee instead of clipping, so strands stay distinct near white and black
    if (nL > 0.84) nL = 0.84 + 0.14 * Math.tanh((nL - 0.84) / 0.14);
    else if (nL < 0.07) nL = 0.07 - 0.05 * Math.tanh((0.07 - nL) / 0.05);
    // less chroma in deep shadow and close to white
    if (nL < 0.3) cf *= 0.35 + 0.65 * (nL / 0.3);
    if (nL > 0.88) cf *= 1 - 0.7 * smooth(0.88, 0.985, nL);
    // the hair's own tonal variation rides on the target; both fade in deep shadow (no colour casts there)
    let na = (ta + (a - mu.a) * ga) * cf;
    let nb = (tb + (b - mu.b) * gb) * cf;
    // keep chroma in a plausible range for the target (no neon from a dull target)
    const c2 = na * na + nb * nb;
    if (c2 > cMax2) {
      const k = cMax / Math.sqrt(c2);
      na *= k;
      nb *= k;
    }
    out[0] = nL;
    out[1] = na;
    out[2] = nb;
  };
}

export interface RecolourInput {
  img: Rgb;
  /** Where alpha can be non-zero. */
  box: Box;
  alpha: Float32Array;
  idx: Int32Array;
  lab: Float32Array;
  stats: LabStats;
  head: HeadFrame;
  plan: RecolourPlan;
  alloc?: Alloc;
}

/** Along-hair coordinates: 0 at the crown, 1 at the tips (robust percentiles of the matte's extent). */
function alongRange(idx: Int32Array, alpha: Float32Array, w: number, head: HeadFrame): [number, number] {
  const vals: number[] = [];
  const step = Math.max(1, Math.floor(idx.length / 20000));
  for (let k = 0; k < idx.length; k += step) {
    const i = idx[k];
    if (alpha[i] < 0.5) continue;
    const x = i % w;
    const y = (i - x) / w;
    vals.push((x - head.cx) * head.ux + (y - head.cy) * head.uy);
  }
  if (vals.length < 2) return [-head.faceWidth, head.faceWidth];
  vals.sort((a, b) => a - b);
  const lo = vals[Math.floor(vals.length * 0.01)];
  const hi = vals[Math.floor(vals.length * 0.99)];
  return [lo, Math.max(hi, lo + head.faceWidth * 0.5)];
}

interface WeightCtx {
  tech: TechniqueId;
  cx: number;
  cy: number;
  ux: number;
  uy: number;
  fw: number;
  a0: number;
  a1: number;
  /** Strand detail (luma high-pass) over the hair's bounding box: origin and width of that box. */
  hp: Float32Array | null;
  hx0: number;
  hy0: number;
  hw: number;
}

/** Wide, softly varying sections (low frequency) + the hair's own lighter strands, so the pattern
 * follows real strands instead of painting new texture. */
/** sin by table (4096 steps a period, linear between): Math.sin twice a pixel was a fifth of a balayage. */
const SIN_STEPS = 4096;
const SIN_TABLE = Float64Array.from({ length: SIN_STEPS + 1 }, (_, k) => Math.sin((2 * Math.PI * k) / SIN_STEPS));
function fastSin(x: number): number {
  const t = x * (SIN_STEPS / (2 * Math.PI));
  const f = Math.floor(t);
  const k = f & (SIN_STEPS - 1); // also wraps negative turns
  return SIN_TABLE[k] + (SIN_TABLE[k + 1] - SIN_TABLE[k]) * (t - f);
}

function streak(c: WeightCtx, side: number, along: number, x: number, y: number): number {
  const geo = 0.5 + 0.5 * fastSin((2 * Math.PI * side) / 0.3 + 1.3 * fastSin((2 * Math.PI * side) / 0.71) + (along / c.fw) * 0.3);
  const hpn = c.hp ? Math.max(-0.4, Math.min(0.4, c.hp[(y - c.hy0) * c.hw + x - c.hx0] * 7)) : 0;
  return Math.min(1, Math.max(0, 0.25 + 0.4 * geo + hpn));
}

/** Where a technique puts the colour (0..1) at pixel (x, y). */
export function techniqueWeight(c: WeightCtx, x: number, y: number): number {
  const along = (x - c.cx) * c.ux + (y - c.cy) * c.uy;
  const side = (-(x - c.cx) * c.uy + (y - c.cy) * c.ux) / c.fw;
  const t = (along - c.a0) / (c.a1 - c.a0);
  switch (c.tech) {
    case 'all-over':
      return 1;
    case 'highlights':
    case 'lowlights':
      return streak(c, side, along, x, y) * smooth(0.0, 0.12, t);
    case 'balayage': {
      const grad = smooth(0.12, 0.75, t);
      const as = Math.abs(side);
      const framing = smooth(0.95, 0.55, as) * smooth(0.3, 0.42, as) * smooth(0.05, 0.3, t);
      return Math.min(1, grad * (0.45 + 0.55 * streak(c, side, along, x, y)) + 0.7 * framing * grad + 0.25 * grad * grad);
    }
    case 'ombre':
      return smooth(0.3, 0.78, t);
    case 'sombre':
      return 0.8 * smooth(0.12, 0.95, t);
    case 'dip-dye':
      return smooth(0.68, 0.78, t);
    case 'root-shadow':
      return 1 - smooth(0.06, 0.32, t);
    case 'money-piece': {
      // two bright strands framing the face: just outside the face edge, from the hairline to below the chin
      const as = Math.abs(side);
      const v = along / c.fw;
      return smooth(0.34, 0.5, as) * (1 - smooth(0.62, 0.95, as)) * smooth(-1.15, -0.6, v) * (1 - smooth(0.7, 1.7, v));
    }
  }
  return 1;
}

export function recolour(input: RecolourInput): Uint8Array {
  const alloc = input.alloc ?? fresh;
  const out = alloc.u8(input.img.data.length);
  out.set(input.img.data);
  if (input.idx.length) withTemporaries(alloc, () => paint(input, alloc, out));
  return out;
}

/** Recolours the hair pixels of `out` (a copy of the photo) in place. */
function paint(input: RecolourInput, alloc: Alloc, out: Uint8Array): void {
  const { img, alpha, idx, lab, stats, head, plan } = input;
  const w = img.width;
  const h = img.height;
  // each mapping baked into a LUT once, then read per pixel (colour/lut3d.ts)
  const baseLut = plan.base ? bakeLut(makeMapper(stats, plan.base)) : null;
  const effLut = plan.effect ? bakeLut(makeMapper(stats, plan.effect)) : null;
  const tech = plan.technique;
  const allOver = tech === 'all-over';
  const [a0, a1] = alongRange(idx, alpha, w, head);
  const fw = head.faceWidth;

  // strand detail for streak-wise techniques: luma minus its local mean; lighter strands take more of the
  // colour, which keeps the result's texture tied to the hair's own strands. Computed over the hair's
  // bounding box (grown by the filter radius, so the values match a whole-image filter) only.
  let hp: Float32Array | null = null;
  let hx0 = 0;
  let hy0 = 0;
  let hw = 0;
  if (tech === 'highlights' || tech === 'lowlights' || tech === 'balayage') {
    const r = Math.max(4, Math.round(fw / 12));
    const { box: hair } = input;
    hx0 = Math.max(0, hair.x0 - r);
    hy0 = Math.max(0, hair.y0 - r);
    hw = Math.min(w - 1, hair.x1 + r) - hx0 + 1;
    const hh = Math.min(h - 1, hair.y1 + r) - hy0 + 1;
    const luma = alloc.f32(hw * hh);
    const d = img.data;
    for (let y = 0; y < hh; y++) {
      for (let x = 0, i = (y + hy0) * w + hx0; x < hw; x++, i++) luma[y * hw + x] = lumaAt(d, i);
    }
    const m = boxMean(luma, hw, hh, r, alloc.f32(hw * hh));
    hp = luma;
    for (let j = 0; j < hp.length; j++) hp[j] -= m[j];
  }

  const ctx: WeightCtx = { tech, cx: head.cx, cy: head.cy, ux: head.ux, uy: head.uy, fw, a0, a1, hp, hx0, hy0, hw };
  const tmp = new Float32Array(3);
  const d = img.data;
  const sdL = Math.max(stats.sd.L, 0.015);
  const edgeTol = 2.5 * sdL;
  const edgeW2 = 2 * (1.5 * sdL) ** 2;
  for (let k = 0; k < idx.length; k++) {
    const i = idx[k];
    if (alpha[i] <= 0) continue;
    const L = lab[k * 3];
    const A = lab[k * 3 + 1];
    const B = lab[k * 3 + 2];
    const o = i * 3;
    let nL = L;
    let na = A;
    let nb = B;
    if (baseLut) {
      readLut(baseLut, d[o], d[o + 1], d[o + 2], tmp, 0);
      nL = tmp[0];
      na = tmp[1];
      nb = tmp[2];
    }
    if (effLut) {
      let wt = 1;
      if (!allOver) {
        const y = (i / w) | 0;
        wt = techniqueWeight(ctx, i - y * w, y);
      }
      if (wt > 0) {
        readLut(effLut, d[o], d[o + 1], d[o + 2], tmp, 0);
        nL += (tmp[0] - nL) * wt;
        na += (tmp[1] - na) * wt;
        nb += (tmp[2] - nb) * wt;
      }
    }
    // OKLab → linear sRGB, inlined (no allocation per pixel)
    const l_ = nL + 0.3963377774 * na + 0.2158037573 * nb;
    const m_ = nL - 0.1055613458 * na - 0.0638541728 * nb;
    const s_ = nL - 0.0894841775 * na - 1.291485548 * nb;
    const l3 = l_ * l_ * l_;
    const m3 = m_ * m_ * m_;
    const s3 = s_ * s_ * s_;
    const r = 4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3;
    const g = -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3;
    const b = -0.0041960863 * l3 - 0.7034186147 * m3 + 1.707614701 * s3;
    let m = alpha[i];
    if (m < 0.95) {
      // soft edge: pixels whose lightness is unlike the hair are mostly background showing through
      const ex = Math.abs(L - stats.mean.L) - edgeTol;
      if (ex > 0) m *= Math.exp((-ex * ex) / edgeW2);
    }
    const r0 = SRGB_TO_LINEAR[d[o]];
    const g0 = SRGB_TO_LINEAR[d[o + 1]];
    const b0 = SRGB_TO_LINEAR[d[o + 2]];
    out[o] = linearToSrgb8(r0 + m * (Math.min(1, Math.max(0, r)) - r0));
    out[o + 1] = linearToSrgb8(g0 + m * (Math.min(1, Math.max(0, g)) - g0));
    out[o + 2] = linearToSrgb8(b0 + m * (Math.min(1, Math.max(0, b)) - b0));
  }
}
