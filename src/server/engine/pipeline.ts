/**
 * The local engine's pipeline, run inside a worker thread (or in-process by tests):
 * decode → detect faces → segment (hair model or fallback) → matte (main person, edge refine, face
 * guard) → recolour → encode. Pure with respect to its models; `check()` is called between stages so a
 * cancelled job stops early.
 */
import { existsSync } from 'node:fs';
import { lFromLevel, type OkLab } from '@shared/hair/oklab';
import { describeRequest, parseHairPrompt, type HairRequest } from '@shared/hair/prompt';
import type { HairAnalysis } from '@shared/hair/engine-result';
import { applyCorrections } from '@shared/hair/apply-corrections';
import type { Mark, Point } from '@shared/studio/corrections';
import { analyse } from './colour/analysis';
import { skinModel, withBodyLevel } from './colour/level-read';
import { hairColour, type LabStats } from './colour/hair-stats';
import { estimateLight, type LightEstimate } from './colour/light';
import { recolour, type HeadFrame, type RecolourPlan, type ToneTarget } from './colour/recolour';
import { outOfLight } from '@shared/hair/shade-map';
import { EngineInputError, MESSAGES } from './errors';
import { cropExact, decodeImage, downscale, resizeExact } from './image/decode';
import { encodePng } from './image/png';
import { resizePlane, type Box, type Plane, type Rgb } from './image/raster';
import { Scratch, withTemporaries, type Alloc } from './image/scratch';
import { fallbackHairProb } from './matte/fallback';
import { addFringe, faceGeom, keepHeadComponents, keepLargestHairRegion, mainPersonGate, type FaceGeom } from './matte/main-person';
import { regionFlags, type RegionFlag } from './matte/flags';
import { applyFaceGuard, guidedFilterFull } from './matte/refine';
import { growHairByLikeness } from './matte/likeness';
import { hairRegionOfInterest, mergeSecondLook } from './matte/second-look';
import { adoptSoftLook, fromSoftView, softView, wantsSoftLook } from './matte/soft-look';
import type { Halves } from './halves';
import { halvesWith } from './halves-runner';
import { HAIR_MODEL_SIZE, type HairModel } from './segment/hair-model';
import { startHairModelThread } from './segment/hair-model-thread';
import { loadPersonDetector, type PersonDetector } from './runtime/human-node';

export type MatteSource = 'hair-segmentation' | 'fallback';

export interface Models {
  hair: HairModel | null;
  person: PersonDetector;
  source: MatteSource;
  /** Why the fallback is in use, if it is. */
  fallbackReason?: string;
}

/**
 * Run the whole pipeline once on a small portrait (threads.ts: a 288×384 copy of the MIT-licensed fixture
 * `front-dark-long.jpg`) so the first user request does not pay for JIT, XNNPACK and face-mesh set-up.
 */
export async function warmUp(models: Models, portrait: Uint8Array): Promise<void> {
  try {
    await runPipeline(models, { image: portrait, prompt: 'copper balayage' }, { skipEncode: true });
  } catch {
    // a failed warm-up only costs the first request some time
  }
}

/** Loads the face models here and the hair model (when its file exists) on its own thread, from `hairEntry`. */
export async function loadModels(modelPath: string, hairEntry: URL): Promise<Models> {
  const personP = loadPersonDetector();
  if (!modelPath || !existsSync(modelPath)) {
    return {
      hair: null,
      person: await personP,
      source: 'fallback',
      fallbackReason: `hair model not found at ${modelPath || '(unset)'}: using the fallback matte. Install it with \`npm run models:fetch\` or set HAIR_MODEL_PATH to MediaPipe's hair_segmentation.tflite.`,
    };
  }
  // both load at once: the hair model on its own thread
  const [person, hair] = await Promise.all([personP, startHairModelThread(modelPath, hairEntry).catch((err: unknown) => err as Error)]);
  if (hair instanceof Error) {
    return {
      hair: null,
      person,
      source: 'fallback',
      fallbackReason: `could not load the hair model at ${modelPath} (${hair.message}): using the fallback matte. Re-install it with \`npm run models:fetch\`.`,
    };
  }
  return { hair, person, source: 'hair-segmentation' };
}

