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

/**
 * Dark hair (code 30, its strands 20 to 40) on the left, a bright wall (code 220) on the right; the hair really
 * ends at column 30, and columns 31..34 are mixes of hair and wall (a quarter to all of the way). The matte is
 * 1 to column 28 and then falls slowly, staying above 0.9 over the mixes (the network's soft edge a few pixels
 * outside the hair, decision 205). `wall` swaps the two for a dark room behind lighter hair.
 */
function wallScene(dark: boolean): { img: Rgb; alpha: Float32Array; mix: (x: number) => number } {
  const w = 64;
  const h = 48;
  const data = new Uint8Array(w * h * 3);
  const alpha = new Float32Array(w * h);
  const hair = dark ? 30 : 160;
  const wall = dark ? 220 : 10;
  const mix = (x: number) => (x <= 30 ? 0 : Math.min(1, (x - 30) / 4));
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const strand = x <= 30 ? ((x + y) % 3) * 10 - 10 : 0;
      const lin = (1 - mix(x)) * SRGB_TO_LINEAR[hair + strand] + mix(x) * SRGB_TO_LINEAR[wall];
      const v = SRGB_TO_LINEAR.findIndex((c) => c >= lin);
      data.fill(v, (y * w + x) * 3, (y * w + x) * 3 + 3);
      alpha[y * w + x] = x <= 28 ? 1 : Math.max(0, 1 - (x - 28) * 0.015 - Math.max(0, x - 34) * 0.2);
    }
  return { img: { width: w, height: h, data }, alpha, mix };
}

describe("the hair's share at the soft edge", () => {
  it('beside a bright wall, is no more than the pixel colour says: a mix is not read as a light strand', () => {
    const { img, alpha, mix } = wallScene(true);
    const job = foregroundJob(img, alpha, { x0: 0, y0: 0, x1: img.width - 1, y1: img.height - 1 }, 8, fresh);
    foregroundFill(job);
    const out = new Float32Array(3);
    const y = 24;
    for (let x = 29; x <= 34; x++) {
      const i = y * img.width + x;
      const share = foregroundAt(job.grid, img, i, alpha[i], out);
      // the hair's own strands keep the matte's α (0.91 to 0.99 here); a pixel half wall or more is at most a
      // little more hair than it really is (the local hair mean counts the mixes too)
      if (x <= 30) expect(share, `column ${x}`).toBe(alpha[i]);
      else if (mix(x) >= 0.5) expect(share, `column ${x}: ${mix(x)} wall`).toBeLessThanOrEqual(1 - mix(x) + 0.2);
      expect(share, `column ${x}`).toBeLessThanOrEqual(alpha[i]);
    }
  });

  it("beside a darker background, keeps the matte: the hair's darkest strands lie towards it", () => {
    const { img, alpha } = wallScene(false);
    const job = foregroundJob(img, alpha, { x0: 0, y0: 0, x1: img.width - 1, y1: img.height - 1 }, 8, fresh);
    foregroundFill(job);
    const out = new Float32Array(3);
    for (let x = 29; x <= 34; x++) {
      const i = 24 * img.width + x;
      expect(foregroundAt(job.grid, img, i, alpha[i], out), `column ${x}`).toBe(alpha[i]);
    }
  });
});
