/**
 * Identity kept by construction (issue 36): the aligned generated picture is laid into the original only
 * where the hair was or now is. Outside the union of the old and the new hair (grown by a seam and feathered
 * over it) every pixel is the original's; on the face (inside its landmarks' outline) only the hair itself
 * counts, without a seam, so a new fringe covers the forehead and nothing else of the face changes; where a
 * shorter cut uncovers background, neck or forehead, the generated pixels are used, matched in colour to the
 * original around them (a provider repaints the room and the skin a little: the match hides that seam).
 */
import { bilinearAt, type GridValues } from '@shared/hair/bilinear';
import { boxMean, dilate, type Rgb } from '../image/raster';
import type { FaceGeom } from '../matte/main-person';
import { fillPolygon, FACE_OVAL } from '../matte/refine';
import type { Warped } from './align';

export const COMPOSITE = {
  /** A matte value from which a pixel is hair for the union (below it: the soft halo of an edge). */
  hairFloor: 0.1,
  /** The seam around the union, in face widths: the union is grown by half of it and feathered over the other half. */
  seamOfFace: 0.05,
  /** Softness of the face outline, in face widths. */
  faceEdgeOfFace: 0.02,
  /** How far around an uncovered pixel the original's colours are compared with the generated ones, in face widths. */
  matchReachOfFace: 0.6,
  /** Cell of the coarse grid the colour match is computed on, in pixels. */
  matchCell: 8,
  /** Share of a match window that must be known pixels for its own mean to be used (else the whole photo's). */
  matchMinKnown: 0.02,
  /**
   * How far from the old hair or the face the generated picture's hair counts as new hair, in face widths. A
   * cut reshapes hair on the head (a fringe, volume, curls); hair the hair model sees farther away is its
   * mistake, which a head with little hair left invites (a buzz cut: a dark jacket, a neighbour's hair), and
   * taking it would lay the generated room and clothes over the photo's.
   */
  newHairReachOfFace: 0.5,
} as const;

/** Half the seam, in pixels (at least 2): the union grows by this and then feathers over this. */
export function seamRadius(faceWidth: number): number {
  return Math.max(2, Math.round((COMPOSITE.seamOfFace * faceWidth) / 2));
}

export interface CompositeInput {
  original: Rgb;
  warped: Warped;
  /** The original's hair, 0..1 per pixel (the person's corrections applied). */
  oldHair: Float32Array;
  /** The original's face the result keeps. */
  face: FaceGeom;
  /** Hair that grows longer may be new anywhere: no reach (COMPOSITE.newHairReachOfFace) then. */
  longer?: boolean;
}

export interface Composite {
  img: Rgb;
  /** The new hair in the result, 0..255: the region the colour is painted on. */
  newHair: Uint8Array;
  /** How much of each pixel came from the generated picture, 0..1. */
  weight: Float32Array;
}

/** Grown and feathered union of the old and the new hair: 1 on the hair and its seam's inner half, falling to 0 a seam away. */
function unionWithSeam(input: CompositeInput, W: number, H: number): Float32Array {
  const { oldHair, warped } = input;
  const floor = COMPOSITE.hairFloor;
  const core = new Float32Array(W * H);
  for (let i = 0; i < core.length; i++) core[i] = oldHair[i] >= floor || (warped.inside[i] && warped.hair[i] >= floor) ? 1 : 0;
  const r = seamRadius(input.face.w);
  const grown = boxMean(core, W, H, r);
  for (let i = 0; i < grown.length; i++) grown[i] = grown[i] > 1e-6 ? 1 : 0;
  return boxMean(grown, W, H, r);
}

/** The face's outline from its landmarks, softened: 1 inside, 0 outside. */
function faceInside(face: FaceGeom, W: number, H: number): Float32Array {
  const mask = new Float32Array(W * H);
  if (face.mesh.length >= 468)
    fillPolygon(
      FACE_OVAL.map((k) => face.mesh[k]),
      W,
      H,
      (i) => (mask[i] = 1),
    );
  return boxMean(mask, W, H, Math.max(1, Math.round(COMPOSITE.faceEdgeOfFace * face.w)));
}

/**
 * original − generated, averaged over the kept pixels (outside the union and its seam) near each place, on a
 * coarse grid: what to add to a generated pixel so its colour matches the original's around it.
 */
