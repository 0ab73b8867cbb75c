import { describe, expect, it } from 'vitest';
import { boxMean } from './raster';

/** The mean over a (2r+1)² window with coordinates clamped at the borders, pixel by pixel. */
function bruteBoxMean(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let dy = -r; dy <= r; dy++)
        for (let dx = -r; dx <= r; dx++) s += src[Math.min(h - 1, Math.max(0, y + dy)) * w + Math.min(w - 1, Math.max(0, x + dx))];
      out[y * w + x] = s / (2 * r + 1) ** 2;
    }
  return out;
}

describe('boxMean', () => {
  it('matches the clamped window mean on planes narrower, as wide as and wider than the window', () => {
    for (const [w, h, r] of [
      [1, 5, 2],
      [3, 4, 4],
      [5, 5, 2],
      [6, 3, 2],
      [9, 7, 3],
      [40, 11, 5],
    ]) {
      const src = Float32Array.from({ length: w * h }, (_, i) => ((i * 37) % 11) - 3.5);
      const got = boxMean(src, w, h, r);
      const want = bruteBoxMean(src, w, h, r);
      for (let i = 0; i < got.length; i++) expect(got[i]).toBeCloseTo(want[i], 5);
      // in place gives the same
      const inPlace = boxMean(src, w, h, r, src);
      for (let i = 0; i < got.length; i++) expect(inPlace[i]).toBe(got[i]);
    }
  });
});
