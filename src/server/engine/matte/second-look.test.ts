import { describe, expect, it } from 'vitest';
import { hairRegionOfInterest, mergeSecondLook } from './second-look';

const PHOTO = { width: 1000, height: 1000 };

/** A 100×100 grid with cells [x0, x1] × [y0, y1] (inclusive) set to 1. */
function grid(x0: number, y0: number, x1: number, y1: number) {
  const data = new Float32Array(100 * 100);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) data[y * 100 + x] = 1;
  return { width: 100, height: 100, data };
}

describe('second look region', () => {
  it('crops around the hair found, grown by a fifth on each side', () => {
    // hair over grid cells 20..39 × 10..29 of a 100×100 grid over a 1000×1000 photo: 200×200 pixels
    const roi = hairRegionOfInterest(grid(20, 10, 39, 29), PHOTO, null);
    expect(roi).toEqual({ x0: 160, y0: 60, x1: 439, y1: 339 });
  });

  it('takes no second look when the region is the whole photo (the model would see the same input again)', () => {
    expect(hairRegionOfInterest(grid(5, 5, 94, 94), PHOTO, null)).toBeNull();
  });

  it('takes no second look when a face and its hair fill half the photo or more, and one when they fill less', () => {
    const face = { cx: 500, cy: 450, w: 260, h: 320, ux: 0, uy: 1, mesh: [] };
    // hair around the face: the grown region is 728×952 of a 1000×1000 photo
    const kept = grid(30, 15, 70, 80);
    expect(hairRegionOfInterest(kept, PHOTO, face)).toBeNull();
    // the same head at half the size (a photo taken from further away): looked at again
    const far = hairRegionOfInterest(grid(44, 37, 56, 60), PHOTO, { ...face, w: 100, h: 130 });
    expect(far).not.toBeNull();
    // without a face the same region is looked at again (faceless photos gain most from it)
    expect(hairRegionOfInterest(kept, PHOTO, null)).not.toBeNull();
  });

  it('takes no second look when no hair was kept', () => {
    expect(hairRegionOfInterest({ width: 100, height: 100, data: new Float32Array(100 * 100) }, PHOTO, null)).toBeNull();
  });
});

describe('second look merge', () => {
  it('keeps the surer of the two looks inside the crop and leaves the rest of the map alone', () => {
    const prob = new Float32Array(100 * 100).fill(0.3);
    const crop = new Float32Array(16 * 16).fill(0.9);
    mergeSecondLook({ width: 100, height: 100, data: prob }, PHOTO, { width: 16, height: 16, data: crop }, { x0: 200, y0: 200, x1: 599, y1: 599 });
    expect(prob[40 * 100 + 40]).toBeCloseTo(0.9, 5); // middle of the crop
    expect(prob[10 * 100 + 10]).toBeCloseTo(0.3, 5); // outside
    expect(prob[20 * 100 + 40]).toBeGreaterThan(0.3); // the crop's top border: faded in, not a step
    expect(prob[20 * 100 + 40]).toBeLessThan(0.9);
    const lower = new Float32Array(16 * 16).fill(0.1);
    const before = prob.slice();
    mergeSecondLook({ width: 100, height: 100, data: prob }, PHOTO, { width: 16, height: 16, data: lower }, { x0: 200, y0: 200, x1: 599, y1: 599 });
    expect(prob).toEqual(before); // a less sure second look takes nothing away
  });
});
