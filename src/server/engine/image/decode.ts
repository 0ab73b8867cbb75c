/** Bounded, orientation-correct decoding of user photos into 8-bit sRGB (sharp / libvips). */
import sharp, { type Metadata } from 'sharp';
import { EngineInputError, MESSAGES } from '../errors.js';
import type { Rgb } from './raster.js';

export const MAX_BYTES = 10 * 1024 * 1024;
export const MAX_PIXELS = 25_000_000;
export const MIN_SIDE = 64;

sharp.cache(false);
sharp.concurrency(1);

export async function decodeImage(buf: Uint8Array): Promise<Rgb> {
  if (buf.byteLength > MAX_BYTES) throw new EngineInputError(MESSAGES.tooBigBytes, 'too-big');
  if (buf.byteLength < 8) throw new EngineInputError(MESSAGES.undecodable, 'undecodable');
  let meta: Metadata;
  try {
    meta = await sharp(buf, { limitInputPixels: MAX_PIXELS, failOn: 'none' }).metadata();
  } catch (err) {
    const msg = String((err as Error).message ?? '');
    if (/heif|heic/i.test(msg)) throw new EngineInputError(MESSAGES.heic, 'unsupported-format');
    throw new EngineInputError(MESSAGES.undecodable, 'undecodable');
  }
  if (meta.format === 'heif') throw new EngineInputError(MESSAGES.heic, 'unsupported-format');
  if (!['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff'].includes(meta.format ?? '')) throw new EngineInputError(MESSAGES.undecodable, 'unsupported-format');
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (!w || !h) throw new EngineInputError(MESSAGES.undecodable, 'undecodable');
  if (w * h > MAX_PIXELS) throw new EngineInputError(MESSAGES.tooBigPixels, 'too-big');
  if (w < MIN_SIDE || h < MIN_SIDE) throw new EngineInputError(MESSAGES.tooSmall, 'too-small');
  try {
    // first frame of animations; EXIF orientation applied; CMYK / 16-bit / grey / alpha → 8-bit sRGB
    const { data, info } = await sharp(buf, { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`decoded ${info.channels} channels`);
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  } catch (err) {
    if (err instanceof EngineInputError) throw err;
    throw new EngineInputError(MESSAGES.undecodable, 'undecodable');
  }
}

export async function encodePng(img: Rgb): Promise<Buffer> {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .png({ compressionLevel: 4, adaptiveFiltering: false })
    .toBuffer();
}
