import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * A 12-megapixel phone photo made from a portrait fixture: 3024×4032 with sensor grain, stored landscape
 * (4032×3024) with EXIF orientation 6 the way phones write it, JPEG quality 92 (about 3 MB). Used by
 * `npm run bench -- studio` and the studio e2e (decision 115).
 */
export async function phonePhoto(fixture = 'front-dark-long.jpg') {
  const source = readFileSync(path.join(import.meta.dirname, '../fixtures/portraits', fixture));
  const { data, info } = await sharp(source).resize(3024, 4032, { fit: 'cover' }).raw().toBuffer({ resolveWithObject: true });
  let seed = 1;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = Math.max(0, Math.min(255, data[i] + ((seed / 0x7fffffff) * 24 - 12)));
  }
  const jpeg = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .rotate(270)
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 92 })
    .toBuffer();
  const meta = await sharp(jpeg).metadata();
  return { jpeg, width: meta.width ?? 0, height: meta.height ?? 0 };
}