export interface PipelineInput {
  image: Uint8Array;
  prompt: string;
  reference?: Uint8Array;
  /** The hair region found before for this photo (the preview's): painted as it is, not found again. */
  region?: HairRegion;
  /** Whose hair, when the region is found here: a point on their face (decision 138). */
  person?: Point;
  /** The person's taps and strokes, applied to the region before painting (decision 138). */
  marks?: readonly Mark[];
}

/**
 * The hair region of one photo as the preview shows it and the render paints it (decision 138): the matte in
 * 8-bit steps, so the studio's copy and the engine's are the same bytes, and the faces it was found with.
 */
export interface HairRegion {
  width: number;
  height: number;
  /** 0..255 per pixel, before the person's corrections. */
  matte: Uint8Array;
  faces: FaceGeom[];
  /** The chosen person's face; -1 when no face was found. */
  main: number;
  head: HeadFrame;
}

export interface PipelineOptions {
  /** Return the matte and face data (tests, engine sheet). */
  debug?: boolean;
  /** Skip PNG encoding (tests); `png` is then empty. */
  skipEncode?: boolean;
  /** Measure the hair and return the analysis only (no recolour, no PNG): what hosted results show. */
  analyseOnly?: boolean;
  /** Look again at the region around the hair found (decision 120; default on; off to measure what it adds). */
  secondLook?: boolean;
  /** Grow and trim the hair by its likeness to the hair found (decision 125; default on; off to measure it). */
  likeness?: boolean;
  /** Look again at the photo blurred and from a step back when the hair model found little hair (decisions 126, 128, 129; default on; off to measure it). */
  softLook?: boolean;
  /** Return the hair region found (before corrections), for the preview and its cache. */
  region?: boolean;
  check?: () => void;
}

interface PipelineDebug {
  /** Final soft matte, 0..255 per pixel. */
  matte: Uint8Array;
  faces: FaceGeom[];
  /** The main person's face, -1 when no face was found (the largest hair region is then the main one). */
  main: number;
  input: Rgb;
  output: Rgb;
  hairStats: LabStats;
  plan: RecolourPlan;
  light: LightEstimate;
}

export interface PipelineOutput {
  png: Uint8Array;
  width: number;
  height: number;
  applied: string;
  technique: string | null;
  colours: string[];
  analysis: HairAnalysis;
  timings: Record<string, number>;
  model: MatteSource;
  /** When `region` was asked: the region found, before the person's corrections. */
  region?: HairRegion;
  /** When `region` was asked: where the region may be wrong (the preview's flags). */
  flags?: RegionFlag[];
  debug?: PipelineDebug;
}

/** The photo copied into scratch memory, which the worker's two threads share (halves.ts). */
function onSharedMemory(img: Rgb, alloc: Alloc): Rgb {
  const data = alloc.u8(img.data.length, false);
  data.set(img.data);
  return { ...img, data };
}

/** Long side of the copy faces are detected on (the face models work at 128–256 px anyway). */
const DETECT_MAX = 384;
/** Long side of the copy the hair model input and the guided filter's coefficients come from. */
const WORK_MAX = 512;

interface Found {
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
}

/** The faces on the detector's copy `det`, in image pixels, and the chosen one (chooseFace); main is -1 when there is none. */
async function locateFaces(models: Models, img: Rgb, det: Rgb, person?: Point): Promise<{ faces: FaceGeom[]; main: number }> {
  const dsx = det.width / img.width;
  const dsy = det.height / img.height;
  const rawFaces = await models.person.faces(det);
  const faces = rawFaces
    .map((f) => ({
      ...f,
      box: [f.box[0] / dsx, f.box[1] / dsy, f.box[2] / dsx, f.box[3] / dsy] as typeof f.box,
      mesh: f.mesh.map(([x, y]) => [x / dsx, y / dsy] as [number, number]),
    }))
    .map(faceGeom)
    .filter((f) => f.w >= 12);
  if (!faces.length) return { faces, main: -1 };
  return { faces, main: chooseFace(faces, img.width, img.height, person) };
}

