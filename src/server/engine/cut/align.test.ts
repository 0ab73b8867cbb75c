/** Alignment's fit and limits, the cut request's words and the compositing rule, on synthetic data (fast tier). */
import { describe, expect, it } from 'vitest';
import { parseHairPrompt } from '@shared/hair/prompt';
import type { FaceGeom } from '../matte/main-person';
import { FACE_OVAL } from '../matte/refine';
import { ALIGN_LIMITS, alignFaces, fitSimilarity, warpToOriginal, type FacePoints } from './align';
import { compositeCut } from './composite';
import { cutAsk, cutInstruction, cutLabel } from './cut-request';

/** A face-like cloud of landmarks: an oval with eyes, nose and mouth, `width` across, centred at (cx, cy). */
function face(cx: number, cy: number, width: number): FacePoints {
  const pts: [number, number][] = [];
  for (let k = 0; k < 16; k++) pts.push([cx + (width / 2) * Math.cos((k * Math.PI) / 8), cy + width * 0.65 * Math.sin((k * Math.PI) / 8)]);
  pts.push([cx - width * 0.2, cy - width * 0.1], [cx + width * 0.2, cy - width * 0.1], [cx, cy + width * 0.1], [cx, cy + width * 0.3]);
  return { points: pts, width };
}

function moved(f: FacePoints, opts: { scale?: number; dx?: number; dy?: number; deg?: number; squeeze?: number }): FacePoints {
  const [cx, cy] = f.points.reduce((c, p) => [c[0] + p[0] / f.points.length, c[1] + p[1] / f.points.length], [0, 0]);
  const s = opts.scale ?? 1;
  const r = ((opts.deg ?? 0) * Math.PI) / 180;
  const points = f.points.map(([x, y]): [number, number] => {
    const u = (x - cx) * (opts.squeeze ?? 1);
    const v = y - cy;
    return [cx + s * (u * Math.cos(r) - v * Math.sin(r)) + (opts.dx ?? 0), cy + s * (u * Math.sin(r) + v * Math.cos(r)) + (opts.dy ?? 0)];
  });
  return { points, width: f.width * s };
}

const frame = { width: 800, height: 1000, generatedWidth: 800, generatedHeight: 1000 };

describe('aligning the generated face onto the original', () => {
  it('fits a similarity exactly', () => {
    const a = face(400, 400, 200);
    const { t, rms } = fitSimilarity(moved(a, { scale: 1.1, dx: 12, dy: -5, deg: 4 }).points, a.points);
    expect(rms).toBeLessThan(1e-6);
    expect(Math.hypot(t.a, t.b)).toBeCloseTo(1 / 1.1, 6);
  });

  it('accepts small shifts, scales and turns, at any answer size', () => {
    const a = face(400, 400, 200);
    const fit = alignFaces(a, moved(a, { scale: 1.08, dx: 20, dy: -10, deg: 3 }), frame);
    expect(fit).not.toHaveProperty('failure');
    // the provider answered at 7/8 of the size: the same face, smaller, is where the resize puts it
    const small = { points: a.points.map(([x, y]): [number, number] => [x * 0.875, y * 0.875]), width: a.width * 0.875 };
    const resized = alignFaces(a, small, { ...frame, generatedWidth: 700, generatedHeight: 875 });
    expect(resized).toMatchObject({ shift: expect.closeTo(0, 6), rotationDeg: expect.closeTo(0, 6) });
    expect((resized as { scaleChange: number }).scaleChange).toBeCloseTo(0, 6);
  });

  it('refuses a face that was turned, moved, resized, rotated or is missing, past the named limits', () => {
    const a = face(400, 400, 200);
    expect(alignFaces(a, moved(a, { squeeze: 0.6 }), frame)).toMatchObject({ failure: 'changed' });
    expect(alignFaces(a, moved(a, { dx: a.width * (ALIGN_LIMITS.maxShift + 0.05) }), frame)).toMatchObject({ failure: 'moved' });
    expect(alignFaces(a, moved(a, { scale: 1 + ALIGN_LIMITS.maxScaleChange + 0.05 }), frame)).toMatchObject({ failure: 'moved' });
    expect(alignFaces(a, moved(a, { deg: ALIGN_LIMITS.maxRotationDeg + 2 }), frame)).toMatchObject({ failure: 'moved' });
    expect(alignFaces(a, null, frame)).toMatchObject({ failure: 'no-face' });
  });
});

