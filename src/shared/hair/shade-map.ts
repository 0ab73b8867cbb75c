/**
 * The colour maths of a recolour, in one place for the server (src/server/engine/colour) and the browser's
 * live mirror (a WebGL2 shader mirrors `mapPixel` line for line):
 *  (a) `shadeMapParams` runs once per photo or frame on the CPU: from the hair's colour statistics, the
 *      target shade and the photo's light it derives a handful of numbers;
 *  (b) `mapPixel` maps one hair pixel's OKLab colour with those numbers only: plain arithmetic, one tanh,
 *      no lookups, so a fragment shader can run it with the params as uniforms.
 *
 * The mapping moves the hair's own colour distribution (mean, spread) onto the target's, rendered in the
 * photo's light, so strands and shine survive (decisions 022 and 083):
 *  - lightness: `L' = Lt + g·soft(L − L̄)`, with `g` widening the spread when lifting (strands stay visible)
 *    and a soft limit on outliers; a soft knee below the photo's white and above black;
 *  - shine: pixels well above the mean keep extra brightness and lose chroma;
 *  - chroma: the target's a/b plus part of the pixel's own deviation; less in deep shadow and near white,
 *    and never far beyond the target's own chroma.
 */
import { linearRgbToOklab, oklabToLinearRgb, type OkLab } from './oklab';

/** The photo's light as the engine estimates it (see src/server/engine/colour/light.ts). */
export interface PhotoLight {
  /**
   * Linear-RGB multipliers a neutral surface gets in this photo relative to daylight of normal exposure:
   * the white balance times the exposure. [1, 1, 1] is a well-exposed neutral photo.
   */
  gain: readonly [number, number, number];
}

export const NEUTRAL_LIGHT: PhotoLight = { gain: [1, 1, 1] };

/** Colour statistics of a hair region (or of a reference photo's hair), in OKLab as photographed. */
export interface HairColourStats {
  mean: OkLab;
  sd: OkLab;
}

/** What to map the hair onto: a shade (mean colour of dyed hair in neutral light), optionally its spread. */
export interface ShadeTarget {
  mean: OkLab;
  /** Spread to map onto (a reference photo's hair); otherwise derived from the hair's own spread. */
  sd?: OkLab;
  /** The mean is already in the photo's light (a reference photo's hair, a relative lift of this hair). */
  inPhotoLight?: boolean;
}