/** Faces at least this share of the largest one's area count as "the largest" when choosing the subject. */
const NEAR_LARGEST = 0.5;

/**
 * Whose hair (decision 138): the face the person pointed at (the one whose box, grown by half, holds the point
 * and whose centre is nearest it; else the nearest), or without a point the largest face nearest the
 * centre: of the faces near the largest in size, the one nearest the photo's centre.
 */
function chooseFace(faces: readonly FaceGeom[], W: number, H: number, person?: Point): number {
  const d2 = (f: FaceGeom, x: number, y: number) => (f.cx - x) ** 2 + (f.cy - y) ** 2;
  let best = 0;
  if (person) {
    const holds = (f: FaceGeom) => Math.abs(person.x - f.cx) <= f.w * 0.75 && Math.abs(person.y - f.cy) <= f.h * 0.75;
    const score = (f: FaceGeom) => d2(f, person.x, person.y) - (holds(f) ? 1e12 : 0);
    for (let k = 1; k < faces.length; k++) if (score(faces[k]) < score(faces[best])) best = k;
    return best;
  }
  const largest = Math.max(...faces.map((f) => f.w * f.h));
  best = -1;
  for (let k = 0; k < faces.length; k++) {
    if (faces[k].w * faces[k].h < largest * NEAR_LARGEST) continue;
    if (best < 0 || d2(faces[k], W / 2, H / 2) < d2(faces[best], W / 2, H / 2)) best = k;
  }
  return best;
}

/** What the matte stage needs: the photo, its guide copy, the faces, the hair probability on its grid. */
interface MatteInput {
  img: Rgb;
  /** The guide copy (long side ≤ WORK_MAX). */
  small: Rgb;
  faces: FaceGeom[];
  main: number;
  /** Hair probability on a gw×gh grid covering the photo (modified in place by the main-person gate). */
  prob: Float32Array;
  gw: number;
  gh: number;
  /** Person matte (several faces, or the fallback), null otherwise. */
  person: Plane | null;
  /** The photo stretched to the gw×gh grid, for growing the hair by its likeness (null: no growth). */
  likeness: Rgb | null;
  alloc: Alloc;
}

interface CoarseHair {
  coarse: Float32Array;
  head: HeadFrame;
  minArea: number;
}

/**
 * The main person's hair on the model grid: main-person gate (several faces; `prob` is gated in place), then
 * the hair components at the head or the largest hair region, with their fringe unless `fringe` is false.
 */
function coarseHair({ img, faces, main, prob, gw, gh, person, alloc }: Omit<MatteInput, 'small' | 'likeness'>, fringe = true): CoarseHair {
  const sx = gw / img.width;
  const sy = gh / img.height;
  if (faces.length > 1) {
    let personGrid = person!.data;
    if (person!.width !== gw || person!.height !== gh) personGrid = resizePlane(person!, gw, gh, alloc).data;
    const gate = mainPersonGate({ gw, gh, sx, sy, faces, main, person: personGrid, alloc });
    for (let i = 0; i < prob.length; i++) prob[i] *= gate[i];
  }
  let coarse: Float32Array;
  let head: HeadFrame;
  let minArea: number;
  if (main >= 0) {
    const m = faces[main];
    coarse = keepHeadComponents(prob, gw, gh, sx, sy, m, alloc, fringe);
    head = { cx: m.cx, cy: m.cy, ux: m.ux, uy: m.uy, faceWidth: m.w };
    minArea = m.w * m.h * 0.12;
  } else {
    // no face: the largest hair region is the main person's; its top stands in for the crown
    const region = keepLargestHairRegion(prob, gw, gh, alloc, fringe);
    coarse = region.kept;
    const b = region.box;
    const bw = (b.x1 - b.x0 + 1) / sx;
    head = { cx: (b.x0 + b.x1 + 1) / 2 / sx, cy: b.y0 / sy + bw * 0.3, ux: 0, uy: 1, faceWidth: Math.max(bw * 0.45, 1) };
    // hair covering at least 1 % of the frame: below that it is a stray patch, not a photo of hair
    minArea = img.width * img.height * 0.01;
  }
  return { coarse, head, minArea };
}

