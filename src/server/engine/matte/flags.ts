/**
 * Where the hair region may be wrong, said before anything is paid for (issue 32 §4, decision 138): hair
 * over the face's skin or the neck, over clothes, touching another person, a long straight cut edge, and light
 * too dim or too coloured to judge the colour by. Each flag has a point the studio shows it at and a
 * sentence for the person. Cheap reads of the region and the photo, run with the preview.
 */
import { linearRgbToOklab, type OkLab } from '@shared/hair/oklab';
import type { FlagCode } from '@shared/studio/preview';
import type { LightEstimate } from '../colour/light';
import { SRGB_TO_LINEAR, type Rgb } from '../image/raster';
import type { FaceGeom } from './main-person';
import { FACE_OVAL, fillPolygon } from './refine';

export interface RegionFlag {
  code: FlagCode;
  message: string;
  x: number;
  y: number;
}

interface FlagInput {
  img: Rgb;
  matte: Uint8Array;
  faces: readonly FaceGeom[];
  main: number;
  light: LightEstimate;
}

/** Share of the inner face's area that, marked as hair, is worth a look. */
const FACE_SKIN_SHARE = 0.04;
/** Hair pixels the colour of the face's skin in the neck band, as a share of the face's area. */
const NECK_SHARE = 0.05;
/** A straight edge this long (in face heights, or a quarter of the photo's side without a face) is a cut, not hair. */
const STRAIGHT_RUN = 0.45;
/** Gains of the light's channels further apart than this (max / min) are coloured light. */
const COLOURED_GAIN = 1.7;
/** ΔE (OKLab ×100) within which a pixel looks like the face's skin. */
const SKIN_LIKE = 7;

const hair = (v: number) => v >= 128;

export function regionFlags({ img, matte, faces, main, light }: FlagInput): RegionFlag[] {
  const flags: RegionFlag[] = [];
  const W = img.width;
  const H = img.height;
  const face = main >= 0 ? faces[main] : null;
  if (face && face.mesh.length >= 468) {
    const skin = faceSkin(img, matte, face);
    const onFace = hairOverFace(matte, W, H, face);
    if (onFace) flags.push({ code: 'face-skin', message: 'Check the edge by your cheek', x: onFace.x, y: onFace.y });
    const neck = skin && hairOverNeck(img, matte, face, skin);
    if (neck) flags.push({ code: 'neck', message: 'Check your neck: it may be coloured with your hair', x: neck.x, y: neck.y });
  }
  for (let k = 0; k < faces.length; k++) {
    if (k === main) continue;
    const other = faces[k];
    const near = hairNear(matte, W, H, other);
    if (near) flags.push({ code: 'people-touching', message: 'Check that only your hair is marked, not the person next to you', x: near.x, y: near.y });
  }
  const edge = straightEdge(matte, W, H, face ? face.h * STRAIGHT_RUN : Math.max(W, H) / 4);
  if (edge) flags.push({ code: 'straight-edge', message: 'Check this straight edge: some hair may be missing there', x: edge.x, y: edge.y });
  const at = face ? { x: face.cx, y: face.cy } : { x: W / 2, y: H / 2 };
  if (light.dim) flags.push({ code: 'dim-light', message: 'The light is dim: the colour may look brighter in daylight', ...at });
  else {
    const g = light.gain;
    if (Math.max(...g) / Math.max(1e-3, Math.min(...g)) > COLOURED_GAIN)
      flags.push({ code: 'coloured-light', message: 'The light is coloured: the shade may look different in daylight', ...at });
  }
  return flags;
}

function ovalPolygon(face: FaceGeom, k: number): [number, number][] {
  const oval = FACE_OVAL.map((i) => face.mesh[i]);
  const cx = oval.reduce((s, p) => s + p[0], 0) / oval.length;
  const cy = oval.reduce((s, p) => s + p[1], 0) / oval.length;
  return oval.map(([x, y]) => [cx + (x - cx) * k, cy + (y - cy) * k]);
}

/** Hair on the face below the brows (the inner face, where a fringe does not fall): its centre, if it is more than a trace. */
function hairOverFace(matte: Uint8Array, W: number, H: number, face: FaceGeom): { x: number; y: number } | null {
  // brows: mesh 105 (right) and 334 (left); the region below them and inside the oval shrunk to 0.85
  const browY = (face.mesh[105][1] + face.mesh[334][1]) / 2;
  let n = 0;
  let inside = 0;
  let sx = 0;
  let sy = 0;
  fillPolygon(ovalPolygon(face, 0.85), W, H, (i) => {
    const y = (i / W) | 0;
    if (y < browY) return;
    inside++;
    if (!hair(matte[i])) return;
    n++;
    sx += i % W;
    sy += y;
  });
  return inside && n > inside * FACE_SKIN_SHARE ? { x: sx / n, y: sy / n } : null;
}

