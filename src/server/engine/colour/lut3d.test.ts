import { describe, expect, it } from 'vitest';
import { linearRgbToOklab, srgbToLinear } from '@shared/hair/oklab';
import { lutIndex, OKLAB_LUT, readLut } from './lut3d';

const read = (r: number, g: number, b: number) => {
  const out = new Float32Array(3);
  readLut(OKLAB_LUT, r, g, b, out);
  return out;
};
const exact = (r: number, g: number, b: number) => linearRgbToOklab(srgbToLinear(r), srgbToLinear(g), srgbToLinear(b));

describe('the OKLab table', () => {
  it('reads photo colours as OKLab to within 0.001, black and white included', () => {
    for (const [r, g, b] of [
      [0, 0, 0],
      [1, 1, 1],
      [3, 2, 1],
      [12, 9, 7],
      [40, 30, 25],
      [120, 80, 60],
      [200, 170, 140],
      [255, 255, 255],
      [90, 140, 220],
    ]) {
      const e = exact(r, g, b);
      const l = read(r, g, b);
      expect(Math.hypot(l[0] - e.L, l[1] - e.a, l[2] - e.b)).toBeLessThan(0.001);
    }
  });

  it('reads deep-shadow colours between codes through its fine steps, as OKLab to within 0.001', () => {
    let prev = -1;
    for (const v of [0, 2e-5, 1e-4, 3e-4, 6e-4, 1.2e-3, 2.5e-3, 4e-3]) {
      const [r, g, b] = [lutIndex(v), lutIndex(v * 0.9), lutIndex(v * 0.8)];
      expect(r, 'a fine step, not a code').toBeGreaterThanOrEqual(256);
      const out = read(r, g, b);
      const e = linearRgbToOklab(v, v * 0.9, v * 0.8);
      expect(Math.hypot(out[0] - e.L, out[1] - e.a, out[2] - e.b)).toBeLessThan(0.001);
      expect(out[0]).toBeGreaterThan(prev);
      prev = out[0];
    }
    // above the fine range, the nearest code
    expect(lutIndex(srgbToLinear(100))).toBe(100);
  });
});
