import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { LIMITS } from '@shared/constants';
import { UPLOAD_TOO_LARGE } from '@shared/studio/generate';
import { STUDIO_UPLOAD } from '@shared/studio/upload';
import { MESSAGES } from '../../engine/errors';
import { AppError } from '../../http/app-error';

/** Formats the studio takes, decided by the file's magic bytes, never by the declared type or name. */
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/tiff']);
/** The most one image may weigh as received: the studio sends working-size JPEGs (decision 115). */
const MAX_BYTES = STUDIO_UPLOAD.maxImageBytes;
const MAX_PIXELS = LIMITS.studioMegapixels * 1_000_000;
/** The long side the studio works at (decision 031): sharp enough to download, quick to render and send. */
const WORKING_SIDE = STUDIO_UPLOAD.photoSide;

const UPLOAD_MESSAGES = {
  empty: 'This file is empty. Please choose a photo.',
  notBase64: "We couldn't read this photo. Please choose the file again.",
  ...MESSAGES,
  tooBigUpload: UPLOAD_TOO_LARGE.photo,
  tooBigReference: UPLOAD_TOO_LARGE.reference,
} as const;

export interface PreparedImage {
  /** JPEG, EXIF orientation applied, no metadata, long side at most WORKING_SIDE. */
  jpeg: Buffer;
  width: number;
  height: number;
  sourceType: string;
}

const invalid = (message: string, field: string) => new AppError('invalid-argument', message, { field });

/** Base64 (optionally a data: URL) to bytes; malformed input is refused rather than silently truncated. */
function decodeBase64(value: string, field: string): Buffer {
  const body = value.startsWith('data:') ? value.slice(value.indexOf(',') + 1) : value;
  const clean = body.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean)) throw invalid(UPLOAD_MESSAGES.notBase64, field);
  return Buffer.from(clean, 'base64');
}

/**
 * Checks an uploaded photo before anything is charged or stored: at most 2 MB as received (decision 115),
 * a real JPEG, PNG,
 * WebP, GIF, AVIF or TIFF by its bytes, at most 25 megapixels (checked from the header, so a
 * decompression bomb is refused before it is decoded), then re-encoded with orientation applied and
 * every metadata block (EXIF, GPS, XMP, ICC) dropped.
 */
export async function prepareImage(value: string, field = 'imageBase64'): Promise<PreparedImage> {
  const bytes = decodeBase64(value, field);
  if (bytes.byteLength === 0) throw invalid(UPLOAD_MESSAGES.empty, field);
  if (bytes.byteLength > MAX_BYTES) throw invalid(field === 'referenceBase64' ? UPLOAD_MESSAGES.tooBigReference : UPLOAD_MESSAGES.tooBigUpload, field);
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === 'image/heic' || type?.mime === 'image/heif') throw invalid(UPLOAD_MESSAGES.heic, field);
  if (!type || !ACCEPTED.has(type.mime)) throw invalid(UPLOAD_MESSAGES.undecodable, field);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid(UPLOAD_MESSAGES.undecodable, field);
  }
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (!w || !h) throw invalid(UPLOAD_MESSAGES.undecodable, field);
  if (w * h > MAX_PIXELS) throw invalid(UPLOAD_MESSAGES.tooBigPixels, field);
  if (Math.min(w, h) < 64) throw invalid(UPLOAD_MESSAGES.tooSmall, field);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize({ width: WORKING_SIDE, height: WORKING_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height, sourceType: type.mime };
  } catch {
    throw invalid(UPLOAD_MESSAGES.undecodable, field);
  }
}