function labOf(img: Rgb, i: number): OkLab {
  const d = img.data;
  const c = linearRgbToOklab(SRGB_TO_LINEAR[d[i * 3]], SRGB_TO_LINEAR[d[i * 3 + 1]], SRGB_TO_LINEAR[d[i * 3 + 2]]);
  return { L: c.L * 100, a: c.a * 100, b: c.b * 100 };
}

/** The face's skin colour: the mean of the cheeks and nose (inside the oval shrunk to 0.6) not marked as hair. */
function faceSkin(img: Rgb, matte: Uint8Array, face: FaceGeom): OkLab | null {
  let n = 0;
  const m = { L: 0, a: 0, b: 0 };
  fillPolygon(ovalPolygon(face, 0.6), img.width, img.height, (i) => {
    if (hair(matte[i]) || (i & 3) !== 0) return;
    const c = labOf(img, i);
    m.L += c.L;
    m.a += c.a;
    m.b += c.b;
    n++;
  });
  return n > 20 ? { L: m.L / n, a: m.a / n, b: m.b / n } : null;
}

/** Hair pixels the colour of the skin in the band under the chin as wide as the face: the neck coloured as hair. */
function hairOverNeck(img: Rgb, matte: Uint8Array, face: FaceGeom, skin: OkLab): { x: number; y: number } | null {
  const W = img.width;
  const chin = face.mesh[152];
  const x0 = Math.max(0, Math.round(chin[0] - face.w * 0.4));
  const x1 = Math.min(W - 1, Math.round(chin[0] + face.w * 0.4));
  const y0 = Math.max(0, Math.round(chin[1]));
  const y1 = Math.min(img.height - 1, Math.round(chin[1] + face.h * 0.6));
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let y = y0; y <= y1; y += 2)
    for (let x = x0; x <= x1; x += 2) {
      const i = y * W + x;
      if (!hair(matte[i])) continue;
      const c = labOf(img, i);
      if (Math.hypot(c.L - skin.L, c.a - skin.a, c.b - skin.b) > SKIN_LIKE) continue;
      n++;
      sx += x;
      sy += y;
    }
  // counted on every second pixel both ways
  return n * 4 > face.w * face.h * NECK_SHARE ? { x: sx / n, y: sy / n } : null;
}

/** Hair of the region within another person's face grown by half: the two may touch. */
function hairNear(matte: Uint8Array, W: number, H: number, other: FaceGeom): { x: number; y: number } | null {
  const poly: [number, number][] =
    other.mesh.length >= 468
      ? ovalPolygon(other, 1.5)
      : [
          [other.cx - other.w * 0.75, other.cy - other.h * 0.75],
          [other.cx + other.w * 0.75, other.cy - other.h * 0.75],
          [other.cx + other.w * 0.75, other.cy + other.h * 0.75],
          [other.cx - other.w * 0.75, other.cy + other.h * 0.75],
        ];
  let n = 0;
  let sx = 0;
  let sy = 0;
  fillPolygon(poly, W, H, (i) => {
    if (!hair(matte[i])) return;
    n++;
    sx += i % W;
    sy += (i / W) | 0;
  });
  return n > other.w * other.h * 0.02 ? { x: sx / n, y: sy / n } : null;
}

/**
 * The longest run of the region's edge along one row or column (a vertical or horizontal cut): where the
 * region changes between two neighbours at the same x for `minRun` rows in a row, or the same y for as many
 * columns. Hair's own edges wander by a pixel or more from row to row; a cut by a box does not.
 */
function straightEdge(matte: Uint8Array, W: number, H: number, minRun: number): { x: number; y: number } | null {
  let best: { x: number; y: number; run: number } | null = null;
  // vertical edges: per column boundary x|x+1, runs of rows where the edge sits there
  const run = new Int32Array(Math.max(W, H));
  for (let y = 0; y < H; y++) {
    const row = y * W;
    for (let x = 0; x + 1 < W; x++) {
      if (hair(matte[row + x]) !== hair(matte[row + x + 1])) {
        run[x]++;
        if (run[x] >= minRun && (!best || run[x] > best.run)) best = { x: x + 0.5, y: y - run[x] / 2, run: run[x] };
      } else run[x] = 0;
    }
  }
  run.fill(0);
  for (let x = 0; x < W; x++) {
    for (let y = 0; y + 1 < H; y++) {
      if (hair(matte[y * W + x]) !== hair(matte[(y + 1) * W + x])) {
        run[y]++;
        if (run[y] >= minRun && (!best || run[y] > best.run)) best = { x: x - run[y] / 2, y: y + 0.5, run: run[y] };
      } else run[y] = 0;
    }
  }
  return best && { x: best.x, y: best.y };
}
