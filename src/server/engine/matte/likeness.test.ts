import { describe, expect, it } from 'vitest';
import { fresh } from '../image/scratch';
import { growHairByLikeness } from './likeness';

const W = 96;
const H = 96;

/** A light smooth wall with a block of grainy dark-brown hair (x 16..79, y 16..79) and a smooth brown patch beside it (x 80..95). */
function scene(): { grid: { width: number; height: number; data: Uint8Array }; inHair: (x: number, y: number) => boolean } {
  const data = new Uint8Array(W * H * 3);
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 61) - 30;
  const inHair = (x: number, y: number) => x >= 16 && x < 80 && y >= 16 && y < 80;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      let rgb = [200 + (x >> 4), 198, 196];
      if (inHair(x, y)) {
        const v = noise();
        rgb = [90 + v, 60 + v, 40 + v];
      } else if (x >= 80 && y >= 16 && y < 80) rgb = [90, 60, 40];
      data.set(rgb, i);
    }
  }
  return { grid: { width: W, height: H, data }, inHair };
}

describe('growHairByLikeness', () => {
  it('adds the hair the network was unsure of, and leaves the wall and a smooth patch of the same colour', () => {
    const { grid, inHair } = scene();
    const prob = new Float32Array(W * H);
    const kept = new Float32Array(W * H);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        // the network is sure of most of the hair, unsure of its right edge (within the growth's reach) and of
        // the smooth patch
        if (inHair(x, y)) prob[i] = x < 68 ? 0.95 : 0.3;
        else if (x >= 80 && y >= 16 && y < 80) prob[i] = 0.3;
        if (inHair(x, y) && x < 68) kept[i] = prob[i];
      }
    }
    const likeness = new Float32Array(W * H);
    expect(growHairByLikeness(kept, prob, grid, likeness, fresh)).toBe(true);
    // the likeness alone (without the network's belief): hair-like on the hair, background-like on the wall
    expect(likeness[40 * W + 40]).toBeGreaterThan(0);
    expect(likeness[5 * W + 5]).toBeLessThan(0);
    let unsureFound = 0;
    let unsure = 0;
    for (let y = 16; y < 80; y++) {
      for (let x = 68; x < 80; x++) {
        unsure++;
        if (kept[y * W + x] >= 0.5) unsureFound++;
      }
    }
    expect(unsureFound / unsure).toBeGreaterThan(0.95);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        // the patch's first columns take the hair's grain in their texture window (2 cells): they may go either way
        const patchEdge = x >= 80 && x < 83 && y >= 16 && y < 80;
        if (!inHair(x, y) && !patchEdge) expect(kept[y * W + x]).toBeLessThan(0.5);
      }
    }
  });

  it('changes nothing when too little hair was found to learn its look from', () => {
    const { grid } = scene();
    const prob = new Float32Array(W * H);
    const kept = new Float32Array(W * H);
    for (let y = 20; y < 30; y++) for (let x = 20; x < 30; x++) prob[y * W + x] = kept[y * W + x] = 0.95;
    for (let y = 16; y < 80; y++) for (let x = 30; x < 80; x++) prob[y * W + x] = 0.3;
    const before = kept.slice();
    expect(growHairByLikeness(kept, prob, grid, new Float32Array(W * H), fresh)).toBe(false);
    expect(kept).toEqual(before);
  });
});
