/**
 * Hair region quality: the local engine's matte against hand-drawn hair masks in ../shared/datasets/hair-dev
 * (evaluation data only: never committed, nothing derived from it is written). Prints mean IoU per set
 * (celeb portraits, figaro) and per figaro hair type, refusals (a refused photo counts as IoU 0) and the
 * engine's time per photo. Photos are split once, by position in the sorted file list, into a development
 * part (two thirds) and a held-out part (every third photo) so changes tuned on one can be checked on the
 * other; both are printed. Also prints the hair model's own map (stretched 512×512, thresholded at 0.5,
 * every hair region kept) as a reference for what the matte stages add or lose.
 *   npm run bench -- hair          (HAIR_MODEL_PATH as configured; skips when the dataset is absent)
 *   HAIR_BENCH_LIMIT=20 npm run bench -- hair    (the first 20 photos of each set, for a quick look)
 *   HAIR_BENCH_SECOND_LOOK=0 npm run bench -- hair    (without the second look at the hair region, decision 120)
 *   HAIR_BENCH_LIKENESS=0 npm run bench -- hair    (without growing the hair by its likeness, decision 125)
 *   HAIR_BENCH_BOUNDS=1 npm run bench -- hair    (also upper bounds found with the masks known, decision 137)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { parseHairPrompt } from '@shared/hair/prompt';
import type { FaceGeom } from '../src/server/engine/matte/main-person';
import { fillPolygon } from '../src/server/engine/matte/refine';
import { faceOvalScaled } from '../tests/support/engine-support';

const DATASET = path.resolve(import.meta.dirname, '../../shared/datasets/hair-dev');
const PROMPT = 'copper red balayage';

interface Sample {
  set: 'celeb' | 'figaro';
  type: string;
  heldOut: boolean;
  iou: number;
  modelIou: number;
  refused: string | null;
  ms: number;
  cpuMs: number;
  bounds?: Bounds;
}

/**
 * What no post-processing of this map could beat, found with the mask known (decision 137): the IoU of the
 * engine's matte and of the network's map each at the best threshold for this photo, and of the matte with
 * every false-hair pixel within 1.3× the main face's oval taken away.
 */
interface Bounds {
  matteBestThreshold: number;
  modelBestThreshold: number;
  matteNoFalseHairNearFace: number;
}

const THRESHOLDS = Array.from({ length: 19 }, (_, k) => Math.round((k + 1) * 0.05 * 255));
/** The face oval grown about its centre by this much covers the ears, temples and the sides of the neck. */
const NEAR_FACE = 1.3;

function listSet(set: 'celeb' | 'figaro'): { photo: string; mask: string; type: string; heldOut: boolean }[] {
  const dir = path.join(DATASET, set);
  const photos = readdirSync(path.join(dir, 'photos'))
    .filter((f) => /\.(jpe?g|png)$/i.test(f))
    .sort();
  return photos.map((f, k) => {
    const stem = f.replace(/\.[^.]+$/, '');
    const mask = set === 'celeb' ? `${stem}_hair.png` : `${stem}.png`;
    const type = set === 'celeb' ? 'portrait' : (stem.split('-')[1] ?? 'unknown');
    return { photo: path.join(dir, 'photos', f), mask: path.join(dir, 'masks', mask), type, heldOut: k % 3 === 2 };
  });
}

/**
 * IoU of two binary maps given as 0..255 planes of the same size: `a` from `threshold` (default half), `b` from
 * half; pixels set in `ignore` count as not hair in `a`.
 */
function iou(a: Uint8Array, b: Uint8Array, threshold = 128, ignore?: Uint8Array): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] >= threshold && !ignore?.[i];
    const y = b[i] >= 128;
    if (x && y) inter++;
    if (x || y) union++;
  }
  return union ? inter / union : 1;
}

const bestThreshold = (a: Uint8Array, truth: Uint8Array) => Math.max(...THRESHOLDS.map((t) => iou(a, truth, t)));

/** The pixels of the mask's mw×mh grid inside the main face's oval (on the W×H photo) grown NEAR_FACE times that the mask calls not hair. */
function falseHairNearFace(face: FaceGeom, photo: { width: number; height: number }, mask: { data: Uint8Array; width: number; height: number }): Uint8Array {
  const { width: W, height: H } = photo;
  const { data: truth, width: mw, height: mh } = mask;
  const grown = faceOvalScaled(face, NEAR_FACE).map(([x, y]) => [(x * mw) / W, (y * mh) / H] as [number, number]);
  const out = new Uint8Array(mw * mh);
  fillPolygon(grown, mw, mh, (i) => {
    if (truth[i] < 128) out[i] = 1;
  });
  return out;
}

