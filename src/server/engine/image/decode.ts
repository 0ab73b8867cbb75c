/** Bounded, orientation-correct decoding of user photos into 8-bit sRGB (sharp / libvips). */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { EngineInputError, MESSAGES } from '../errors';
import type { Box, Rgb } from './raster';

const MAX_BYTES = 10 * 1024 * 1024;
const MAX_PIXELS = 25_000_000;
const MIN_SIDE = 64;

sharp.cache(false);
sharp.concurrency(1);

export async function decodeImage(buf: Uint8Array): Promise<Rgb> {
  if (buf.byteLength > MAX_BYTES) throw new EngineInputError(MESSAGES.tooBigBytes, 'too-big');
  if (buf.byteLength < 8) throw new EngineInputError(MESSAGES.undecodable, 'undecodable');
  let meta: Metadata;
  try {
    // header only: no pixel limit needed here, the size is checked below before any decoding
    meta = await sharp(buf, { limitInputPixels: false, failOn: 'none' }).metadata();
  } catch (err) {
    const msg = String((err as Error).message ?? '');
    if (/pixel limit/i.test(msg)) throw new EngineInputError(MESSAGES.tooBigPixels, 'too-big');
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

/** A native libvips operation on an RGB image, back as RGB: the working copies the pipeline makes. */
async function native(img: Rgb, op: (s: Sharp) => Sharp): Promise<Rgb> {
  const { data, info } = await op(sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } }))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/** A downscaled copy (long side ≤ maxSide) made natively by libvips; the same image when already small. */
export async function downscale(img: Rgb, maxSide: number): Promise<Rgb> {
  const s = Math.min(1, maxSide / Math.max(img.width, img.height));
  if (s >= 1) return img;
  const width = Math.max(1, Math.round(img.width * s));
  const height = Math.max(1, Math.round(img.height * s));
  return native(img, (v) => v.resize(width, height, { fit: 'fill', kernel: 'linear' }));
}

/** The region `box` (inclusive bounds) of the photo, stretched to exactly w×h natively (the hair model's second look). */
export function cropExact(img: Rgb, box: Box, width: number, height: number): Promise<Rgb> {
  return native(img, (v) =>
    v.extract({ left: box.x0, top: box.y0, width: box.x1 - box.x0 + 1, height: box.y1 - box.y0 + 1 }).resize(width, height, { fit: 'fill', kernel: 'linear' }),
  );
}

/** Stretch to exactly w×h natively (the hair model's 512×512 input). */
export function resizeExact(img: Rgb, width: number, height: number): Promise<Rgb> {
  return native(img, (v) => v.resize(width, height, { fit: 'fill', kernel: 'linear' }));
}

/** A Gaussian-blurred copy made natively (the soft look, matte/soft-look.ts). */
export function blurExact(img: Rgb, sigma: number): Promise<Rgb> {
  return native(img, (v) => v.blur(sigma));
}

/** The image shrunk by `k` into the middle of a frame of its own size, the border copied from its edges (the soft look, matte/soft-look.ts). */
export function stepBackExact(img: Rgb, k: number): Promise<Rgb> {
  const w = Math.round(img.width * k);
  const h = Math.round(img.height * k);
  const left = Math.floor((img.width - w) / 2);
  const top = Math.floor((img.height - h) / 2);
  return native(img, (v) =>
    v.resize(w, h, { fit: 'fill', kernel: 'linear' }).extend({ left, top, right: img.width - w - left, bottom: img.height - h - top, extendWith: 'copy' }),
  );
}
