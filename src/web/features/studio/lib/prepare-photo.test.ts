import { describe, expect, it } from 'vitest';
import { STUDIO_UPLOAD } from '@shared/studio/upload';
import { MSG } from '@shared/messages';
import { fitInside, preparePhoto } from './prepare-photo';

describe('fitInside', () => {
  it('fits a photo into the working size the way the server does (fit inside, never enlarged)', () => {
    expect(fitInside(3024, 4032, STUDIO_UPLOAD.photoSide)).toEqual({ width: 1200, height: 1600 });
    expect(fitInside(4032, 3024, STUDIO_UPLOAD.photoSide)).toEqual({ width: 1600, height: 1200 });
    expect(fitInside(4000, 4000, STUDIO_UPLOAD.photoSide)).toEqual({ width: 1600, height: 1600 });
    expect(fitInside(800, 600, STUDIO_UPLOAD.photoSide)).toEqual({ width: 800, height: 600 });
    expect(fitInside(9000, 10, STUDIO_UPLOAD.photoSide)).toEqual({ width: 1600, height: 2 });
  });
  it('keeps photo and reference together under 1 MB on the wire', () => {
    const base64 = (n: number) => Math.ceil(n / 3) * 4;
    expect(base64(STUDIO_UPLOAD.photoBudgetBytes) + base64(STUDIO_UPLOAD.referenceBudgetBytes) + 1024).toBeLessThanOrEqual(1024 * 1024);
  });
});

describe('preparePhoto without a canvas (the fallback path)', () => {
  it('sends a file it cannot decode as chosen when the server can judge it, once per file and kind', async () => {
    const file = new Blob([new Uint8Array(1000)], { type: 'image/tiff' });
    const first = preparePhoto(file);
    expect(preparePhoto(file)).toBe(first);
    expect(preparePhoto(file, 'reference')).not.toBe(first);
    expect(await first).toEqual({ blob: file, type: 'image/tiff', reencoded: false });
  });
  it("refuses one over the server's bound here, with the server's words", async () => {
    const big = new Blob([new Uint8Array(STUDIO_UPLOAD.maxImageBytes + 1)], { type: 'image/tiff' });
    await expect(preparePhoto(big)).rejects.toThrow(MSG.unreadablePhoto);
  });
});