/**
 * The hair probability → the main person's full-resolution soft matte: main-person gate, hair components at
 * the head (or the largest hair region), growth by likeness, guided filter, contrast curve, face guard.
 * `found`: those components already found on this `prob` (without their fringe).
 */
async function matteFromProb(
  input: MatteInput,
  halves: Halves,
  found: CoarseHair | null,
): Promise<{ alpha: Float32Array; box: Box; head: HeadFrame; minArea: number }> {
  const { img, small, faces, gw, gh, alloc } = input;
  if (found) withTemporaries(alloc, () => addFringe(found.coarse, input.prob, gw, gh, alloc));
  const { coarse, head, minArea } = found ?? coarseHair(input);
  let hair = coarse;
  let likeness: Plane | null = null;
  const grid = input.likeness;
  if (grid) {
    hair = alloc.f32(coarse.length, false);
    hair.set(coarse);
    const plane = alloc.f32(coarse.length, false);
    if (withTemporaries(alloc, () => growHairByLikeness(hair, input.prob, grid, plane, alloc))) likeness = { width: gw, height: gh, data: plane };
  }
  const { alpha, box } = await guidedFilterFull(img, small, { width: gw, height: gh, data: hair }, alloc, halves);
  // the face guard judges hair over the face (a fringe, a beard) by the network's own belief, and the chin's
  // likeness to the hair
  for (const f of faces) applyFaceGuard(alpha, img.width, img.height, f, { width: gw, height: gh, data: coarse }, alloc, likeness);
  return { alpha, box, head, minArea };
}

/** Pixels of `alpha` inside `box` at or above `t` (a sync function: loops in async ones are not optimised while they run). */
function areaAbove(alpha: Float32Array, W: number, box: Box, t: number): number {
  let area = 0;
  for (let y = box.y0; y <= box.y1; y++) for (let i = y * W + box.x0; i <= y * W + box.x1; i++) if (alpha[i] >= t) area++;
  return area;
}

