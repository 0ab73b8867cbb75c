/**
 * How quickly a person fixes the hair region with taps (issue 32, decision 138): the standard NoC@90 protocol of
 * interactive segmentation on ../shared/datasets/hair-dev (evaluation data only: never committed, nothing
 * derived from it is written). For each photo: find the region once, then up to 5 times tap the interior-most
 * point (largest distance to its border) of the largest connected region where the region and the hand-drawn
 * mask disagree, with the mask's label there and a fingertip's radius (1 % of the photo's diagonal), applying
 * the taps with the studio's own `applyCorrections`, the network's belief and the person matte the preview sends
 * (decisions 187 and 203). Prints mean IoU after 0, 1, 3 and 5 taps and the mean
 * number of taps to reach 0.90 (5 when never reached, and how many never did), per set and hair type; how long
 * one tap takes; and how often each preview flag fires and how often a flagged photo really had a wrong region
 * near the flag (IoU < 0.85 within 15 % of the diagonal of it).
 *   npm run bench -- correction
 *   CORRECTION_BENCH_LIMIT=20 npm run bench -- correction    (the first 20 photos of each set, for a quick look)
 *   HAIR_DEV_DIR=/path/to/hair-dev npm run bench -- correction    (the dataset elsewhere)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { NOTHING_ASKED } from '@shared/hair/prompt';
import type { applyCorrections as ApplyCorrections } from '@shared/hair/apply-corrections';
import type { Mark } from '@shared/studio/corrections';

/** HAIR_DEV_DIR for a checkout that is not beside ../shared (a git worktree elsewhere). */
const DATASET = process.env.HAIR_DEV_DIR ?? path.resolve(import.meta.dirname, '../../shared/datasets/hair-dev');
const TAPS = 5;
const AFTER = [0, 1, 3, 5];
const GOAL = 0.9;
/** A flag is right when the region within this share of the diagonal around it has IoU below BAD_NEAR. */
const NEAR = 0.15;
const BAD_NEAR = 0.85;

interface Sample {
  set: 'celeb' | 'figaro';
  type: string;
  /** IoU after 0..TAPS taps. */
  ious: number[];
  tapsTo90: number;
  flags: { code: string; bad: boolean }[];
}

function listSet(set: 'celeb' | 'figaro'): { photo: string; mask: string; type: string }[] {
  const dir = path.join(DATASET, set);
  return readdirSync(path.join(dir, 'photos'))
    .filter((f) => /\.(jpe?g|png)$/i.test(f))
    .sort()
    .map((f) => {
      const stem = f.replace(/\.[^.]+$/, '');
      return {
        photo: path.join(dir, 'photos', f),
        mask: path.join(dir, 'masks', set === 'celeb' ? `${stem}_hair.png` : `${stem}.png`),
        type: set === 'celeb' ? 'portrait' : (stem.split('-')[1] ?? 'unknown'),
      };
    });
}

/** A 0..255 plane resized to w×h as the hair bench does (linear), or a file's grey read at w×h. */
async function grey(input: Buffer | Uint8Array, w: number, h: number, raw?: { width: number; height: number }): Promise<Uint8Array> {
  const s = raw ? sharp(input, { raw: { ...raw, channels: 1 } }) : sharp(input);
  const { data } = await s.greyscale().resize(w, h, { fit: 'fill', kernel: 'linear' }).raw().toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, w * h);
}

function iou(a: Uint8Array, b: Uint8Array, keep?: (i: number) => boolean): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.length; i++) {
    if (keep && !keep(i)) continue;
    const x = a[i] >= 128;
    const y = b[i] >= 128;
    if (x && y) inter++;
    if (x || y) union++;
  }
  return union ? inter / union : 1;
}

/**
 * The interior-most point of the largest 4-connected region where `a` and `b` disagree, and `b`'s label there:
 * the point farthest from the region's border (a two-pass chamfer distance inside the region).
 */
