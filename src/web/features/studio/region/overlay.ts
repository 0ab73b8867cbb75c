/** The region's tint and its outline, over the photo: an indigo no hair colour or skin has, so it reads as "selected", not as a dye. */
const TINT = [79, 70, 229] as const;
const TINT_ALPHA = 0.36;
const LINE = [255, 255, 255, 235] as const;

/** RGBA packed as the platform's 32-bit pixels (little-endian everywhere browsers run). */
const pack = (r: number, g: number, b: number, a: number) => ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
/** The tint for each value of the region (its soft edge stays soft). */
const TINTS = Uint32Array.from({ length: 256 }, (_, m) => pack(TINT[0], TINT[1], TINT[2], Math.round(m * TINT_ALPHA)));
const OUTLINE = pack(LINE[0], LINE[1], LINE[2], LINE[3]);

/**
 * Draws the hair region into `out` (RGBA, the photo's size): a see-through tint as soft as the region's own
 * edge, and a line where it ends, `line` photo pixels wide so it stays visible when the photo is shown small.
 * One 32-bit write per pixel and the neighbours looked at only inside the hair: ~10 ms for 1200×1600.
 */
export function paintRegion(out: Uint8ClampedArray, matte: Uint8Array, width: number, height: number, line: number): void {
  const px = new Uint32Array(out.buffer, out.byteOffset, width * height);
  const d = Math.max(1, Math.round(line));
  const dy = d * width;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const top = y >= d;
    const bottom = y < height - d;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      const m = matte[i];
      px[i] =
        m >= 128 && (x < d || x >= width - d || !top || !bottom || matte[i - d] < 128 || matte[i + d] < 128 || matte[i - dy] < 128 || matte[i + dy] < 128)
          ? OUTLINE
          : TINTS[m];
    }
  }
}

/** Share of the photo's pixels that are hair (at least half), for the words a screen reader hears. */
export function hairShare(matte: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < matte.length; i++) if (matte[i] >= 128) n++;
  return matte.length ? n / matte.length : 0;
}
