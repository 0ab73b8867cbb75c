/**
 * Finding the hair of one photo, as four stages of a run (stages.ts): find the person (faces, whose hair,
 * the person matte), segment (the hair model, or the fallback matte), a second look at the hair's region,
 * and the matte (the main person's hair at full resolution, its edges refined). The photo's own run and the
 * reference photo's run both use them; docs/engine/design.md describes each.
 */
import { beliefByte, type Belief, type GridPlane } from '@shared/hair/apply-corrections';
import type { Point } from '@shared/studio/corrections';
import { EngineInputError, MESSAGES } from './errors';
import { cropExact, downscale, resizeExact } from './image/decode';
import { resizePlane, type Box, type Plane, type Rgb } from './image/raster';
import { withTemporaries, type Alloc } from './image/scratch';
import { estimateLight, type LightEstimate } from './colour/light';
import type { HeadFrame } from './colour/recolour';
import { fallbackHairProb } from './matte/fallback';
import { addFringe, faceGeom, keepHeadComponents, keepLargestHairRegion, mainPersonGate, type FaceGeom } from './matte/main-person';
import { personPlane } from './matte/person-plane';
import { applyFaceGuard, guidedFilterFull } from './matte/refine';
import { growHairByLikeness } from './matte/likeness';
import { hairRegionOfInterest, mergeSecondLook } from './matte/second-look';
import { adoptSoftLook, fromSoftView, softView, wantsSoftLook } from './matte/soft-look';
import type { Halves } from './halves';
import { HAIR_MODEL_SIZE, type HairModel } from './segment/hair-model';
import type { PersonDetector } from './runtime/human-node';
import { runStages, type Stage, type StageContext } from './stages';

/** Working copies (made in the decode stage). */
const COPIES = {
  /** Long side of the copy faces are detected on (the face models work at 128–256 px anyway). */
  detectMax: 384,
  /** Long side of the copy the guided filter's coefficients come from (the guide). */
  workMax: 512,
};

/** Finding the person. */
const PERSON = {
  /** Faces narrower than this (px) are left out: too small to be anyone's subject, often a false find. */
  minFaceWidth: 12,
  /** Faces at least this share of the largest one's area count as "the largest" when choosing the subject. */
  nearLargest: 0.5,
  /** A point chooses a face whose box, grown by half (±0.75 of its size from its centre), holds it. */
  pointReach: 0.75,
  /** Taken off the score of a face that holds the point: more than any squared distance on a photo, so it comes first. */
  holdsFirst: 1e12,
};

/** The matte (exported for the cut path, which colours a cut's new hair by the same rule of what is hair enough). */
export const MATTE = {
  /** Hair is where the matte is at least this (a pixel more hair than not). */
  hairAlpha: 0.5,
  /** Hair covering less than this share of the face box is not hair on this photo (a stray patch). */
  minAreaOfFace: 0.12,
  /** Without a face: hair covering less than this share of the frame is a stray patch, not a photo of hair. */
  minAreaOfFrame: 0.01,
  /** Without a face: the crown stands this share of the hair region's width below its top. */
  crownBelowTop: 0.3,
  /** Without a face: the head is taken as this share of the hair region's width. */
  faceWidthOfRegion: 0.45,
};

export interface Models {
  hair: HairModel | null;
  person: PersonDetector;
  source: MatteSource;
  /** Why the fallback is in use, if it is. */
  fallbackReason?: string;
}

export type MatteSource = 'hair-segmentation' | 'fallback';

/** What the run over one photo (or its reference) looks for, and measures to switch off (the benches). */
export interface SearchOptions {
  /** The reference photo: its failures say so. */
  forReference?: boolean;
  /** Look again at the region around the hair found (decision 120; default on). */
  secondLook?: boolean;
  /** Grow and trim the hair by its likeness to the hair found (decision 125; default on). */
  likeness?: boolean;
  /** Look again at the photo blurred and from a step back when the model found little hair (decisions 126, 128, 129; default on). */
  softLook?: boolean;
  /** Whose hair: a point on their face (decision 138). */
  person?: Point;
  /**
   * A head may have little or no hair (a cut's generated picture, issue 36: a buzz cut, a shave): too little
   * hair is found as what there is, not refused.
   */
  bareHead?: boolean;
  /**
   * Find the person matte for the person's "add hair" taps (decision 203): a preview, or a render whose taps add
   * hair. It costs a model run on this thread (about 20 ms), so a render without such taps goes without it.
   */
  tapPlane?: boolean;
}

