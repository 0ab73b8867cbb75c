import { linearRgbToOklabInto, srgbToLinear, type OkLab } from './oklab';
import type { HairColourStats } from './shade-map';

/** The hair's colour distribution in OKLab (what shadeMapParams maps from), and how much of the frame is hair. */
export interface HairStats extends HairColourStats {
  /** Share of the sampled pixels that are hair (0–1): too little hair and the statistics mean nothing. */
  coverage: number;
}

const LINEAR = Float64Array.from({ length: 256 }, (_, i) => srgbToLinear(i));

/**
 * Mean and spread of the confidently-hair pixels (probability ≥ 0.6), sampling every `step`-th pixel of
 * every `step`-th row: a 128×128 sample describes the hair as well as the full frame does.
 */
export function hairStats(rgba: Uint8ClampedArray, mask: Uint8Array, width: number, height: number, step = 4): HairStats | null {
  const lab = new Float64Array(3);
  let n = 0;
  let seen = 0;
  let sL = 0,
    sa = 0,
    sb = 0,
    qL = 0,
    qa = 0,
    qb = 0;
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      seen++;
      const i = y * width + x;
      if (mask[i] < 153) continue;
      const o = i * 4;
      linearRgbToOklabInto(LINEAR[rgba[o]], LINEAR[rgba[o + 1]], LINEAR[rgba[o + 2]], lab, 0);
      n++;
      sL += lab[0];
      sa += lab[1];
      sb += lab[2];
      qL += lab[0] * lab[0];
      qa += lab[1] * lab[1];
      qb += lab[2] * lab[2];
    }
  }
  if (n < 64) return null;
  const m = { L: sL / n, a: sa / n, b: sb / n };
  const sd = (q: number, mu: number) => Math.sqrt(Math.max(0, q / n - mu * mu));
  return { mean: m, sd: { L: sd(qL, m.L), a: sd(qa, m.a), b: sd(qb, m.b) }, coverage: n / seen };
}

/** Exponential moving average of statistics, so the colour does not pulse as the mask breathes. */
export function blendStats(prev: HairStats | null, next: HairStats, k = 0.25): HairStats {
  if (!prev) return next;
  const mix = (p: OkLab, q: OkLab): OkLab => ({ L: p.L + (q.L - p.L) * k, a: p.a + (q.a - p.a) * k, b: p.b + (q.b - p.b) * k });
  return { mean: mix(prev.mean, next.mean), sd: mix(prev.sd, next.sd), coverage: prev.coverage + (next.coverage - prev.coverage) * k };
}
