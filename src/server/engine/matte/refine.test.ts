import { describe, expect, it } from 'vitest';
import { applyFaceGuard, FACE_OVAL } from './refine';
import type { FaceGeom } from './main-person';

const W = 400;
const H = 480;

/** A drawn face: the oval an upright ellipse, the brows, nose tip and lower lip where a face has them. */
function drawnFace(): FaceGeom {
  const cx = 200;
  const cy = 220;
  const w = 160;
  const h = 200;
  const mesh: [number, number][] = Array.from({ length: 468 }, () => [cx, cy]);
  // FACE_OVAL runs clockwise from the top of the forehead
  FACE_OVAL.forEach((i, k) => {
    const t = -Math.PI / 2 + (k * 2 * Math.PI) / FACE_OVAL.length;
    mesh[i] = [cx + (w / 2) * Math.cos(t), cy + (h / 2) * Math.sin(t)];
  });
  [70, 63, 105, 66, 107].forEach((i, k) => (mesh[i] = [cx - 60 + k * 10, cy - 40]));
  [336, 296, 334, 293, 300].forEach((i, k) => (mesh[i] = [cx + 20 + k * 10, cy - 40]));
  mesh[1] = [cx, cy + 20]; // nose tip
  mesh[17] = [cx, cy + 60]; // lower lip
  return { cx, cy, w, h, ux: 0, uy: 1, mesh };
}

/**
 * The network's map on a 100×120 grid: hair everywhere, or everywhere but a bare lower face ('chin'), or but
 * the lower face and all below it ('chin and neck').
 */
function hairMap(face: FaceGeom, bare: 'none' | 'chin' | 'chin and neck') {
  const data = new Float32Array(100 * 120).fill(1);
  const bottom = bare === 'chin' ? face.cy + face.h / 2 : H;
  if (bare !== 'none')
    for (let y = 0; y < 120; y++)
      for (let x = 0; x < 100; x++) {
        const [px, py] = [(x + 0.5) * 4, (y + 0.5) * 4];
        if (Math.abs(px - face.cx) < face.w / 2 && py > face.cy && py < bottom) data[y * 100 + x] = 0;
      }
  return { width: 100, height: 120, data };
}

/** `chinLikeness`: the likeness plane (log-odds of hair by colour and grain) everywhere, the chin included. */
function guarded(bare: 'none' | 'chin' | 'chin and neck', chinLikeness?: number): { face: FaceGeom; at: (x: number, y: number) => number } {
  const face = drawnFace();
  const alpha = new Float32Array(W * H).fill(1);
  const likeness = chinLikeness === undefined ? null : { width: 100, height: 120, data: new Float32Array(100 * 120).fill(chinLikeness) };
  applyFaceGuard({ data: alpha, width: W, height: H }, face, { hairProb: hairMap(face, bare), likeness });
  return { face, at: (x, y) => alpha[Math.round(y) * W + Math.round(x)] };
}

describe('the face guard and a beard', () => {
  it('leaves out a beard beside the jaw and below it, and keeps the hair at the temples', () => {
    const { face, at } = guarded('none');
    const [jx, jy] = face.mesh[58]; // the oval's left side, at the mouth's level
    expect(at(jx - 0.08 * face.w, jy)).toBe(0);
    expect(at(face.cx, face.mesh[152][1] + 0.2 * face.h)).toBe(0); // below the chin
    const [tx, ty] = face.mesh[234]; // the oval's left side, at the eyes' level
    expect(at(tx - 0.08 * face.w, ty)).toBeGreaterThan(0.9);
    expect(at(face.cx, face.cy - 0.3 * face.h)).toBeGreaterThan(0.9); // hair over the forehead the network is sure of
  });

  it('keeps hair falling beside and under a bare chin', () => {
    const { face, at } = guarded('chin');
    const [jx, jy] = face.mesh[58];
    expect(at(jx - 0.08 * face.w, jy)).toBeGreaterThan(0.9);
    expect(at(face.cx, face.mesh[152][1] + 0.2 * face.h)).toBeGreaterThan(0.9);
    expect(at(face.cx, face.cy + 0.1 * face.h)).toBe(0); // the face itself
  });

  it('sees a beard the network left unmarked when the chin looks like the hair, and not when it looks like skin', () => {
    // the network marks nothing on the chin or under it
    const bearded = guarded('chin and neck', 1);
    const [jx, jy] = bearded.face.mesh[58];
    expect(bearded.at(jx - 0.08 * bearded.face.w, jy)).toBe(0);
    const bare = guarded('chin and neck', -1);
    expect(bare.at(jx - 0.08 * bare.face.w, jy)).toBeGreaterThan(0.9);
  });
});