/** Faces, main person and the full-resolution hair matte of a decoded photo. */
async function findHair(
  models: Models,
  img: Rgb,
  t: Record<string, number>,
  check: () => void,
  alloc: Alloc,
  halves: Halves,
  opts: { forReference?: boolean; secondLook?: boolean; likeness?: boolean; softLook?: boolean; person?: Point } = {},
): Promise<Found> {
  const forReference = !!opts.forReference;
  let t0 = performance.now();
  // working copies, made natively and at once: the guided filter's guide, the face detector's input and
  // the hair model's stretched input
  const hair = models.hair;
  const [small, det, segInput] = await Promise.all([
    downscale(img, WORK_MAX),
    downscale(img, DETECT_MAX),
    hair ? resizeExact(img, HAIR_MODEL_SIZE, HAIR_MODEL_SIZE) : null,
  ]);
  t.decode = (t.decode ?? 0) + performance.now() - t0;
  // the hair model runs on its own thread while the faces are found on this one (the request is posted
  // before face detection keeps this thread busy)
  t0 = performance.now();
  let tSeg = 0;
  let tSoft = 0;
  // a soft look at the hair: braids and locs the network misses by their texture (decisions 126, 128, 129)
  const softLook = async (grid: Rgb): Promise<Float32Array> => {
    const t1 = performance.now();
    const seen = await hair!.segment(await softView(grid), alloc.f32(HAIR_MODEL_SIZE * HAIR_MODEL_SIZE, false));
    const soft = fromSoftView(seen, HAIR_MODEL_SIZE, alloc);
    tSoft += performance.now() - t1;
    return soft;
  };
  let soft: Float32Array | null = null;
  const probP =
    hair && segInput
      ? hair.segment(segInput, alloc.f32(HAIR_MODEL_SIZE * HAIR_MODEL_SIZE)).then(async (p) => {
          tSeg = performance.now() - t0;
          // little hair found, whether or not there is a face: looked at again while the faces may still be
          // being found (its buffers live until the run ends: no mark is taken while this thread's other work
          // may allocate)
          if (opts.softLook !== false && wantsSoftLook(p, true)) soft = await softLook(segInput);
          return p;
        })
      : null;
  probP?.catch(() => {}); // awaited below; a failure while faces are being found is not "unhandled"
  let faces: FaceGeom[];
  let main: number;
  let person: Plane | null;
  let tPerson: number;
  try {
    const tDetect = performance.now();
    ({ faces, main } = await locateFaces(models, img, det, opts.person));
    t.detect = (t.detect ?? 0) + performance.now() - tDetect;
    // the fallback matte is built around a face; the hair model finds hair on any photo (back of the
    // head, a profile, a close-up of the lengths)
    // without the hair model the only thing missing is that model's reach, not the face the person may not have
    // meant to show (a photo of their balayage from behind)
    if (main < 0 && !probP) throw new EngineInputError(forReference ? MESSAGES.badReference : MESSAGES.noFace, forReference ? 'bad-reference' : 'no-face');
    check();
    // the person matte separates people; with a single face the hair components test is enough
    const t1 = performance.now();
    person = faces.length > 1 || !probP ? await models.person.person(det) : null;
    tPerson = performance.now() - t1;
  } catch (err) {
    // the hair model writes into this run's scratch: it must finish before the run (and its buffers) ends
    await probP?.catch(() => {});
    throw err;
  }

  let prob: Float32Array;
  let gw: number;
  let gh: number;
  let tFallback = 0;
  if (probP) {
    prob = await probP;
    gw = gh = HAIR_MODEL_SIZE;
    const face = main >= 0;
    // no face (the back of the head, a close-up): a wider gate, now that it is known (decision 129)
    if (!soft && opts.softLook !== false && wantsSoftLook(prob, face)) soft = await softLook(segInput!);
    if (soft) adoptSoftLook(prob, soft, segInput!, alloc, face);
    if (tSoft) t.softLook = (t.softLook ?? 0) + tSoft;
  } else {
    const t2 = performance.now();
    gw = person!.width;
    gh = person!.height;
    prob = fallbackHairProb(img, faces[main], person!.data, gw, gh);
    tFallback = performance.now() - t2;
  }
  // segment: the hair model's latency from posting its input (overlapping detect), plus the person matte
  // and the fallback matte when they run
  t.segment = (t.segment ?? 0) + tSeg + tPerson + tFallback;
  check();

  let light: LightEstimate | null = null;
  const lightOf = () => estimateLight(img, main >= 0 ? faces[main] : null);
  // the first pass's hair components, kept for the matte when the second look has nothing to add
  let firstPass: CoarseHair | null = null;
  let matteProb = prob;
  if (hair && opts.secondLook !== false) {
    // a second look at the region around the hair found, at the model's full input resolution (decision 120)
    t0 = performance.now();
    const mark = alloc.mark();
    const first = alloc.f32(prob.length, false);
    first.set(prob);
    // the region of interest reads the kept components only, without their fringe
    const pass = coarseHair({ img, faces, main, prob: first, gw, gh, person, alloc }, false);
    const roi = hairRegionOfInterest(pass.coarse, gw, gh, img.width, img.height, main >= 0 ? faces[main] : null);
    if (!roi) {
      // the whole photo: the matte goes on from these components (their planes live until the run ends)
      firstPass = pass;
      matteProb = first;
    } else {
      try {
        const crop = await cropExact(img, roi, HAIR_MODEL_SIZE, HAIR_MODEL_SIZE);
        const againP = hair.segment(crop, alloc.f32(HAIR_MODEL_SIZE * HAIR_MODEL_SIZE));
        // this thread would only wait for the model: the photo's light is measured meanwhile (it cannot throw,
        // so the model never writes into buffers released under it)
        light = lightOf();
        const again = await againP;
        mergeSecondLook(prob, gw, gh, img.width, img.height, again, HAIR_MODEL_SIZE, roi);
      } finally {
        alloc.release(mark);
      }
    }
    t.secondLook = (t.secondLook ?? 0) + performance.now() - t0;
    check();
  }

  t0 = performance.now();
  const { alpha, box, head, minArea } = await matteFromProb(
    { img, small, faces, main, prob: matteProb, gw, gh, person, likeness: opts.likeness === false ? null : segInput, alloc },
    halves,
    firstPass,
  );
  t.matte = (t.matte ?? 0) + performance.now() - t0;
  if (areaAbove(alpha, img.width, box, 0.5) < minArea)
    throw new EngineInputError(forReference ? MESSAGES.badReference : MESSAGES.noHair, forReference ? 'bad-reference' : 'no-hair');
  check();
  return { img, faces, main, head, alpha, box, light: light ?? lightOf() };
}

