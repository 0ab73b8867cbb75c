import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../tests/support/engine-support';
import { encodePng } from './png';
import { fresh } from './scratch';
import type { Rgb } from './raster';

function noise(width: number, height: number, seed = 7): Rgb {
  const data = new Uint8Array(width * height * 3);
  let s = seed;
  for (let i = 0; i < data.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    data[i] = s >>> 24;
  }
  return { width, height, data };
}

/** The IDAT payload, inflated by zlib itself (which checks the Adler-32 trailer). */
function inflateIdat(png: Buffer): Buffer {
  let at = 8;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + len);
    expect(png.readUInt32BE(at + 8 + len), `${type} CRC`).toBe(zlib.crc32(png.subarray(at + 4, at + 8 + len)) >>> 0);
    if (type === 'IDAT') idat.push(body);
    at += 12 + len;
  }
  return zlib.inflateSync(Buffer.concat(idat));
}

describe('encodePng', () => {
  it.each([
    ['a photo', 0, 0],
    ['noise, odd size', 333, 97],
    ['one row', 50, 1],
    ['fewer rows than slices', 3, 2],
    ['one pixel', 1, 1],
  ])('round-trips %s exactly through libvips and zlib', async (_label, w, h) => {
    let img: Rgb;
    if (w === 0) {
      const { data, info } = await sharp(fixture('curly-blonde')).raw().toBuffer({ resolveWithObject: true });
      img = { width: info.width, height: info.height, data: new Uint8Array(data) };
    } else img = noise(w, h);
    for (const slices of [1, 2, 3]) {
      const png = await encodePng(img, fresh, slices);
      const back = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      expect(back.info).toMatchObject({ width: img.width, height: img.height, channels: 3 });
      expect(Buffer.compare(back.data, Buffer.from(img.data))).toBe(0);
      expect(inflateIdat(png).length).toBe((img.width * 3 + 1) * img.height);
    }
  });

  it('is smaller than the raw pixels for a photo', async () => {
    const { data, info } = await sharp(fixture('front-dark-long')).raw().toBuffer({ resolveWithObject: true });
    const png = await encodePng({ width: info.width, height: info.height, data });
    expect(png.length).toBeLessThan(data.length * 0.5);
  });
});