describe('compositing', () => {
  it('keeps the original outside the hair and on the face, and takes the generated hair and what it uncovers', () => {
    const W = 120;
    const H = 160;
    const original = { width: W, height: H, data: new Uint8Array(W * H * 3).fill(200) };
    // the generated picture: darker all over (recoloured), and what the shorter cut uncovers darker still
    const gen = { width: W, height: H, data: new Uint8Array(W * H * 3).fill(90) };
    for (let y = 60; y < 140; y++) gen.data.fill(50, y * W * 3, (y * W + 20) * 3);
    // old hair: the top 60 rows and a long strand down the left; new hair: the top 50 rows only (a shorter cut)
    const oldHair = new Float32Array(W * H);
    const matte = new Uint8Array(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        if (y < 60 || (x < 20 && y < 140)) oldHair[y * W + x] = 1;
        if (y < 50) matte[y * W + x] = 255;
      }
    const warped = warpToOriginal(gen, matte, { a: 1, b: 0, tx: 0, ty: 0 }, original);
    // a face oval from x 50..90, y 70..130, as a 468-point mesh whose FACE_OVAL points lie on it
    const mesh = Array.from({ length: 468 }, (): [number, number] => [70, 100]);
    FACE_OVAL.forEach(
      (k, j) => (mesh[k] = [70 + 20 * Math.cos((2 * Math.PI * j) / FACE_OVAL.length), 100 + 30 * Math.sin((2 * Math.PI * j) / FACE_OVAL.length)]),
    );
    const faceGeom: FaceGeom = { cx: 70, cy: 100, w: 40, h: 60, ux: 0, uy: 1, mesh };
    const c = compositeCut({ original, warped, oldHair, face: faceGeom });
    const at = (x: number, y: number) => c.img.data[(y * W + x) * 3];
    expect(at(60, 10)).toBe(90); // new hair
    // the strand the shorter cut removed: what the generated picture shows there, matched in colour to the
    // original around it (the generated picture is 110 darker there)
    expect(at(10, 100)).toBeGreaterThanOrEqual(155);
    expect(at(10, 100)).toBeLessThanOrEqual(165);
    expect(at(110, 150)).toBe(200); // far from any hair
    expect(at(70, 100)).toBe(200); // the face
    expect(c.newHair[60 * W + 10]).toBe(0);
    expect(c.newHair[10 * W + 60]).toBe(255);
  });
});

describe('the cut request', () => {
  it('is built from the cut words, with no colour', () => {
    const ask = cutAsk('chin-length bob with curtain bangs in copper, curly', parseHairPrompt('chin-length bob with curtain bangs in copper, curly'));
    expect(ask).toEqual({ style: ['bob'], length: 'chin-length', fringe: 'curtain bangs', texture: 'curly' });
    expect(cutInstruction(ask)).not.toMatch(/copper/i);
    expect(cutLabel(ask)).toBe('Chin-length bob, curtain bangs, curly');
    const plain = cutAsk('a haircut to the shoulders', parseHairPrompt('a haircut to the shoulders'));
    expect(plain).toMatchObject({ style: ['a new haircut'], length: 'to the shoulder' });
    expect(cutInstruction(plain)).toMatch(/^Edit this photo: give the person a new haircut\. Length: to the shoulder\. Change only/);
  });

  it('asks for a fringe once, in words a person would use', () => {
    const bare = cutAsk('bob with a fringe', parseHairPrompt('bob with a fringe'));
    expect(bare.fringe).toBe('fringe');
    expect(cutInstruction(bare)).toContain('Add a fringe (bangs).');
    expect(cutInstruction(bare)).not.toMatch(/Fringe: fringe/);
    expect(cutLabel(bare)).toBe('Bob, fringe');
    expect(cutInstruction(cutAsk('bob with curtain bangs', parseHairPrompt('bob with curtain bangs')))).toContain('Fringe: curtain bangs.');
  });
});