/** The region as the preview shows it: the matte in 8-bit steps (what the studio receives as a PNG). */
function regionOf(found: Found): HairRegion {
  const matte = new Uint8Array(found.alpha.length);
  const { alpha, box, img } = found;
  for (let y = box.y0; y <= box.y1; y++) for (let i = y * img.width + box.x0; i <= y * img.width + box.x1; i++) matte[i] = Math.round(alpha[i] * 255);
  return { width: img.width, height: img.height, matte, faces: found.faces, main: found.main, head: found.head };
}

/**
 * What is painted: the region with the person's corrections applied by the studio's own function, so the
 * render paints exactly the region the preview showed (decision 138).
 */
function withCorrections(img: Rgb, region: HairRegion, marks: readonly Mark[] | undefined, alloc: Alloc, light: LightEstimate): Found {
  const matte = marks?.length
    ? applyCorrections({ rgba: img.data, channels: 3, width: img.width, height: img.height, matte: region.matte, marks })
    : region.matte;
  const W = img.width;
  const alpha = alloc.f32(matte.length);
  const box: Box = { x0: W, y0: img.height, x1: -1, y1: -1 };
  let hair = 0;
  for (let i = 0; i < matte.length; i++) {
    const v = matte[i];
    if (!v) continue;
    alpha[i] = v / 255;
    if (v >= 128) hair++;
    const x = i % W;
    const y = (i - x) / W;
    if (x < box.x0) box.x0 = x;
    if (x > box.x1) box.x1 = x;
    if (y < box.y0) box.y0 = y;
    if (y > box.y1) box.y1 = y;
  }
  // every hair pixel taken away by the person: nothing to paint
  if (!hair) throw new EngineInputError(MESSAGES.noHairLeft, 'no-hair');
  return { img, faces: region.faces, main: region.main, head: region.head, alpha, box, light };
}

const LEVEL_STEP = lFromLevel(2) - lFromLevel(1);

function relativeTarget(stats: LabStats, n: number): ToneTarget {
  const mu = stats.mean;
  const L = Math.min(0.9, Math.max(0.12, mu.L + n * LEVEL_STEP));
  // lifting exposes warm underlying pigment; going darker deepens and slightly desaturates
  const mean: OkLab = n > 0 ? { L, a: mu.a + 0.007 * Math.min(n, 4), b: mu.b + 0.016 * Math.min(n, 4) } : { L, a: mu.a * 0.9, b: mu.b * 0.9 };
  // measured on this photo's hair: already in its light
  return { mean, inPhotoLight: true };
}

function darker(t: ToneTarget, by = 0.13): ToneTarget {
  return { mean: { L: Math.max(0.12, t.mean.L - by), a: t.mean.a * 0.8, b: t.mean.b * 0.8 }, inPhotoLight: t.inPhotoLight };
}

interface ReferenceHair {
  stats: LabStats;
  light: LightEstimate;
}

