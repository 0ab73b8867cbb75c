/**
 * The local engine's pipeline, run inside a worker thread (or in-process by tests): a list of named stages
 * (STAGES: decode → find the person → segment → second look → matte → reference → read the colour → paint →
 * encode) run by the stage runner (stages.ts) over one job, sharing its scratch memory, the thread splitter
 * and cancellation; the runner times each stage. Pure with respect to its models. docs/engine/design.md
 * describes each stage.
 */
import { existsSync } from 'node:fs';
import { describeRequest, parseHairPrompt, type HairRequest } from '@shared/hair/prompt';
import type { HairAnalysis } from '@shared/hair/engine-result';
import { applyCorrections, type Belief, type GridPlane } from '@shared/hair/apply-corrections';
import type { Mark, Point } from '@shared/studio/corrections';
import { analyse } from './colour/analysis';
import { greyShare, skinBesideHair, skinModel, withBodyLevel, type SkinModel } from './colour/level-read';
import { hairColour, type LabStats } from './colour/hair-stats';
import { estimateLight, lightTint, type LightEstimate } from './colour/light';
import { recolour, type HeadFrame, type RecolourPlan } from './colour/recolour';
import { planFor, type ColourPlan, type ReferenceHair } from './colour-plan';
import { EngineInputError, MESSAGES } from './errors';
import { FIND_HAIR, findHair, hairSearch, workingCopies, type Found, type HairSearch, type MatteSource, type Models } from './find-hair';
import { decodeImage } from './image/decode';
import { encodePng } from './image/png';
import type { Box, Rgb } from './image/raster';
import { Scratch, type Alloc } from './image/scratch';
import type { FaceGeom } from './matte/main-person';
import { regionFlags, type RegionFlag } from './matte/flags';
import { halvesWith } from './halves-runner';
import { startHairModelThread } from './segment/hair-model-thread';
import { loadPersonDetector } from './runtime/human-node';
import { runStages, settle, stageContext, type Stage } from './stages';

export type { MatteSource, Models } from './find-hair';

/**
 * Run the whole pipeline once on a small portrait (threads.ts: a 288×384 copy of the MIT-licensed fixture
 * `front-dark-long.jpg`) so the first user request does not pay for JIT, XNNPACK and face-mesh set-up.
 */