/** The hair found: the photo, its faces, the main person's head and soft matte, the photo's light. */
export interface Found {
  img: Rgb;
  faces: FaceGeom[];
  /** -1: no face (the main hair region was chosen by size) */
  main: number;
  /** Where the main head is, for placing techniques: from the face, or from the hair region without one. */
  head: HeadFrame;
  alpha: Float32Array;
  /** Where alpha can be non-zero. */
  box: Box;
  /** The photo's light (white balance, exposure). */
  light: LightEstimate;
  /** The hair network's belief the matte was cut from, for the person's taps (decision 187); null without the model. */
  belief: Belief | null;
  /** The person matte outside the chosen face, for the person's "add hair" taps (decision 203); null without the model. */
  person: GridPlane | null;
}

/** The hair components of the main person on the model grid, the head and the smallest area that is hair. */
interface CoarseHair {
  coarse: Float32Array;
  head: HeadFrame;
  minArea: number;
}

/** One photo's search for hair, filled in stage by stage. */
export interface HairSearch {
  models: Models;
  search: SearchOptions;
  img: Rgb;
  /** The guide copy (long side ≤ COPIES.workMax). */
  small: Rgb;
  /** The face detector's copy (long side ≤ COPIES.detectMax). */
  det: Rgb;
  /** The hair model's input (the photo stretched to its square), null without the model. */
  segInput: Rgb | null;
  faces: FaceGeom[];
  main: number;
  /** Person matte: the main-person gate's (several faces), the fallback's, and the taps' (decision 203). */
  person: Plane | null;
  /** The hair model's answer, asked before the faces are found, and its soft look when it asked for one. */
  probP: Promise<Float32Array> | null;
  soft: Float32Array | null;
  /** Hair probability on a gw×gh grid covering the photo. */
  prob: Float32Array;
  gw: number;
  gh: number;
  /** The probability the matte starts from (the first pass's copy when the second look kept the whole photo). */
  matteProb: Float32Array;
  /** The first pass's hair components, kept for the matte when the second look has nothing to add. */
  firstPass: CoarseHair | null;
  /** Measured while the second look waits for the model. */
  light: LightEstimate | null;
  found: Found;
}

/** A search on a decoded photo; the stages fill in the rest. */
export function hairSearch(models: Models, img: Rgb, search: SearchOptions): HairSearch {
  return { models, search, img, segInput: null, person: null, probP: null, soft: null, firstPass: null, light: null } as HairSearch;
}

/**
 * The working copies, made natively and at once: the guided filter's guide, the face detector's input and the
 * hair model's stretched input. Part of decoding.
 */
export async function workingCopies(s: HairSearch): Promise<void> {
  const { img } = s;
  [s.small, s.det, s.segInput] = await Promise.all([
    downscale(img, COPIES.workMax),
    downscale(img, COPIES.detectMax),
    s.models.hair ? resizeExact(img, HAIR_MODEL_SIZE, HAIR_MODEL_SIZE) : null,
  ]);
}

/** A soft look at the hair: braids and locs the network misses by their texture (decisions 126, 128, 129). */
async function softLook(hair: HairModel, grid: Rgb, alloc: Alloc): Promise<Float32Array> {
  const seen = await hair.segment(await softView(grid), alloc.f32(HAIR_MODEL_SIZE * HAIR_MODEL_SIZE, false));
  return fromSoftView(seen, HAIR_MODEL_SIZE, alloc);
}

/**
 * Find the person: the hair model is asked first, on its own thread, and the faces are found on this one
 * meanwhile; then whose hair it is, and the person matte when there are several people (or no hair model).
 */
