import sharp from 'sharp';

/** Open Graph's recommended card size. */
const WIDTH = 1200;
const HEIGHT = 630;
const GAP = 6;

/**
 * The link preview when the owner shows the original: before on the left, after on the right, each
 * cropped to half the card around what draws the eye (the face and hair), split by a thin white line.
 */
export async function compareCard(before: Uint8Array, after: Uint8Array): Promise<Buffer> {
  const half = (WIDTH - GAP) / 2;
  const fit = (img: Uint8Array) => sharp(img).rotate().resize(half, HEIGHT, { fit: 'cover', position: sharp.strategy.attention }).toBuffer();
  const [left, right] = await Promise.all([fit(before), fit(after)]);
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#ffffff' } })
    .composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: half + GAP, top: 0 },
    ])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
