import { describe, expect, it } from 'vitest';
import type { Rgb } from '../image/raster';
import { FACE_OVAL } from '../matte/refine';
import type { FaceGeom } from '../matte/main-person';
import { onOneThread } from '../halves-runner';
import { hairColour } from './hair-stats';
import { skinModel, withBodyLevel } from './level-read';

const W = 120;
const H = 100;
const SKIN: [number, number, number] = [206, 154, 124];
const BLACK_HAIR: [number, number, number] = [34, 28, 26];

/**
 * A photo: hair on the left (x < 60), painted by `hair(x, y)`, matte 1; a face on the right, skin with a
 * little grain, matte 0, with a face mesh whose oval is an ellipse over it.
 */
function scene(hair: (x: number, y: number) => [number, number, number]): { img: Rgb; alpha: Float32Array; face: FaceGeom } {
  const data = new Uint8Array(W * H * 3);
  const alpha = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const grain = ((x * 7 + y * 13) % 5) - 2;
      const c = x < 60 ? hair(x, y) : [SKIN[0] + grain, SKIN[1] + grain, SKIN[2] + grain];
      data.set(c, i * 3);
      alpha[i] = x < 60 ? 1 : 0;
    }
  }
  const mesh: [number, number][] = Array.from({ length: 468 }, () => [90, 50]);
  FACE_OVAL.forEach((k, n) => {
    const a = (2 * Math.PI * n) / FACE_OVAL.length;
    mesh[k] = [90 + 25 * Math.sin(a), 50 - 45 * Math.cos(a)];
  });
  mesh[33] = [80, 35]; // the eyes
  mesh[263] = [100, 35];
  mesh[13] = [90, 75]; // the mouth
  const face: FaceGeom = { cx: 90, cy: 50, w: 50, h: 90, ux: 0, uy: 1, mesh };
  return { img: { width: W, height: H, data }, alpha, face };
}

async function levels(hair: (x: number, y: number) => [number, number, number], withSkin = true) {
  const { img, alpha, face } = scene(hair);
  const { stats, lab, idx } = await hairColour(img, alpha, undefined, undefined, onOneThread);
  const skin = withSkin ? skinModel(img, face, alpha) : null;
  return { all: stats, body: withBodyLevel(stats, lab, idx, alpha, skin), skin };
}

describe('the level is read from the hair body', () => {
  it('leaves out the scalp showing between cornrows (skin like the cheeks)', async () => {
    // black braids with a stripe of scalp every fourth row
    const { all, body, skin } = await levels((_, y) => (y % 4 === 0 ? SKIN : BLACK_HAIR));
    expect(skin).not.toBeNull();
    expect(all.pL.p90).toBeGreaterThan(0.6); // the scalp, read as the hair's light end
    expect(body.pL.p90).toBeLessThan(0.3);
    // the braids alone: their own lightness (OKLab L 0.23), where the scalp lifted it by 0.06
    expect(body.levelL).toBeCloseTo(0.23, 1);
    expect(body.levelL).toBeLessThan(all.levelL - 0.05);
    // what the recolour maps from is the whole hair's, unchanged
    expect(body.mean).toEqual(all.mean);
  });

  it('leaves out specular shine on black hair, and keeps the hair when there is no face to compare with', async () => {
    // highlight bands: grey-white and brighter than the hair, on a fifth of the rows
    const { all, body } = await levels((_, y) => (y % 5 === 0 ? [190, 190, 192] : BLACK_HAIR), false);
    expect(all.pL.p90).toBeGreaterThan(0.6);
    expect(body.pL.p90).toBeLessThan(0.3);
  });

  it('reads grey and white hair as it is: shine is judged against the hair itself, and most of it stays', async () => {
    const white = await levels((x, y) => {
      const v = 200 + ((x * 3 + y * 5) % 21) - 10;
      return [v, v, v + 2];
    }, false);
    expect(white.body.levelL).toBeGreaterThan(white.all.levelL - 0.02);
  });

  it('reads all of the hair when the tests would leave less than half of it', async () => {
    // blonde hair the colour of the cheeks: nothing to tell them apart by, so nothing is left out
    const { all, body } = await levels(() => SKIN);
    expect(body).toEqual(all);
  });
});