const findPerson: Stage<HairSearch> = {
  name: 'detect',
  async run(s, ctx) {
    const { models, search, segInput } = s;
    const hair = models.hair;
    if (hair && segInput) {
      s.probP = hair.segment(segInput, ctx.alloc.f32(HAIR_MODEL_SIZE * HAIR_MODEL_SIZE)).then(async (p) => {
        // little hair found, whether or not there is a face: looked at again while the faces may still be being
        // found (its buffers live until the run ends: no mark is taken while this thread's other work may allocate)
        if (search.softLook !== false && wantsSoftLook(p, true)) s.soft = await softLook(hair, segInput, ctx.alloc);
        return p;
      });
      // the model writes into this run's scratch: the run waits for it even when a later stage fails
      ctx.inFlight.push(s.probP);
      s.probP.catch(() => {}); // awaited by the segment stage; a failure meanwhile is not "unhandled"
    }
    ({ faces: s.faces, main: s.main } = await locateFaces(models.person, s, search.person));
    // the fallback matte is built around a face; the hair model finds hair on any photo (back of the head, a
    // profile, a close-up of the lengths): without the model the only thing missing is that model's reach, not
    // the face the person may not have meant to show (a photo of their balayage from behind)
    if (s.main < 0 && !s.probP) {
      throw new EngineInputError(search.forReference ? MESSAGES.badReference : MESSAGES.noFace, search.forReference ? 'bad-reference' : 'no-face');
    }
    ctx.check();
    // the person matte separates people (or stands in for the hair model), and the person's "add hair" taps read
    // it (decision 203)
    const wanted = s.faces.length > 1 || !s.probP || search.tapPlane;
    s.person = wanted ? await models.person.person(s.det) : null;
  },
};

/** The faces on the detector's copy, in image pixels, and the chosen one (chooseFace); main is -1 when there is none. */
async function locateFaces(detector: PersonDetector, { img, det }: HairSearch, person?: Point): Promise<{ faces: FaceGeom[]; main: number }> {
  const dsx = det.width / img.width;
  const dsy = det.height / img.height;
  const rawFaces = await detector.faces(det);
  const faces = rawFaces
    .map((f) => ({
      ...f,
      box: [f.box[0] / dsx, f.box[1] / dsy, f.box[2] / dsx, f.box[3] / dsy] as typeof f.box,
      mesh: f.mesh.map(([x, y]) => [x / dsx, y / dsy] as [number, number]),
    }))
    .map(faceGeom)
    .filter((f) => f.w >= PERSON.minFaceWidth);
  if (!faces.length) return { faces, main: -1 };
  return { faces, main: chooseFace(faces, img.width, img.height, person) };
}

/**
 * Whose hair (decision 138): the face the person pointed at (the one whose box, grown by half, holds the point
 * and whose centre is nearest it; else the nearest), or without a point the largest face nearest the
 * centre: of the faces near the largest in size, the one nearest the photo's centre.
 */
function chooseFace(faces: readonly FaceGeom[], W: number, H: number, person?: Point): number {
  const d2 = (f: FaceGeom, x: number, y: number) => (f.cx - x) ** 2 + (f.cy - y) ** 2;
  let best = 0;
  if (person) {
    const holds = (f: FaceGeom) => Math.abs(person.x - f.cx) <= f.w * PERSON.pointReach && Math.abs(person.y - f.cy) <= f.h * PERSON.pointReach;
    const score = (f: FaceGeom) => d2(f, person.x, person.y) - (holds(f) ? PERSON.holdsFirst : 0);
    for (let k = 1; k < faces.length; k++) if (score(faces[k]) < score(faces[best])) best = k;
    return best;
  }
  const largest = Math.max(...faces.map((f) => f.w * f.h));
  best = -1;
  for (let k = 0; k < faces.length; k++) {
    if (faces[k].w * faces[k].h < largest * PERSON.nearLargest) continue;
    if (best < 0 || d2(faces[k], W / 2, H / 2) < d2(faces[best], W / 2, H / 2)) best = k;
  }
  return best;
}