export async function warmUp(models: Models, portrait: Uint8Array): Promise<void> {
  try {
    await runPipeline(models, { image: portrait, reading: parseHairPrompt('copper balayage') }, { skipEncode: true });
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
  /** The prompt as read once for the request (decision 180). */
  reading: HairRequest;
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
  /** The hair network's belief, which a tap reads (decision 187); null without the hair model. */
  belief: Belief | null;
  /** The person matte outside the chosen face, which an "add hair" tap reads (decision 203); null without the hair model. */
  person: GridPlane | null;
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
  /** Little or no hair is found as a bare head instead of refused (a cut's pictures, issue 36; SearchOptions). */
  bareHead?: boolean;
  /** Find the person matte for "add hair" taps (SearchOptions; default: when the region is returned). */
  tapPlane?: boolean;
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

/** One request's run: the photo's search for hair (find-hair.ts) and what the later stages add to it. */
interface Job extends HairSearch {
  input: PipelineInput;
  opts: PipelineOptions;
  request: HairRequest;
  /** The region as found (or given), before the person's corrections. */
  region: HairRegion;
  /** What is painted: the region with the person's corrections. */
  painted: Found;
  reference: ReferenceHair | null;
  /** The hair's colour as read on `painted`, for the paint. */
  read: Awaited<ReturnType<typeof hairColour>>;
  stats: LabStats;
  /** Without a face, the skin beside the hair, kept out of the paint; null with a face or without such skin. */
  skin: SkinModel | null;
  colour: ColourPlan;
  /** The result's pixels (the photo's own when nothing is painted). */
  out: Uint8Array;
  png: Uint8Array;
  flags?: RegionFlag[];
}

/** Stages that find the hair, left out when the region is given (the preview's, decision 138). */
const unlessGiven = (stage: Stage<HairSearch>): Stage<Job> => ({
  ...stage,
  when: (job) => !job.input.region && (stage.when?.(job) ?? true),
});

/** Decode: the photo into scratch memory and, when its hair is to be found, its working copies. */
const decode: Stage<Job> = {
  name: 'decode',
  async run(job, { alloc }) {
    const decoding = decodeImage(job.input.image);
    decoding.catch(() => {}); // awaited below unless the request itself is refused
    // the request is judged while libvips decodes on its own threads
    const req = job.request;
    const wantsColour = req.effect !== null || req.relativeLevels !== null || !!job.input.reference;
    if (!wantsColour && !job.opts.analyseOnly) throw new EngineInputError(req.cut.length ? MESSAGES.cutOnly : MESSAGES.nothing, 'unsupported-request');
    job.img = onSharedMemory(await decoding, alloc);
    if (!job.input.region) await workingCopies(job);
  },
};

/** The matte as painted: the region found (or given) with the person's corrections applied. */
const corrected: Stage<Job> = {
  name: 'matte',
  run(job, { alloc }) {
    const { img, input } = job;
    if (input.region) {
      const region = input.region;
      if (region.width !== img.width || region.height !== img.height) throw new Error('hair engine: the hair region given is not of this photo');
      job.region = region;
      job.painted = withCorrections(img, region, input.marks, alloc, estimateLight(img, region.main >= 0 ? region.faces[region.main] : null));
    } else {
      job.region = regionOf(job.found);
      job.painted = withCorrections(img, job.region, input.marks, alloc, job.found.light);
    }
  },
};

/** The reference photo's hair colour: its own run of decode and the stages that find hair, timed as one stage. */
const reference: Stage<Job> = {
  name: 'reference',
  when: (job) => !!job.input.reference,
  async run(job, ctx) {
    const { alloc, halves } = ctx;
    const refImg = await decodeImage(job.input.reference!)
      .then((ref) => onSharedMemory(ref, alloc))
      .catch((e: unknown) => {
        if (e instanceof EngineInputError) throw new EngineInputError(MESSAGES.badReference, 'bad-reference');
        throw e;
      });
    const own = { ...ctx, timings: {}, inFlight: [] };
    const temporaries = alloc.mark(); // only the reference's colour statistics outlive this stage
    try {
      const { secondLook, likeness, softLook } = job.opts;
      const ref = await findHair(hairSearch(job.models, refImg, { forReference: true, secondLook, likeness, softLook }), own);
      job.reference = { stats: (await hairColour(ref.img, ref.alpha, alloc, ref.box, halves)).stats, light: ref.light };
    } finally {
      await settle(own);
      alloc.release(temporaries);
    }
  },
};

/** Read the colour: the hair's colour and level on the painted region, and the plan the prompt asks of it. */
const colour: Stage<Job> = {
  name: 'colour',
  async run(job, { alloc, halves }) {
    const { img, painted } = job;
    job.read = await hairColour(img, painted.alpha, alloc, painted.box, halves);
    const face = painted.main >= 0 ? painted.faces[painted.main] : null;
    // the level is read from the hair's body: no skin showing through it, no shine (decision 132)
    const body = withBodyLevel(job.read.stats, job.read.lab, job.read.idx, painted.alpha, face && skinModel(img, face, painted.alpha));
    job.stats = { ...body, grey: greyShare(job.read.lab, job.read.idx, painted.alpha, lightTint(painted.light)) };
    // a head from behind or the side (a fade, a neck, sideburns): skin beside the hair is kept out of the paint.
    // Not with a face: its cheeks' colour left blotches in blonde hair (decision 178)
    job.skin = face ? null : skinBesideHair(img, painted.alpha, painted.box);
    job.colour = planFor(job.request, job.stats, job.reference);
  },
};

/** Paint: the hair recoloured as planned, in the photo's light. */
const paint: Stage<Job> = {
  name: 'paint',
  when: (job) => !job.opts.analyseOnly,
  async run(job, { alloc, halves }) {
    const { img, painted, read, stats, skin } = job;
    const { alpha, box, head, light } = painted;
    job.out = await recolour({ img, box, alpha, idx: read.idx, lab: read.lab, stats, head, plan: job.colour.plan, light, skin, alloc }, halves);
  },
};

/** Encode: the result as a PNG. */
const encode: Stage<Job> = {
  name: 'encode',
  when: (job) => !job.opts.skipEncode && !job.opts.analyseOnly,
  async run(job, { alloc }) {
    job.png = await encodePng({ width: job.img.width, height: job.img.height, data: job.out }, alloc);
  },
};

/** Where the region may be wrong, for the preview (decision 138). */
const flags: Stage<Job> = {
  name: 'flags',
  when: (job) => !!job.opts.region,
  run(job) {
    const { img, region } = job;
    job.flags = regionFlags({ img, matte: region.matte, faces: region.faces, main: region.main, light: job.painted.light });
  },
};

/** A request's stages, in order (docs/engine/design.md). */
const STAGES: readonly Stage<Job>[] = [decode, ...FIND_HAIR.map(unlessGiven), corrected, reference, colour, paint, encode, flags];

/** The region as the preview shows it: the matte in 8-bit steps (what the studio receives as a PNG). */
function regionOf(found: Found): HairRegion {
  const matte = new Uint8Array(found.alpha.length);
  const { alpha, box, img } = found;
  for (let y = box.y0; y <= box.y1; y++) for (let i = y * img.width + box.x0; i <= y * img.width + box.x1; i++) matte[i] = Math.round(alpha[i] * 255);
  return { width: img.width, height: img.height, matte, faces: found.faces, main: found.main, head: found.head, belief: found.belief, person: found.person };
}

/** A matte value at or above this (of 255) counts as hair when checking that some is left to paint. */
const HAIR_BYTE = 128;

/**
 * What is painted: the region with the person's corrections applied by the studio's own function, so the
 * render paints exactly the region the preview showed (decision 138).
 */
function withCorrections(img: Rgb, region: HairRegion, marks: readonly Mark[] | undefined, alloc: Alloc, light: LightEstimate): Found {
  const matte = marks?.length
    ? applyCorrections({
        rgba: img.data,
        channels: 3,
        width: img.width,
        height: img.height,
        matte: region.matte,
        marks,
        belief: region.belief,
        person: region.person,
      })
    : region.matte;
  const W = img.width;
  const alpha = alloc.f32(matte.length);
  const box: Box = { x0: W, y0: img.height, x1: -1, y1: -1 };
  let hair = 0;
  for (let i = 0; i < matte.length; i++) {
    const v = matte[i];
    if (!v) continue;
    alpha[i] = v / 255;
    if (v >= HAIR_BYTE) hair++;
    const x = i % W;
    const y = (i - x) / W;
    if (x < box.x0) box.x0 = x;
    if (x > box.x1) box.x1 = x;
    if (y < box.y0) box.y0 = y;
    if (y > box.y1) box.y1 = y;
  }
  // every hair pixel taken away by the person: nothing to paint (without marks, only a bare head has none)
  if (!hair && marks?.length) throw new EngineInputError(MESSAGES.noHairLeft, 'no-hair');
  return { img, faces: region.faces, main: region.main, head: region.head, alpha, box, light, belief: region.belief, person: region.person };
}

/** Scratch buffers of this thread's finished runs, ready for the next (one per run in flight). */
const idleScratch: Scratch[] = [];

export async function runPipeline(models: Models, input: PipelineInput, opts: PipelineOptions = {}): Promise<PipelineOutput> {
  const scratch = idleScratch.pop() ?? new Scratch();
  // the hair model's thread, idle once the hair is found, takes half of the pixel work after that
  const ctx = stageContext(scratch, halvesWith(models.hair?.share), opts.check);
  try {
    const tAll = performance.now();
    const cpu0 = process.cpuUsage();
    const { secondLook, likeness, softLook, bareHead, tapPlane = !!opts.region } = opts;
    const search = hairSearch(models, EMPTY_IMAGE, { secondLook, likeness, softLook, person: input.person, bareHead, tapPlane });
    // the rest of the job is filled in by its stages
    const job = { ...search, input, opts, request: input.reading, reference: null, png: new Uint8Array(0) } as Job;
    await runStages(STAGES, job, ctx);
    const t = ctx.timings;
    t.total = performance.now() - tAll;
    // CPU time of the process during this job (this worker + libvips threads; other workers' jobs too when
    // several run at once): the figure that does not inflate when the machine is busy
    const cpu = process.cpuUsage(cpu0);
    t.cpu = (cpu.user + cpu.system) / 1000;
    for (const k of Object.keys(t)) t[k] = Math.round(t[k] * 10) / 10;
    return report(job, t);
  } finally {
    await settle(ctx);
    scratch.release();
    idleScratch.push(scratch);
  }
}

/** Before decoding, the job's photo is none. */
const EMPTY_IMAGE: Rgb = { width: 0, height: 0, data: new Uint8Array(0) };

/** A finished job as the engine answers it: the picture, the words, the analysis and what was asked besides. */
function report(job: Job, timings: Record<string, number>): PipelineOutput {
  const { img, painted, stats, request: req, colour, opts } = job;
  const refHair = job.reference;
  const light = painted.light;
  // share of the frame that is confidently hair: the stats' weight counts alpha ≥ 0.5 pixels
  const hairShare = stats.weight / (img.width * img.height);
  const analysis = analyse(stats, colour.targetL, {
    vivid: colour.vivid,
    reference: !!refHair,
    light,
    face: painted.main >= 0,
    hairShare,
    relative: refHair ? null : req.relativeLevels,
  });
  let applied = refHair ? describeRequest({ ...req, technique: colour.plan.technique }, 'Colour from your reference photo') : describeRequest(req);
  if (req.cut.length) applied += ' (haircut changes need a generative engine: colour applied only)';
  const result: PipelineOutput = {
    png: job.png,
    width: img.width,
    height: img.height,
    applied,
    technique: colour.plan.technique,
    colours: refHair ? [] : req.colourIds,
    analysis,
    timings,
    model: job.models.source,
  };
  if (opts.region) {
    result.region = job.region;
    result.flags = job.flags;
  }
  if (opts.debug) {
    const matte = new Uint8Array(painted.alpha.length);
    for (let i = 0; i < matte.length; i++) matte[i] = Math.round(painted.alpha[i] * 255);
    const output = opts.analyseOnly ? img.data : job.out;
    // the output's pixels live in scratch buffers the next run reuses: debug gets its own copy
    result.debug = {
      matte,
      faces: painted.faces,
      main: painted.main,
      input: img,
      output: { width: img.width, height: img.height, data: output.slice() },
      hairStats: stats,
      plan: colour.plan,
      light,
    };
  }
  return result;
}