function nextTap(a: Uint8Array, b: Uint8Array, w: number, h: number): { x: number; y: number; hair: boolean } | null {
  const wrong = new Uint8Array(w * h);
  for (let i = 0; i < wrong.length; i++) wrong[i] = a[i] >= 128 !== b[i] >= 128 ? 1 : 0;
  const label = new Int32Array(w * h).fill(-1);
  const stack: number[] = [];
  let best = -1;
  let bestSize = 0;
  let n = 0;
  for (let s = 0; s < wrong.length; s++) {
    if (!wrong[s] || label[s] >= 0) continue;
    let size = 0;
    label[s] = n;
    stack.push(s);
    while (stack.length) {
      const i = stack.pop()!;
      size++;
      const x = i % w;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w]) {
        if (j < 0 || j >= wrong.length || !wrong[j] || label[j] >= 0) continue;
        label[j] = n;
        stack.push(j);
      }
    }
    if (size > bestSize) {
      bestSize = size;
      best = n;
    }
    n++;
  }
  if (best < 0) return null;
  const dist = new Float32Array(w * h);
  const inside = (i: number) => label[i] === best;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!inside(i)) continue;
      const up = y > 0 ? dist[i - w] : 0;
      const left = x > 0 ? dist[i - 1] : 0;
      dist[i] = Math.min(up, left) + 1;
    }
  let at = -1;
  for (let y = h - 1; y >= 0; y--)
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if (!inside(i)) continue;
      const down = y < h - 1 ? dist[i + w] : 0;
      const right = x < w - 1 ? dist[i + 1] : 0;
      dist[i] = Math.min(dist[i], Math.min(down, right) + 1);
      if (at < 0 || dist[i] > dist[at]) at = i;
    }
  return { x: at % w, y: (at / w) | 0, hair: b[at] >= 128 };
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);
const median = (xs: number[]) => {
  const s = [...xs].sort((p, q) => p - q);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

function line(label: string, xs: Sample[]): string {
  const cells = AFTER.map((k) =>
    mean(xs.map((s) => s.ious[k]))
      .toFixed(3)
      .padStart(8),
  );
  const never = xs.filter((s) => s.ious[TAPS] < GOAL).length;
  return `   ${label.padEnd(18)}${String(xs.length).padStart(4)}${cells.join('')}${mean(xs.map((s) => s.tapsTo90))
    .toFixed(2)
    .padStart(10)}${String(never).padStart(8)}`;
}

export async function run(): Promise<void> {
  if (!existsSync(path.join(DATASET, 'celeb')) || !existsSync(path.join(DATASET, 'figaro'))) {
    console.log(`skipped: the hair-dev dataset is not at ${DATASET} (evaluation data, never committed; see its README)`);
    return;
  }
  const { loadEnv } = await import('../src/server/env');
  const { loadModels, runPipeline } = await import('../src/server/engine/pipeline');
  const { threadEntries } = await import('../src/server/engine/threads');
  const { EngineInputError } = await import('../src/server/engine/errors');
  const { applyCorrections } = await import('@shared/hair/apply-corrections');
  const models = await loadModels(loadEnv().HAIR_MODEL_PATH, threadEntries().hairModel);
  console.log(`matte from ${models.source}; up to ${TAPS} taps of 1 % of the diagonal at the largest wrong region's interior-most point`);
  const limit = Number(process.env.CORRECTION_BENCH_LIMIT) || Infinity;
  const samples: Sample[] = [];
  const tapMs: number[] = [];
  for (const set of ['celeb', 'figaro'] as const) {
    const items = listSet(set);
    const chosen =
      set === 'figaro' && limit < Infinity
        ? [...new Set(items.map((i) => i.type))].flatMap((t) => items.filter((i) => i.type === t).slice(0, Math.ceil(limit / 7)))
        : items.slice(0, limit);
    for (const it of chosen) {
      const meta = await sharp(it.mask).metadata();
      const mw = meta.width!;
      const mh = meta.height!;
      const truth = await grey(readFileSync(it.mask), mw, mh);
      let out;
      try {
        out = await runPipeline(models, { image: readFileSync(it.photo), reading: NOTHING_ASKED }, { debug: true, analyseOnly: true, region: true });
      } catch (err) {
        if (!(err instanceof EngineInputError)) throw err;
        // a refused photo: IoU 0 whatever is tapped (the studio shows no region to fix)
        samples.push({ set, type: it.type, ious: Array(TAPS + 1).fill(0), tapsTo90: TAPS, flags: [] });
        continue;
      }
      const { width: W, height: H } = out;
      const rgb = out.debug!.input.data;
      const radius = 0.01 * Math.hypot(W, H);
      let matte = out.region!.matte;
      let onGrid = await grey(matte, mw, mh, { width: W, height: H });
      const ious = [iou(onGrid, truth)];
      const diag = Math.hypot(mw, mh) * NEAR;
      const flags = (out.flags ?? []).map((f) => {
        const fx = (f.x * mw) / W;
        const fy = (f.y * mh) / H;
        const near = iou(onGrid, truth, (i) => Math.hypot((i % mw) - fx, ((i / mw) | 0) - fy) <= diag);
        return { code: f.code, bad: near < BAD_NEAR };
      });
      for (let k = 1; k <= TAPS; k++) {
        const at = nextTap(onGrid, truth, mw, mh);
        if (!at) {
          ious.push(ious[k - 1]);
          continue;
        }
        const mark: Mark = { label: at.hair ? 'hair' : 'not-hair', radius, points: [[((at.x + 0.5) * W) / mw, ((at.y + 0.5) * H) / mh]] };
        const t0 = performance.now();
        // the newest mark on the last result: what the studio does after each tap
        matte = applyCorrections({ rgba: rgb, channels: 3, width: W, height: H, matte, marks: [mark], belief: out.region!.belief, person: out.region!.person });
        tapMs.push(performance.now() - t0);
        onGrid = await grey(matte, mw, mh, { width: W, height: H });
        ious.push(iou(onGrid, truth));
      }
      const reached = ious.findIndex((v) => v >= GOAL);
      samples.push({ set, type: it.type, ious, tapsTo90: reached < 0 ? TAPS : reached, flags });
    }
  }

  console.log(
    `\n   ${'set / hair type'.padEnd(18)}${'n'.padStart(4)}${AFTER.map((k) => `IoU@${k}`.padStart(8)).join('')}${'taps→0.90'.padStart(10)}${'never'.padStart(8)}`,
  );
  for (const set of ['celeb', 'figaro'] as const) {
    const inSet = samples.filter((s) => s.set === set);
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
  console.log(`   taps→0.90 counts ${TAPS} for a photo that never reached 0.90 in ${TAPS} taps ("never")`);
  console.log(
    `\n   one tap (applyCorrections, newest mark on the last result): median ${median(tapMs).toFixed(1)} ms, max ${Math.max(...tapMs).toFixed(1)} ms`,
  );
  await timeLargeTap(applyCorrections);

  console.log(`\n   preview flags: photos flagged, and of those how many had IoU < ${BAD_NEAR} within ${NEAR * 100} % of the diagonal of the flag`);
  const codes = [...new Set(samples.flatMap((s) => s.flags.map((f) => f.code)))].sort();
  for (const set of ['celeb', 'figaro'] as const) {
    const inSet = samples.filter((s) => s.set === set);
    for (const code of codes) {
      const flagged = inSet.filter((s) => s.flags.some((f) => f.code === code));
      const bad = flagged.filter((s) => s.flags.some((f) => f.code === code && f.bad));
      console.log(
        `   ${set.padEnd(7)} ${code.padEnd(16)} fires on ${String(flagged.length).padStart(3)} of ${inSet.length}; wrong region near it on ${bad.length}`,
      );
    }
    const unflaggedBad = inSet.filter((s) => !s.flags.length && s.ious[0] < BAD_NEAR).length;
    console.log(`   ${set.padEnd(7)} no flag, yet IoU < ${BAD_NEAR}: ${unflaggedBad} photos`);
  }
  models.hair?.close();
  models.person.close();
}

/**
 * One tap on a 1200×1600 photo (the studio's working size): a portrait of the set stretched to it, in memory only,
 * with a belief and a person matte that stop nothing (one value everywhere): the widest a tap's fill can go.
 */
async function timeLargeTap(apply: typeof ApplyCorrections): Promise<void> {
  const first = listSet('celeb')[0];
  const { data } = await sharp(first.photo).resize(1200, 1600, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const W = 1200;
  const H = 1600;
  const matte = new Uint8Array(W * H);
  // a region over the top half: taps land on both sides of its edge
  matte.fill(255, 0, (W * H) / 2);
  const radius = 0.01 * Math.hypot(W, H);
  const belief = { width: 512, height: 512, data: new Uint8Array(512 * 512).fill(128) };
  // and a person matte that takes every pixel: the widest the band of an "add hair" tap can go (decision 203)
  const person = { width: 256, height: 256, data: new Uint8Array(256 * 256).fill(255) };
  const ms: number[] = [];
  for (const [x, y, label] of [
    [600, 900, 'hair'],
    [300, 700, 'not-hair'],
    [900, 1200, 'hair'],
    [200, 200, 'not-hair'],
    [1000, 850, 'hair'],
  ] as const) {
    const t0 = performance.now();
    apply({ rgba: data, channels: 3, width: W, height: H, matte, marks: [{ label, radius, points: [[x, y]] }], belief, person });
    ms.push(performance.now() - t0);
  }
  console.log(`   one tap on a 1200×1600 photo: median ${median(ms).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms (5 taps)`);
}