/** Segment: the hair model's answer (and its soft look), or without the model the fallback matte around the face. */
const segment: Stage<HairSearch> = {
  name: 'segment',
  async run(s, ctx) {
    if (s.probP) {
      const prob = await s.probP;
      s.prob = prob;
      s.gw = s.gh = HAIR_MODEL_SIZE;
      const face = s.main >= 0;
      // no face (the back of the head, a close-up): a wider gate, now that it is known (decision 129)
      if (!s.soft && s.search.softLook !== false && wantsSoftLook(prob, face)) s.soft = await softLook(s.models.hair!, s.segInput!, ctx.alloc);
      if (s.soft) adoptSoftLook(prob, s.soft, s.segInput!, ctx.alloc, face);
    } else {
      const person = s.person!;
      s.gw = person.width;
      s.gh = person.height;
      s.prob = fallbackHairProb(s.img, s.faces[s.main], person.data, s.gw, s.gh);
    }
    s.matteProb = s.prob;
  },
};

/** The light of the photo, from the main face when there is one. */
function lightOf(s: HairSearch): LightEstimate {
  return estimateLight(s.img, s.main >= 0 ? s.faces[s.main] : null);
}

/** A second look at the region around the hair found, at the model's full input resolution (decision 120). */
const secondLook: Stage<HairSearch> = {
  name: 'secondLook',
  when: (s) => !!s.models.hair && s.search.secondLook !== false,
  async run(s, { alloc }) {
    const { img, prob, gw, gh, faces, main } = s;
    const hair = s.models.hair!;
    const mark = alloc.mark();
    const first = alloc.f32(prob.length, false);
    first.set(prob);
    // the region of interest reads the kept components only, without their fringe
    const pass = coarseHair({ ...s, prob: first, alloc }, false);
    const roi = hairRegionOfInterest({ data: pass.coarse, width: gw, height: gh }, img, main >= 0 ? faces[main] : null);
    if (!roi) {
      // the whole photo: the matte goes on from these components (their planes live until the run ends)
      s.firstPass = pass;
      s.matteProb = first;
      return;
    }
    try {
      const crop = await cropExact(img, roi, HAIR_MODEL_SIZE, HAIR_MODEL_SIZE);
      const againP = hair.segment(crop, alloc.f32(HAIR_MODEL_SIZE * HAIR_MODEL_SIZE));
      // this thread would only wait for the model: the photo's light is measured meanwhile (it cannot throw, so
      // the model never writes into buffers released under it)
      s.light = lightOf(s);
      const again = await againP;
      mergeSecondLook({ data: prob, width: gw, height: gh }, img, { data: again, width: HAIR_MODEL_SIZE, height: HAIR_MODEL_SIZE }, roi);
    } finally {
      alloc.release(mark);
    }
  },
};

/** What coarseHair reads: the photo, its faces, the probability grid (gated in place) and the person matte. */
interface GridInput {
  img: Rgb;
  faces: FaceGeom[];
  main: number;
  prob: Float32Array;
  gw: number;
  gh: number;
  person: Plane | null;
  alloc: Alloc;
}

/**
 * The main person's hair on the model grid: main-person gate (several faces; `prob` is gated in place), then
 * the hair components at the head or the largest hair region, with their fringe unless `fringe` is false.
 */
function coarseHair({ img, faces, main, prob, gw, gh, person, alloc }: GridInput, fringe = true): CoarseHair {
  const sx = gw / img.width;
  const sy = gh / img.height;
  if (faces.length > 1) {
    let personGrid = person!.data;
    if (person!.width !== gw || person!.height !== gh) personGrid = resizePlane(person!, gw, gh, alloc).data;
    const gate = mainPersonGate({ gw, gh, sx, sy, faces, main, person: personGrid, alloc });
    for (let i = 0; i < prob.length; i++) prob[i] *= gate[i];
  }
  if (main >= 0) {
    const m = faces[main];
    return {
      coarse: keepHeadComponents({ prob, gw, gh, sx, sy }, m, alloc, fringe),
      head: { cx: m.cx, cy: m.cy, ux: m.ux, uy: m.uy, faceWidth: m.w },
      minArea: m.w * m.h * MATTE.minAreaOfFace,
    };
  }
  // no face: the largest hair region is the main person's; its top stands in for the crown
  const region = keepLargestHairRegion(prob, gw, gh, alloc, fringe);
  const b = region.box;
  const bw = (b.x1 - b.x0 + 1) / sx;
  return {
    coarse: region.kept,
    head: { cx: (b.x0 + b.x1 + 1) / 2 / sx, cy: b.y0 / sy + bw * MATTE.crownBelowTop, ux: 0, uy: 1, faceWidth: Math.max(bw * MATTE.faceWidthOfRegion, 1) },
    minArea: img.width * img.height * MATTE.minAreaOfFrame,
  };
}

