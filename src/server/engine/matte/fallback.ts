/**
 * Fallback hair probability when the hair model file is missing: built only from what npm packages ship
 * (face mesh + MediaPipe selfie person matte) plus a colour model seeded from the face: OKLab likelihood
 * of "hair" (sampled above the forehead and at the temples) against "skin" (cheeks), inside the person
 * matte and a head-shaped spatial prior. Coarser than the model; edges are refined the same way.
 */
import { linearRgbToOklab } from '@shared/hair/oklab';
import { resizeRgbBilinear, SRGB_TO_LINEAR, type Rgb } from '../image/raster';
import type { FaceGeom } from './main-person';
import { FACE_OVAL, fillPolygon } from './refine';

const CHEEKS = [50, 280, 101, 330, 205, 425, 36, 266];

export function fallbackHairProb(img: Rgb, face: FaceGeom, person: Float32Array, gw: number, gh: number): Float32Array {
  const small = resizeRgbBilinear(img, gw, gh);
  const sx = gw / img.width;
  const sy = gh / img.height;
  const n = gw * gh;
  const L = new Float32Array(n);
  const A = new Float32Array(n);
  const B = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const o = linearRgbToOklab(SRGB_TO_LINEAR[small.data[i * 3]], SRGB_TO_LINEAR[small.data[i * 3 + 1]], SRGB_TO_LINEAR[small.data[i * 3 + 2]]);
    L[i] = o.L;
    A[i] = o.a;
    B[i] = o.b;
  }
  const gather = (pts: [number, number][], rad: number, needPerson: boolean) => {
    const s: number[] = [];
    for (const [x, y] of pts) {
      const cx = Math.round(x * sx);
      const cy = Math.round(y * sy);
      for (let dy = -rad; dy <= rad; dy++)
        for (let dx = -rad; dx <= rad; dx++) {
          const gx = cx + dx;
          const gy = cy + dy;
          if (gx < 0 || gy < 0 || gx >= gw || gy >= gh) continue;
          const i = gy * gw + gx;
          if (needPerson && person[i] < 0.5) continue;
          s.push(i);
        }
    }
    return s;
  };
  const stats = (ids: number[]) => {
    const m = [0, 0, 0];
    for (const i of ids) {
      m[0] += L[i];
      m[1] += A[i];
      m[2] += B[i];
    }
    const k = Math.max(1, ids.length);
    const mean = m.map((v) => v / k);
    const v = [0, 0, 0];
    for (const i of ids) {
      v[0] += (L[i] - mean[0]) ** 2;
      v[1] += (A[i] - mean[1]) ** 2;
      v[2] += (B[i] - mean[2]) ** 2;
    }
    return { mean, sd: [Math.max(0.035, Math.sqrt(v[0] / k)), Math.max(0.012, Math.sqrt(v[1] / k)), Math.max(0.012, Math.sqrt(v[2] / k))] };
  };
  const up = [-face.ux, -face.uy];
  const side = [face.uy, -face.ux];
  const top = face.mesh.length >= 468 ? face.mesh[10] : [face.cx - up[0] * face.h * 0.5, face.cy - up[1] * face.h * 0.5];
  const hairPts: [number, number][] = [];
  for (const k of [0.1, 0.18, 0.26]) {
    for (const s of [-0.3, 0, 0.3]) hairPts.push([top[0] + up[0] * face.h * k + side[0] * face.w * s, top[1] + up[1] * face.h * k + side[1] * face.w * s]);
  }
  for (const s of [-0.62, 0.62]) hairPts.push([face.cx + side[0] * face.w * s + up[0] * face.h * 0.25, face.cy + side[1] * face.w * s + up[1] * face.h * 0.25]);
  const rad = Math.max(1, Math.round(face.w * sx * 0.05));
  const hair = stats(gather(hairPts, rad, true));
  const skinPts = face.mesh.length >= 468 ? CHEEKS.map((i) => face.mesh[i]) : [[face.cx, face.cy] as [number, number]];
  const skin = stats(gather(skinPts, rad, false));
  const oval = new Uint8Array(n);
  if (face.mesh.length >= 468)
    fillPolygon(
      FACE_OVAL.map((i) => [face.mesh[i][0] * sx, face.mesh[i][1] * sy] as [number, number]),
      gw,
      gh,
      (i) => (oval[i] = 1),
    );

  const out = new Float32Array(n);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const i = gy * gw + gx;
      if (person[i] < 0.2 || oval[i]) continue;
      const x = gx / sx - face.cx;
      const y = gy / sy - face.cy;
      const along = (x * face.ux + y * face.uy) / face.h; // + towards chin
      const across = Math.abs(x * side[0] + y * side[1]) / face.w;
      // head-shaped prior: crown above the face, lengths down to ~1.6 face heights below the chin
      // below the mouth hair only falls at the sides: the neck and chest column stays out
      const neck = along > 0.45 ? Math.min(1, Math.max(0, (across - 0.28) / 0.1)) : 1;
      const prior =
        Math.min(1, Math.max(0, (1.45 - across) / 0.3)) * Math.min(1, Math.max(0, (along + 1.35) / 0.2)) * Math.min(1, Math.max(0, (2.1 - along) / 0.5)) * neck;
      if (prior <= 0) continue;
      const dh = ((L[i] - hair.mean[0]) / hair.sd[0]) ** 2 + ((A[i] - hair.mean[1]) / hair.sd[1]) ** 2 + ((B[i] - hair.mean[2]) / hair.sd[2]) ** 2;
      const ds = ((L[i] - skin.mean[0]) / skin.sd[0]) ** 2 + ((A[i] - skin.mean[1]) / skin.sd[1]) ** 2 + ((B[i] - skin.mean[2]) / skin.sd[2]) ** 2;
      const ph = Math.exp(-dh / 6);
      const ps = Math.exp(-ds / 6);
      const p = ph / (ph + 2.5 * ps + 0.08);
      out[i] = p * prior * Math.min(1, person[i] * 1.4);
    }
  }
  return out;
}