function colourMatch(input: CompositeInput, union: Float32Array, W: number, H: number): ColourMatch {
  const cell = COMPOSITE.matchCell;
  const gw = Math.ceil(W / cell);
  const gh = Math.ceil(H / cell);
  const sums = [new Float32Array(gw * gh), new Float32Array(gw * gh), new Float32Array(gw * gh)];
  const known = new Float32Array(gw * gh);
  const o = input.original.data;
  const g = input.warped.img.data;
  const all = [0, 0, 0];
  let allN = 0;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (!input.warped.inside[i] || union[i] > 0) continue;
      const k = Math.floor(y / cell) * gw + Math.floor(x / cell);
      known[k]++;
      allN++;
      for (let c = 0; c < 3; c++) {
        const d = o[i * 3 + c] - g[i * 3 + c];
        sums[c][k] += d;
        all[c] += d;
      }
    }
  }
  const r = Math.max(1, Math.round((COMPOSITE.matchReachOfFace * input.face.w) / cell));
  const k = boxMean(known, gw, gh, r);
  const minKnown = COMPOSITE.matchMinKnown * cell * cell;
  const d = sums.map((s, c) => {
    const m = boxMean(s, gw, gh, r);
    const whole = all[c] / Math.max(1, allN);
    for (let j = 0; j < m.length; j++) m[j] = k[j] >= minKnown ? m[j] / k[j] : whole;
    return m;
  });
  return { cell, planes: d.map((data) => ({ width: gw, height: gh, data })) };
}

/** The colour match per channel on a grid of `cell`-pixel cells. */
interface ColourMatch {
  cell: number;
  planes: GridValues[];
}

/** The colour match at a pixel, bilinear between the grid's cell centres. */
function matchAt(m: ColourMatch, x: number, y: number, c: number): number {
  return bilinearAt(m.planes[c], (x + 0.5) / m.cell - 0.5, (y + 0.5) / m.cell - 0.5);
}

/** A matte value as a share of hair: 0 up to the hair floor, rising to 1 at full hair. */
function hairShare(m: number): number {
  return m <= COMPOSITE.hairFloor ? 0 : (m - COMPOSITE.hairFloor) / (1 - COMPOSITE.hairFloor);
}

/** The generated hair within reach of the old hair or the face (COMPOSITE.newHairReachOfFace); the rest is not hair. */
function withinReach(input: CompositeInput, W: number, H: number): Warped {
  const { warped, oldHair, face } = input;
  if (input.longer) return warped;
  const seed = new Uint8Array(W * H);
  for (let i = 0; i < seed.length; i++) seed[i] = oldHair[i] >= COMPOSITE.hairFloor ? 1 : 0;
  if (face.mesh.length >= 468)
    fillPolygon(
      FACE_OVAL.map((k) => face.mesh[k]),
      W,
      H,
      (i) => (seed[i] = 1),
    );
  const near = dilate(seed, W, H, Math.max(1, Math.round(COMPOSITE.newHairReachOfFace * face.w)));
  const hair = new Float32Array(warped.hair);
  for (let i = 0; i < hair.length; i++) if (!near[i]) hair[i] = 0;
  return { ...warped, hair };
}

export function compositeCut(given: CompositeInput): Composite {
  const { width: W, height: H } = given.original;
  const input = { ...given, warped: withinReach(given, W, H) };
  const { original, warped, oldHair, face } = input;
  const union = unionWithSeam(input, W, H);
  const onFace = faceInside(face, W, H);
  const match = colourMatch(input, union, W, H);
  const out = new Uint8Array(original.data);
  const newHair = new Uint8Array(W * H);
  const weight = new Float32Array(W * H);
  const o = original.data;
  const g = warped.img.data;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (!warped.inside[i]) continue;
      const hair = warped.hair[i];
      // on the face only the hair itself, old or new (a matte's faint values below the hair floor are not
      // hair: they would blend the generated face in); elsewhere the hair with its seam
      const f = onFace[i];
      const w = union[i] * (1 - f) + hairShare(Math.max(hair, oldHair[i])) * f;
      if (w <= 0) continue;
      weight[i] = w;
      newHair[i] = Math.round(255 * Math.min(hair, w));
      // uncovered skin and background take the original's colours around them; the new hair keeps its own
      const matched = 1 - hair;
      for (let c = 0; c < 3; c++) {
        const gen = g[i * 3 + c] + matched * matchAt(match, x, y, c);
        const v = o[i * 3 + c] * (1 - w) + gen * w;
        out[i * 3 + c] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
      }
    }
  }
  return { img: { width: W, height: H, data: out }, newHair, weight };
}
