/** The hair regions of recent photos, kept by the engine between the preview and the renders (decision 138). */
import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';
import type { Belief } from '@shared/hair/apply-corrections';
import type { HairRegion } from './pipeline';

const pack = promisify(deflateRaw);
const unpack = promisify(inflateRaw);

/**
 * Deflate's fastest level: a region's matte is mostly runs of 0 and 255, 1.9 MB at 1200×1600 and about 0.1 MB
 * packed, in a few milliseconds each way on zlib's own threads. Kept raw, sixteen of them held ~50 MB of the
 * engine's peak RSS (bench/engine.bench.ts at 1200×1600: 482 MB, 429 MB with one entry).
 */
const PACK_LEVEL = 1;

type Packed = Omit<HairRegion, 'matte' | 'belief'> & { matte: Buffer; belief: (Omit<Belief, 'data'> & { data: Buffer }) | null };

const bytes = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/** Least recently used first out; each region's matte and belief (256 KB raw, decision 187) are stored deflated. */
export class RegionCache {
  private readonly entries = new Map<string, Packed>();
  constructor(private readonly size: number) {}

  async get(key: string): Promise<HairRegion | undefined> {
    const packed = this.entries.get(key);
    if (!packed) return undefined;
    this.entries.delete(key);
    this.entries.set(key, packed);
    const [matte, belief] = await Promise.all([unpack(packed.matte), packed.belief && unpack(packed.belief.data)]);
    return { ...packed, matte: bytes(matte), belief: packed.belief && belief && { ...packed.belief, data: bytes(belief) } };
  }

  async set(key: string, region: HairRegion): Promise<void> {
    const [matte, belief] = await Promise.all([pack(region.matte, { level: PACK_LEVEL }), region.belief && pack(region.belief.data, { level: PACK_LEVEL })]);
    this.entries.delete(key);
    this.entries.set(key, { ...region, matte, belief: region.belief && belief && { ...region.belief, data: belief } });
    while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }
}