function planFor(req: HairRequest, stats: LabStats, reference: ReferenceHair | null): { plan: RecolourPlan; targetL: number | null; vivid: boolean } {
  const technique = req.technique ?? 'all-over';
  let base: ToneTarget | null = req.base ? { mean: req.base.lab } : null;
  let effect: ToneTarget | null = req.effect ? { mean: req.effect.lab } : null;
  if (reference) {
    // the reference hair's colour in neutral light, rendered in this photo's light like a shade
    effect = { mean: outOfLight(reference.stats.mean, reference.light), sd: reference.stats.sd };
    base = null;
  } else if (req.relativeLevels !== null) {
    effect = relativeTarget(stats, req.relativeLevels);
  }
  let targetL = Math.max(base?.mean.L ?? -1, effect?.mean.L ?? -1);
  // relative requests: the target level is the current level (measured the same way) ± n
  if (!reference && req.relativeLevels !== null) targetL = stats.levelL + req.relativeLevels * LEVEL_STEP;
  if (req.temperature) {
    // warmer: towards gold/copper; cooler: towards ash (a and b in OKLab), the level unchanged
    const shift = (t: ToneTarget | null): ToneTarget | null =>
      t && {
        ...t,
        mean:
          req.temperature === 'warmer'
            ? { L: t.mean.L, a: t.mean.a + 0.008, b: t.mean.b + 0.028 }
            : { L: t.mean.L, a: t.mean.a * 0.6 - 0.004, b: t.mean.b * 0.5 - 0.012 },
      };
    base = shift(base);
    effect = shift(effect);
  }
  let rootsTarget: ToneTarget | null = null;
  if (technique === 'root-shadow' && effect && req.effect) {
    // colour all over, roots a shade deeper
    base = effect;
    effect = darker(effect);
    targetL = base.mean.L;
  } else if (req.roots === 'darker' && (effect ?? base)) {
    // "balayage but darker at the roots": the technique as asked, the roots a shade below the base colour
    rootsTarget = darker(base ?? effect!);
  }
  const chromaOf = (t: ToneTarget | null) => (t ? Math.hypot(t.mean.a, t.mean.b) : 0);
  const vivid = Math.max(chromaOf(base), chromaOf(effect)) > 0.09;
  const roots = req.roots === 'darker' ? null : req.roots;
  return { plan: { technique, base, effect, roots, rootsTarget, placement: req.placement }, targetL: targetL < 0 ? null : targetL, vivid };
}

/** Scratch buffers of this thread's finished runs, ready for the next (one per run in flight). */
const idleScratch: Scratch[] = [];

export async function runPipeline(models: Models, input: PipelineInput, opts: PipelineOptions = {}): Promise<PipelineOutput> {
  const scratch = idleScratch.pop() ?? new Scratch();
  try {
    return await run(models, input, opts, scratch);
  } finally {
    scratch.release();
    idleScratch.push(scratch);
  }
}

