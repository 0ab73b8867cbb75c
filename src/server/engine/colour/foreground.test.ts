import { describe, expect, it } from 'vitest';
import { SRGB_TO_LINEAR, type Rgb } from '../image/raster';
import { fresh } from '../image/scratch';
import { foregroundAt, foregroundFill, foregroundJob } from './foreground';

/**
 * Dark hair (code 30) on the left, bright skin (code 200) on the right. The matte falls from 1 to 0 over
 * columns 28..35, but the hair really ends at column 32: columns 28..32 are dark strands (code 12, darker
 * than the hair's mean), columns 33..35 mixes of hair and skin.
 */
function scene(): { img: Rgb; alpha: Float32Array } {
  const w = 64;
  const h = 48;
  const data = new Uint8Array(w * h * 3);
  const alpha = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const v = x < 28 ? 30 : x <= 32 ? 12 : x <= 35 ? 30 + (x - 32) * 40 : 200;
      data.fill(v, (y * w + x) * 3, (y * w + x) * 3 + 3);
      alpha[y * w + x] = x < 28 ? 1 : x > 35 ? 0 : 1 - (x - 27) / 9;
    }
  return { img: { width: w, height: h, data }, alpha };
}

describe('the hair colour at the soft edge', () => {
  it('is never darker than the darkest hair nor lighter than both the pixel and the hair around it', () => {
    const { img, alpha } = scene();
    const job = foregroundJob(img, alpha, { x0: 0, y0: 0, x1: img.width - 1, y1: img.height - 1 }, 8, fresh);
    foregroundFill(job);
    const hairMean = SRGB_TO_LINEAR[30];
    const darkest = SRGB_TO_LINEAR[12];
    const out = new Float32Array(3);
    const y = 24;
    for (let x = 28; x <= 35; x++) {
      const i = y * img.width + x;
      foregroundAt(job.grid, img, i, alpha[i], out);
      const I = SRGB_TO_LINEAR[img.data[i * 3]];
      // a dark strand at the edge stays a dark strand: it was estimated as black here, which a lift paints
      // its darkest tone
      expect(out[0], `column ${x}`).toBeGreaterThanOrEqual(Math.min(I, darkest));
      expect(out[0], `column ${x}`).toBeLessThanOrEqual(Math.max(I, hairMean) * 1.1);
      if (x <= 32) expect(out[0], `column ${x}`).toBeGreaterThan(0.5 * I);
    }
  });
});
