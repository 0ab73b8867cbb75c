import { describe, expect, it } from 'vitest';
import { STUDIO_UPLOAD } from '@shared/studio/upload';
import { fitInside } from './prepare-photo';

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