/** The uniforms of a mapping: everything `mapPixel` needs. Plain numbers, no arrays. */
export interface ShadeMapParams {
  /** Source hair mean (OKLab, as photographed) and lightness spread (≥ 0.015). */
  muL: number;
  muA: number;
  muB: number;
  sdL: number;
  /** Target mean in the photo's light. */
  tL: number;
  tA: number;
  tB: number;
  /** Lightness gain above and below the mean. */
  gPos: number;
  gNeg: number;
  /** Gain on the pixel's own a/b deviation from the hair mean (its tonal variation). */
  gA: number;
  gB: number;
  /** Lightness where shine starts and where it is full. */
  shine0: number;
  shine1: number;
  /** Soft knees: lightness above `hiKnee` eases towards `hiKnee + hiRoom`; below `loKnee` towards `loKnee − loRoom`. */
  hiKnee: number;
  hiRoom: number;
  loKnee: number;
  loRoom: number;
  /** Where chroma starts fading to white (lightness) and where it is mostly gone. */
  white0: number;
  white1: number;
  /** Most chroma a mapped pixel may have. */
  cMax: number;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** A colour as it would be photographed in `light` (what a neutral-light colour looks like in this photo). */
export function inLight(c: OkLab, light: PhotoLight): OkLab {
  const [r, g, b] = oklabToLinearRgb(c.L, c.a, c.b);
  return linearRgbToOklab(Math.max(0, r) * light.gain[0], Math.max(0, g) * light.gain[1], Math.max(0, b) * light.gain[2]);
}

/** A colour photographed in `light` as it would look in neutral light (inverse of `inLight`). */
export function outOfLight(c: OkLab, light: PhotoLight): OkLab {
  const [r, g, b] = oklabToLinearRgb(c.L, c.a, c.b);
  return linearRgbToOklab(Math.max(0, r) / light.gain[0], Math.max(0, g) / light.gain[1], Math.max(0, b) / light.gain[2]);
}

/** (a) The mapping's numbers for this hair, target and light. Runs once per photo or frame. */
export function shadeMapParams(src: HairColourStats, target: ShadeTarget, light: PhotoLight = NEUTRAL_LIGHT): ShadeMapParams {
  const mu = src.mean;
  const sdL = Math.max(src.sd.L, 0.015);
  const t = target.inPhotoLight ? target.mean : inLight(target.mean, light);
  const tL = t.L;
  // lightness of a white surface in this photo: the mapped hair never passes it (lifted hair that glows
  // brighter than the photo's whites is what makes a lift look pasted on). The knee starts at 0.86 at most:
  // from 0.84 a platinum lift sat in the knee's curve and lost strand contrast (decision 124)
  const white = linearRgbToOklab(light.gain[0], light.gain[1], light.gain[2]).L;
  const hiKnee = Math.min(0.86, white - 0.1);
  const hiRoom = Math.max(0.04, Math.min(0.14, white - hiKnee - 0.01));
  let gPos: number;
  if (target.sd) gPos = clamp(target.sd.L / sdL, 0.5, 2.5);
  else {
    // the target's spread: the hair's own, scaled with the change of depth (lifted hair shows more strand
    // contrast), within what dyed hair shows in photos
    const sdT = clamp(sdL * Math.sqrt(tL / Math.max(mu.L, 0.05)), 0.045, 0.1);
    gPos = clamp(sdT / sdL, 0.4, 1.7);
  }
  const gA = target.sd ? clamp(target.sd.a / Math.max(src.sd.a, 0.004), 0.3, 2) : 0.35;
  const gB = target.sd ? clamp(target.sd.b / Math.max(src.sd.b, 0.004), 0.3, 2) : 0.35;
  // below the mean, keep −2.5σ above L 0.09: darker than that, 8-bit sRGB has no steps left for strand detail
  const gNeg = Math.max(0.15, Math.min(gPos, (tL - 0.09) / (2.5 * sdL)));
  const tC = Math.hypot(t.a, t.b);
  return {
    muL: mu.L,
    muA: mu.a,
    muB: mu.b,
    sdL,
    tL,
    tA: t.a,
    tB: t.b,
    gPos,
    gNeg,
    gA,
    gB,
    shine0: mu.L + 1.2 * sdL,
    shine1: mu.L + 2.6 * sdL,
    hiKnee,
    hiRoom,
    loKnee: 0.07,
    loRoom: 0.05,
    white0: hiKnee + 0.04,
    white1: hiKnee + hiRoom,
    cMax: tC * 1.35 + 0.025,
  };
}

const smooth = (e0: number, e1: number, x: number) => {
  const t = clamp((x - e0) / (e1 - e0), 0, 1);
  return t * t * (3 - 2 * t);
};

/**
 * (b) One pixel: OKLab in, OKLab out (written into `out[0..2]`). GPU twin: keep every operation here
 * expressible in GLSL ES 3.00 (smoothstep, tanh, min/max, sqrt) and every input a uniform.
 */
export function mapPixel(p: ShadeMapParams, L: number, a: number, b: number, out: Float32Array | Float64Array | number[]): void {
  // linear within ±2σ (strand texture keeps its shape); beyond, a soft limit towards ±3.5σ so outliers do
  // not swing to extremes
  let u = (L - p.muL) / p.sdL;
  const au = Math.abs(u);
  if (au > 2) u = Math.sign(u) * (2 + 1.5 * Math.tanh(Math.min(3, (au - 2) / 1.5)));
  let nL = p.tL + u * p.sdL * (u < 0 ? p.gNeg : p.gPos);
  let cf = 1;
  if (L > p.shine0) {
    // keep highlights bright and less saturated, as real shine on dyed hair
    const s = smooth(p.shine0, p.shine1, L);
    nL += (L - p.shine0) * 0.35 * s;
    cf *= 1 - 0.55 * s;
  }
  // soft knee instead of clipping, so strands stay distinct near white and black
  if (nL > p.hiKnee) nL = p.hiKnee + p.hiRoom * Math.tanh((nL - p.hiKnee) / p.hiRoom);
  else if (nL < p.loKnee) nL = p.loKnee - p.loRoom * Math.tanh((p.loKnee - nL) / p.loRoom);
  // less chroma in deep shadow and close to white
  if (nL < 0.3) cf *= 0.35 + 0.65 * (nL / 0.3);
  cf *= 1 - 0.7 * smooth(p.white0, p.white1, nL);
  // the hair's own tonal variation rides on the target; both fade in deep shadow (no colour casts there)
  let na = (p.tA + (a - p.muA) * p.gA) * cf;
  let nb = (p.tB + (b - p.muB) * p.gB) * cf;
  // keep chroma in a plausible range for the target (no neon from a dull target)
  const c = Math.sqrt(na * na + nb * nb);
  if (c > p.cMax) {
    na *= p.cMax / c;
    nb *= p.cMax / c;
  }
  out[0] = nL;
  out[1] = na;
  out[2] = nb;
}
