import { describe, expect, it } from 'vitest';
import { linearRgbToOklab, srgbToLinear } from '@shared/hair/oklab';
import { OKLAB_LUT, readLut } from './lut3d';

const read = (r: number, g: number, b: number) => {
  const out = new Float32Array(3);
  readLut(OKLAB_LUT, r, g, b, out, 0);
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
});