/**
 * The matte: the hair probability → the main person's full-resolution soft matte (main-person gate, hair
 * components at the head or the largest hair region, growth by likeness, guided filter, face guard); too
 * little hair is refused.
 */
const refine: Stage<HairSearch> = {
  name: 'matte',
  async run(s, { alloc, halves }) {
    const { alpha, box, head, minArea, belief, person } = await matteFromProb(s, alloc, halves);
    if (!s.search.bareHead && areaAbove(alpha, s.img.width, box, MATTE.hairAlpha) < minArea) {
      const forReference = s.search.forReference;
      throw new EngineInputError(forReference ? MESSAGES.badReference : MESSAGES.noHair, forReference ? 'bad-reference' : 'no-hair');
    }
    s.found = { img: s.img, faces: s.faces, main: s.main, head, alpha, box, light: s.light ?? lightOf(s), belief, person };
  },
};

async function matteFromProb(
  s: HairSearch,
  alloc: Alloc,
  halves: Halves,
): Promise<{ alpha: Float32Array; box: Box; head: HeadFrame; minArea: number; belief: Belief | null; person: GridPlane | null }> {
  const { img, small, faces, gw, gh, firstPass } = s;
  const prob = s.matteProb;
  if (firstPass) withTemporaries(alloc, () => addFringe(firstPass.coarse, prob, gw, gh, alloc));
  const { coarse, head, minArea } = firstPass ?? coarseHair({ ...s, prob, alloc });
  let hair = coarse;
  let likeness: Plane | null = null;
  const grid = s.search.likeness === false ? null : s.segInput;
  if (grid) {
    hair = alloc.f32(coarse.length, false);
    hair.set(coarse);
    const plane = alloc.f32(coarse.length, false);
    if (withTemporaries(alloc, () => growHairByLikeness(hair, prob, grid, plane, alloc))) likeness = { width: gw, height: gh, data: plane };
  }
  const { alpha, box } = await guidedFilterFull(img, small, { width: gw, height: gh, data: hair }, alloc, halves);
  // the face guard judges hair over the face (a fringe, a beard) by the network's own belief, and the chin's
  // likeness to the hair
  for (const f of faces)
    applyFaceGuard({ data: alpha, width: img.width, height: img.height }, f, { hairProb: { width: gw, height: gh, data: coarse }, likeness }, alloc);
  // the network's belief as gated to the main person (the fallback's grid is no network's: none)
  const belief = s.probP ? beliefOf(prob, gw, gh) : null;
  // the person matte outside the chosen face, for the taps (measured with the model only: none without it)
  const person = s.probP && s.person ? personPlane(s.person, s.main >= 0 ? faces[s.main] : null, img.width, img.height) : null;
  return { alpha, box, head, minArea, belief, person };
}

/** The probability grid as belief bytes (log-odds, decision 187): its own memory, for the preview and the region cache. */
function beliefOf(prob: Float32Array, width: number, height: number): Belief {
  const data = new Uint8Array(prob.length);
  for (let i = 0; i < prob.length; i++) data[i] = beliefByte(prob[i]);
  return { width, height, data };
}

/** Pixels of `alpha` inside `box` at or above `t` (a sync function: loops in async ones are not optimised while they run). */
function areaAbove(alpha: Float32Array, W: number, box: Box, t: number): number {
  let area = 0;
  for (let y = box.y0; y <= box.y1; y++) for (let i = y * W + box.x0; i <= y * W + box.x1; i++) if (alpha[i] >= t) area++;
  return area;
}

/** The stages that find the hair of a decoded photo whose working copies are made, in order. */
export const FIND_HAIR: readonly Stage<HairSearch>[] = [findPerson, segment, secondLook, refine];

/** Finds the hair of a decoded photo (the reference's): its copies, then FIND_HAIR, timed in `ctx`. */
export async function findHair(s: HairSearch, ctx: StageContext): Promise<Found> {
  await workingCopies(s);
  await runStages(FIND_HAIR, s, ctx);
  return s.found;
}
