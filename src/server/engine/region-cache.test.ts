import { describe, expect, it } from 'vitest';
import type { HairRegion } from './pipeline';
import { RegionCache } from './region-cache';

const HEAD: HairRegion['head'] = { cx: 60, cy: 40, ux: 0, uy: 1, faceWidth: 50 };

/** A 120×160 region whose top rows are hair with a soft edge, like the engine's. */
function region(seed: number): HairRegion {
  const matte = new Uint8Array(120 * 160);
  for (let i = 0; i < matte.length; i++) {
    const y = Math.floor(i / 120);
    matte[i] = y < 60 + seed ? 255 : y < 64 + seed ? (255 * (64 + seed - y)) / 4 : 0;
  }
  return { width: 120, height: 160, matte, faces: [], main: -1, head: HEAD, belief: null, person: null };
}

describe('RegionCache', () => {
  it('gives back the region it was given, byte for byte', async () => {
    const cache = new RegionCache(2);
    const r = region(3);
    await cache.set('a', r);
    const back = await cache.get('a');
    expect(back).toMatchObject({ width: 120, height: 160, faces: [], main: -1, head: HEAD });
    expect(Buffer.from(back!.matte).equals(Buffer.from(r.matte))).toBe(true);
    expect(await cache.get('b')).toBeUndefined();
  });

  it("gives back the network's belief with it, byte for byte", async () => {
    const cache = new RegionCache(2);
    const data = new Uint8Array(64 * 64).map((_, i) => (i * 7) % 256);
    await cache.set('a', { ...region(0), belief: { width: 64, height: 64, data } });
    const back = await cache.get('a');
    expect(back!.belief).toMatchObject({ width: 64, height: 64 });
    expect(Buffer.from(back!.belief!.data).equals(Buffer.from(data))).toBe(true);
  });

  it('lets go of the least recently used region first', async () => {
    const cache = new RegionCache(2);
    await cache.set('a', region(1));
    await cache.set('b', region(2));
    await cache.get('a');
    await cache.set('c', region(3));
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toBeDefined();
    expect(await cache.get('c')).toBeDefined();
  });
});
