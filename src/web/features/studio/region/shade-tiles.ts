import { hairStats } from '@shared/hair/hair-stats';
import { linearRgbToOklabInto, linearToSrgb, oklabToLinearRgb, srgbToLinear, type OkLab } from '@shared/hair/oklab';
import { mapPixel, shadeMapParams } from '@shared/hair/shade-map';

const LINEAR = Float32Array.from({ length: 256 }, (_, i) => srgbToLinear(i));

/** The region at a smaller size: each small pixel the mean of the photo pixels it covers (an area average). */
export function shrinkMatte(matte: Uint8Array, width: number, height: number, w: number, h: number): Uint8Array {
  const sum = new Float64Array(w * h);
  const count = new Uint32Array(w * h);
  for (let y = 0; y < height; y++) {
    const row = Math.min(h - 1, Math.floor((y * h) / height)) * w;
    for (let x = 0; x < width; x++) {
      const k = row + Math.min(w - 1, Math.floor((x * w) / width));
      sum[k] += matte[y * width + x];
      count[k]++;
    }
  }
  const out = new Uint8Array(w * h);
  for (let k = 0; k < out.length; k++) out[k] = count[k] ? Math.round(sum[k] / count[k]) : 0;
  return out;
}

/**
 * Shades painted on the corrected region of a small copy of the photo: the same colour mapping as the engine
 * and the live mirror (`shadeMapParams` and `mapPixel` of @shared/hair/shade-map), blended by the region's own
 * softness, so the grid shows each shade where the render will paint it. null when the region holds too little
 * hair to read its colour.
 */
export function paintShades(
  rgba: Uint8ClampedArray,
  alpha: Uint8Array,
  width: number,
  height: number,
  targets: OkLab[],
): Uint8ClampedArray<ArrayBuffer>[] | null {
  const stats = hairStats(rgba, alpha, width, height, 2);
  if (!stats) return null;
  // each hair pixel's OKLab once, for every shade
  const where: number[] = [];
  for (let i = 0; i < alpha.length; i++) if (alpha[i]) where.push(i);
  const lab = new Float32Array(where.length * 3);
  for (let k = 0; k < where.length; k++) {
    const o = where[k] * 4;
    linearRgbToOklabInto(LINEAR[rgba[o]], LINEAR[rgba[o + 1]], LINEAR[rgba[o + 2]], lab, k * 3);
  }
  const mapped = new Float64Array(3);
  return targets.map((target) => {
    const params = shadeMapParams(stats, { mean: target });
    const out = new Uint8ClampedArray(rgba);
    for (let k = 0; k < where.length; k++) {
      const i = where[k];
      const o = i * 4;
      const a = alpha[i] / 255;
      mapPixel(params, lab[k * 3], lab[k * 3 + 1], lab[k * 3 + 2], mapped);
      const rgb = oklabToLinearRgb(mapped[0], mapped[1], mapped[2]);
      for (let c = 0; c < 3; c++) {
        const lin = LINEAR[rgba[o + c]];
        out[o + c] = Math.round(linearToSrgb(lin + (rgb[c] - lin) * a));
      }
    }
    return out;
  });
}
