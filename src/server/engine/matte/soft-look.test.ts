import { describe, expect, it } from 'vitest';
import { fresh } from '../image/scratch';
import { adoptSoftLook, fromSoftView, hairShare, softView, wantsSoftLook } from './soft-look';

const W = 128;
const H = 128;

/** A light smooth wall; grained dark braids at x 16..63, y 16..111; a smooth dark cape at x 72..119, y 64..127. */
function scene(): { width: number; height: number; data: Uint8Array } {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let rgb = [205, 200, 195];
      // braids: rows of dark plaits with lighter partings between them, 6 cells apart
      if (x >= 16 && x < 64 && y >= 16 && y < 112) rgb = (x + (y >> 3)) % 6 < 4 ? [40, 30, 25] : [110, 80, 65];
      else if (x >= 72 && x < 120 && y >= 64) rgb = [30, 30, 35];
      data.set(rgb, (y * W + x) * 3);
    }
  }
  return { width: W, height: H, data };
}

/** A map that is `v` over the given rectangles and 0 elsewhere. */
function map(v: number, ...rects: [number, number, number, number][]): Float32Array {
  const p = new Float32Array(W * H);
  for (const [x0, y0, x1, y1] of rects) for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) p[y * W + x] = v;
  return p;
}

const BRAIDS: [number, number, number, number] = [16, 16, 64, 112];
const CAPE: [number, number, number, number] = [72, 64, 120, 128];

describe('soft look', () => {
  it('runs when the first pass found under an eighth of the photo to be hair, or under 30 % without a face', () => {
    expect(wantsSoftLook(map(0.9, [0, 0, 20, 20]), true)).toBe(true);
    expect(wantsSoftLook(map(0.9, [0, 0, 64, 64]), true)).toBe(false);
    expect(wantsSoftLook(map(0.9, [0, 0, 64, 64]), false)).toBe(true);
    expect(wantsSoftLook(map(0.9, [0, 0, 64, 80]), false)).toBe(false);
    expect(hairShare(map(0.9, [0, 0, 64, 64]))).toBeCloseTo(0.25, 5);
  });

  it('takes the braids the blurred view finds, where the photo is grained, and not the smooth cape it also calls hair', () => {
    const first = map(0.9, [20, 20, 28, 28]);
    const soft = map(0.95, BRAIDS, CAPE);
    expect(adoptSoftLook(first, soft, scene(), fresh, true)).toBe(true);
    let braids = 0;
    for (let y = BRAIDS[1]; y < BRAIDS[3]; y++) for (let x = BRAIDS[0]; x < BRAIDS[2]; x++) if (first[y * W + x] > 0.5) braids++;
    expect(braids / ((BRAIDS[2] - BRAIDS[0]) * (BRAIDS[3] - BRAIDS[1]))).toBeGreaterThan(0.9);
    // inside the cape, beyond the grain window's reach of its edges
    for (let y = CAPE[1] + 8; y < CAPE[3] - 1; y++) for (let x = CAPE[0] + 8; x < CAPE[2] - 8; x++) expect(first[y * W + x]).toBe(0);
    // the first pass's own hair stays
    expect(first[24 * W + 24]).toBeCloseTo(0.95, 5);
  });

  it('leaves the first pass alone when the blurred view finds less than three times its hair', () => {
    const first = map(0.9, BRAIDS);
    const soft = map(0.95, [16, 16, 64, 112], [0, 0, 16, 16]);
    const before = first.slice();
    expect(adoptSoftLook(first, soft, scene(), fresh, true)).toBe(false);
    expect(first).toEqual(before);
  });

  it('without a face, takes the cells the soft look is sure of when they come to half as much hair again', () => {
    // the first pass found the braids' top half (14 % of the photo); the soft look is sure of them down to
    // y 96 and unsure below
    const look = () => {
      const first = map(0.9, [16, 16, 64, 64]);
      const soft = map(0.9, [16, 16, 64, 96]);
      for (let y = 96; y < 112; y++) for (let x = 16; x < 64; x++) soft[y * W + x] = 0.6;
      return { first, soft };
    };
    const withFace = look();
    const before = withFace.first.slice();
    expect(adoptSoftLook(withFace.first, withFace.soft, scene(), fresh, true)).toBe(false);
    expect(withFace.first).toEqual(before);

    const { first, soft } = look();
    expect(adoptSoftLook(first, soft, scene(), fresh, false)).toBe(true);
    for (let y = 68; y < 92; y += 4) for (let x = 24; x < 56; x += 4) expect(first[y * W + x]).toBeGreaterThan(0.5);
    for (let y = 100; y < 112; y += 4) for (let x = 24; x < 56; x += 4) expect(first[y * W + x]).toBe(0);

    // sure of less than half as much again: left alone
    const little = map(0.9, [16, 16, 64, 64]);
    expect(adoptSoftLook(little, map(0.9, [16, 16, 64, 80]), scene(), fresh, false)).toBe(false);
  });

  it('shows the network the photo blurred and from a step back, and maps what it sees back onto the photo', async () => {
    // a light photo with a dark square in its top left corner, 32 pixels a side
    const photo = { width: W, height: H, data: new Uint8Array(W * H * 3).fill(230) };
    for (let y = 0; y < 32; y++) photo.data.fill(20, y * W * 3, (y * W + 32) * 3);
    const view = await softView(photo);
    expect([view.width, view.height]).toEqual([W, H]);
    const grey = (x: number, y: number) => view.data[(y * W + x) * 3];
    // shrunk to 70 % in the middle (the square now from about 19 to 42), the border copied from the photo's edges
    expect(grey(36, 36)).toBeLessThan(60);
    expect(grey(50, 50)).toBeGreaterThan(200);
    expect(grey(2, 2)).toBeLessThan(60);
    expect(grey(W - 3, H - 3)).toBeGreaterThan(200);
    // the network "sees" hair where the view is dark: mapped back, that is the photo's square
    const seen = new Float32Array(W * H);
    for (let i = 0; i < W * H; i++) seen[i] = view.data[i * 3] < 128 ? 1 : 0;
    const back = fromSoftView(seen, W, fresh);
    const at = (x: number, y: number) => back[y * W + x];
    for (const [x, y] of [
      [2, 2],
      [24, 24],
      [28, 4],
    ])
      expect(at(x, y)).toBe(1);
    for (const [x, y] of [
      [40, 40],
      [36, 8],
      [W - 2, H - 2],
    ])
      expect(at(x, y)).toBe(0);
  });
});