async function grey(input: Buffer | Uint8Array, w: number, h: number, raw?: { width: number; height: number }): Promise<Uint8Array> {
  const s = raw ? sharp(input, { raw: { ...raw, channels: 1 } }) : sharp(input);
  const { data } = await s.greyscale().resize(w, h, { fit: 'fill', kernel: 'linear' }).raw().toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, w * h);
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

function line(label: string, xs: Sample[]): string {
  const refused = xs.filter((s) => s.refused).length;
  const answered = xs.filter((s) => !s.refused);
  return `   ${label.padEnd(22)}${String(xs.length).padStart(4)}${mean(xs.map((s) => s.iou))
    .toFixed(3)
    .padStart(9)}${mean(answered.map((s) => s.iou))
    .toFixed(3)
    .padStart(10)}${`${refused} (${((100 * refused) / xs.length).toFixed(0)} %)`.padStart(11)}${mean(xs.map((s) => s.modelIou))
    .toFixed(3)
    .padStart(9)}`;
}

function report(samples: Sample[]): void {
  const parts: [string, (s: Sample) => boolean][] = [
    ['all', () => true],
    ['development', (s) => !s.heldOut],
    ['held out', (s) => s.heldOut],
  ];
  for (const [part, keep] of parts) {
    const xs = samples.filter(keep);
    console.log(`\n-- ${part} (${xs.length} photos)`);
    console.log(
      `   ${'set / hair type'.padEnd(22)}${'n'.padStart(4)}${'IoU'.padStart(9)}${'answered'.padStart(10)}${'refused'.padStart(11)}${'model'.padStart(9)}`,
    );
    for (const set of ['celeb', 'figaro'] as const) {
      const inSet = xs.filter((s) => s.set === set);
      if (!inSet.length) continue;
      console.log(line(set === 'celeb' ? 'celeb portraits' : 'figaro', inSet));
      if (set === 'figaro')
        for (const type of [...new Set(inSet.map((s) => s.type))])
          console.log(
            line(
              `  ${type}`,
              inSet.filter((s) => s.type === type),
            ),
          );
    }
  }
  const bounded = samples.filter((s) => s.bounds);
  if (bounded.length) {
    console.log('\n-- upper bounds with the masks known (all photos answered; decision 137)');
    for (const set of ['celeb', 'figaro'] as const) {
      const xs = bounded.filter((s) => s.set === set).map((s) => s.bounds!);
      if (!xs.length) continue;
      console.log(
        `   ${(set === 'celeb' ? 'celeb portraits' : 'figaro').padEnd(22)}${String(xs.length).padStart(4)}` +
          `   best threshold per photo: matte ${mean(xs.map((b) => b.matteBestThreshold)).toFixed(3)}, network ${mean(xs.map((b) => b.modelBestThreshold)).toFixed(3)}` +
          `; no false hair within ${NEAR_FACE}× the face oval: ${mean(xs.map((b) => b.matteNoFalseHairNearFace)).toFixed(3)}`,
      );
    }
  }
  const answered = samples.filter((s) => !s.refused);
  const times = answered.map((s) => s.ms);
  const cpu = answered.map((s) => s.cpuMs);
  console.log(
    `\n   time per photo (engine total, recolour included, no PNG): median ${median(times).toFixed(0)} ms, mean ${mean(times).toFixed(0)} ms; CPU median ${median(cpu).toFixed(0)} ms (the figure a busy machine inflates least)`,
  );
  console.log('   IoU: refused photos count as 0; "answered": mean over the photos not refused; "model": the hair model alone (every region, no refinement)');
}