async function run(models: Models, input: PipelineInput, opts: PipelineOptions, alloc: Alloc): Promise<PipelineOutput> {
  const check = opts.check ?? (() => {});
  const t: Record<string, number> = {};
  const tAll = performance.now();
  const cpu0 = process.cpuUsage();
  // the hair model's thread, idle once the hair is found, takes half of the pixel work after that
  const halves = halvesWith(models.hair?.share);
  let t0 = performance.now();
  const decoding = decodeImage(input.image);
  decoding.catch(() => {}); // awaited below unless the request itself is refused
  // the prompt is read while libvips decodes on its own threads
  const req = parseHairPrompt(input.prompt);
  const wantsColour = req.effect !== null || req.relativeLevels !== null || !!input.reference;
  if (!wantsColour && !opts.analyseOnly) throw new EngineInputError(req.cut.length ? MESSAGES.cutOnly : MESSAGES.nothing, 'unsupported-request');
  const img = onSharedMemory(await decoding, alloc);
  t.decode = performance.now() - t0;
  check();

  let found: Found;
  let region: HairRegion;
  if (input.region) {
    region = input.region;
    if (region.width !== img.width || region.height !== img.height) throw new Error('hair engine: the hair region given is not of this photo');
    t0 = performance.now();
    found = withCorrections(img, region, input.marks, alloc, estimateLight(img, region.main >= 0 ? region.faces[region.main] : null));
    t.matte = performance.now() - t0;
  } else {
    const fresh = await findHair(models, img, t, check, alloc, halves, {
      secondLook: opts.secondLook,
      likeness: opts.likeness,
      softLook: opts.softLook,
      person: input.person,
    });
    t0 = performance.now();
    region = regionOf(fresh);
    found = withCorrections(img, region, input.marks, alloc, fresh.light);
    t.matte += performance.now() - t0;
  }

  let refHair: ReferenceHair | null = null;
  if (input.reference) {
    t0 = performance.now();
    const refImg = await decodeImage(input.reference)
      .then((ref) => onSharedMemory(ref, alloc))
      .catch((e: unknown) => {
        if (e instanceof EngineInputError) throw new EngineInputError(MESSAGES.badReference, 'bad-reference');
        throw e;
      });
    const rt: Record<string, number> = {};
    const temporaries = alloc.mark(); // only the reference's colour statistics outlive this block
    try {
      const ref = await findHair(models, refImg, rt, check, alloc, halves, {
        forReference: true,
        secondLook: opts.secondLook,
        likeness: opts.likeness,
        softLook: opts.softLook,
      });
      refHair = { stats: (await hairColour(ref.img, ref.alpha, alloc, ref.box, halves)).stats, light: ref.light };
    } finally {
      alloc.release(temporaries);
    }
    t.reference = performance.now() - t0;
  }

  t0 = performance.now();
  const read = await hairColour(img, found.alpha, alloc, found.box, halves);
  const { idx, lab } = read;
  const face = found.main >= 0 ? found.faces[found.main] : null;
  // the level is read from the hair's body: no skin showing through it, no shine (decision 132)
  const stats = withBodyLevel(read.stats, lab, idx, found.alpha, face && skinModel(img, face, found.alpha));
  const light = found.light;
  const { plan, targetL, vivid } = planFor(req, stats, refHair);
  const out = opts.analyseOnly
    ? img.data
    : await recolour({ img, box: found.box, alpha: found.alpha, idx, lab, stats, head: found.head, plan, light, alloc }, halves);
  t.recolour = performance.now() - t0;
  check();

  // share of the frame that is confidently hair: the stats' weight counts alpha ≥ 0.5 pixels
  const hairShare = stats.weight / (img.width * img.height);
  const analysis = analyse(stats, targetL, {
    vivid,
    reference: !!refHair,
    light,
    face: found.main >= 0,
    hairShare,
    relative: refHair ? null : req.relativeLevels,
  });
  let applied = refHair ? describeRequest({ ...req, technique: plan.technique }, 'Colour from your reference photo') : describeRequest(req);
  if (req.cut.length) applied += ' (haircut changes need a generative engine: colour applied only)';

  const outImg: Rgb = { width: img.width, height: img.height, data: out };
  let png: Uint8Array = new Uint8Array(0);
  if (!opts.skipEncode && !opts.analyseOnly) {
    t0 = performance.now();
    png = await encodePng(outImg, alloc);
    t.encode = performance.now() - t0;
  }
  t.total = performance.now() - tAll;
  // CPU time of the process during this job (this worker + libvips threads; other workers' jobs too when
  // several run at once): the figure that does not inflate when the machine is busy
  const cpu = process.cpuUsage(cpu0);
  t.cpu = (cpu.user + cpu.system) / 1000;
  for (const k of Object.keys(t)) t[k] = Math.round(t[k] * 10) / 10;

  const colours = refHair ? [] : req.colourIds;
  const result: PipelineOutput = {
    png,
    width: img.width,
    height: img.height,
    applied,
    technique: plan.technique,
    colours,
    analysis,
    timings: t,
    model: models.source,
  };
  if (opts.region) {
    result.region = region;
    result.flags = regionFlags({ img, matte: region.matte, faces: region.faces, main: region.main, light });
  }
  if (opts.debug) {
    const matte = new Uint8Array(found.alpha.length);
    for (let i = 0; i < matte.length; i++) matte[i] = Math.round(found.alpha[i] * 255);
    // the output's pixels live in scratch buffers the next run reuses: debug gets its own copy
    result.debug = { matte, faces: found.faces, main: found.main, input: img, output: { ...outImg, data: outImg.data.slice() }, hairStats: stats, plan, light };
  }
  return result;
}