export async function run(): Promise<void> {
  if (!existsSync(path.join(DATASET, 'celeb')) || !existsSync(path.join(DATASET, 'figaro'))) {
    console.log(`skipped: the hair-dev dataset is not at ${DATASET} (evaluation data, never committed; see its README)`);
    return;
  }
  const { loadEnv } = await import('../src/server/env');
  const { loadModels, runPipeline } = await import('../src/server/engine/pipeline');
  const { threadEntries } = await import('../src/server/engine/threads');
  const { decodeImage, resizeExact } = await import('../src/server/engine/image/decode');
  const { EngineInputError } = await import('../src/server/engine/errors');
  const { HAIR_MODEL_SIZE } = await import('../src/server/engine/segment/hair-model');
  const models = await loadModels(loadEnv().HAIR_MODEL_PATH, threadEntries().hairModel);
  console.log(`matte from ${models.source}${models.fallbackReason ? ` (${models.fallbackReason})` : ''}; prompt "${PROMPT}"`);
  const limit = Number(process.env.HAIR_BENCH_LIMIT) || Infinity;
  const verbose = !!process.env.HAIR_BENCH_VERBOSE;
  // HAIR_BENCH_SECOND_LOOK=0: without the second look at the hair region (decision 120), to see what it adds
  const secondLook = process.env.HAIR_BENCH_SECOND_LOOK !== '0';
  if (!secondLook) console.log('second look off');
  // HAIR_BENCH_LIKENESS=0: without growing the hair by its likeness (decision 125)
  const likeness = process.env.HAIR_BENCH_LIKENESS !== '0';
  // HAIR_BENCH_SOFT_LOOK=0: without the soft look at photos where the model found little hair (decision 126)
  const softLook = process.env.HAIR_BENCH_SOFT_LOOK !== '0';
  // HAIR_BENCH_BOUNDS=1: also what no post-processing of this network's map could beat (decision 137)
  const withBounds = process.env.HAIR_BENCH_BOUNDS === '1';
  if (!likeness) console.log('growth by likeness off');
  if (!softLook) console.log('soft look off');
  const samples: Sample[] = [];
  for (const set of ['celeb', 'figaro'] as const) {
    const items = listSet(set);
    const chosen =
      set === 'figaro' && limit < Infinity
        ? [...new Set(items.map((i) => i.type))].flatMap((t) => items.filter((i) => i.type === t).slice(0, Math.ceil(limit / 7)))
        : items.slice(0, limit);
    for (const it of chosen) {
      const photo = readFileSync(it.photo);
      const maskMeta = await sharp(it.mask).metadata();
      const mw = maskMeta.width!;
      const mh = maskMeta.height!;
      const truth = await grey(readFileSync(it.mask), mw, mh);
      let iouV = 0;
      let refused: string | null = null;
      let ms = 0;
      let cpuMs = 0;
      let matte: Uint8Array | null = null;
      let nearFace: Uint8Array | null = null;
      try {
        const r = await runPipeline(
          models,
          { image: photo, reading: parseHairPrompt(PROMPT) },
          { debug: true, skipEncode: true, secondLook, likeness, softLook },
        );
        const d = r.debug!;
        matte = await grey(d.matte, mw, mh, { width: r.width, height: r.height });
        iouV = iou(matte, truth);
        ms = r.timings.total;
        cpuMs = r.timings.cpu;
        const face = d.main >= 0 ? d.faces[d.main] : null;
        if (withBounds && face && face.mesh.length >= 468) nearFace = falseHairNearFace(face, r, { data: truth, width: mw, height: mh });
      } catch (err) {
        if (!(err instanceof EngineInputError)) throw err;
        refused = err.code;
      }
      let modelIou = 0;
      let modelMap: Uint8Array | null = null;
      if (models.hair) {
        const img = await decodeImage(photo);
        const prob = await models.hair.segment(await resizeExact(img, HAIR_MODEL_SIZE, HAIR_MODEL_SIZE));
        const p8 = new Uint8Array(prob.length);
        for (let i = 0; i < prob.length; i++) p8[i] = Math.round(prob[i] * 255);
        modelMap = await grey(p8, mw, mh, { width: HAIR_MODEL_SIZE, height: HAIR_MODEL_SIZE });
        modelIou = iou(modelMap, truth);
      }
      const bounds =
        withBounds && matte && modelMap
          ? {
              matteBestThreshold: bestThreshold(matte, truth),
              modelBestThreshold: bestThreshold(modelMap, truth),
              matteNoFalseHairNearFace: nearFace ? iou(matte, truth, 128, nearFace) : iouV,
            }
          : undefined;
      samples.push({ set, type: it.type, heldOut: it.heldOut, iou: iouV, modelIou, refused, ms, cpuMs, bounds });
      if (verbose) console.log(`${path.basename(it.photo)}\t${refused ?? iouV.toFixed(3)}\tmodel ${modelIou.toFixed(3)}\t${ms} ms`);
    }
  }
  report(samples);
  models.hair?.close();
  models.person.close();
}
