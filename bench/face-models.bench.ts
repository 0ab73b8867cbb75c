/**
 * Decision 185: today's face models (@vladmandic/human: BlazeFace and the 468-point mesh on TensorFlow.js's WASM
 * backend) against MediaPipe's own .tflite models on LiteRT.js, on the engine's fixture portraits and hair-dev,
 * each photo at the engine's detector size (long side 384): photos with a face, how the boxes and meshes agree,
 * time and resident memory. The MediaPipe files come from npm (`npm pack` into .tmp/face on first run):
 * BlazeFace from @mediapipe/face_detection, face_landmark.tflite sliced out of @mediapipe/face_mesh's asset bundle.
 *   HAIR_DEV_DIR=/path/to/hair-dev nice -n 10 npm run bench -- face
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Rgb } from '../src/server/engine/image/raster';
import { loadPersonDetector } from '../src/server/engine/runtime/human-node';
import { compileTflite } from '../src/server/engine/runtime/litert-node';
import { fixture, fixtureNames } from '../tests/support/engine-support';

const FACE_DIR = path.join(import.meta.dirname, '../.tmp/face');
/** Each package, and the files taken from it. */
const PACKAGES: [string, string][] = [
  ['@mediapipe/face_detection@0.4.1657300184', '*_range.tflite'],
  ['@mediapipe/face_mesh@0.4.1657299874', '*packed_assets.data'],
];
/** HAIR_DEV_DIR for a checkout that is not beside ../shared. */
const DEV = process.env.HAIR_DEV_DIR ?? path.resolve(import.meta.dirname, '../../shared/datasets/hair-dev');

/** The two packages' files in .tmp/face (model files are never committed). */
function fetchModels(): void {
  if (existsSync(path.join(FACE_DIR, 'face_mesh_solution_packed_assets.data'))) return;
  mkdirSync(FACE_DIR, { recursive: true });
  for (const [spec, files] of PACKAGES) {
    const tgz = execFileSync('npm', ['pack', spec, '--silent'], { cwd: FACE_DIR, encoding: 'utf8' }).trim().split('\n').at(-1)!;
    execFileSync('tar', ['xzf', tgz, '--strip-components=1', '--wildcards', files], { cwd: FACE_DIR });
  }
}

const rss = () => process.memoryUsage().rss / 2 ** 20;
type Box = { x: number; y: number; w: number; h: number; score: number };

async function detCopy(bytes: Buffer): Promise<Rgb> {
  const { data, info } = await sharp(bytes).rotate().resize(384, 384, { fit: 'inside' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

function anchors(kind: 'short' | 'full'): [number, number][] {
  const out: [number, number][] = [];
  const layers =
    kind === 'short'
      ? [
          { grid: 16, n: 2 },
          { grid: 8, n: 6 },
        ]
      : [{ grid: 48, n: 1 }];
  for (const { grid, n } of layers)
    for (let y = 0; y < grid; y++) for (let x = 0; x < grid; x++) for (let k = 0; k < n; k++) out.push([(x + 0.5) / grid, (y + 0.5) / grid]);
  return out;
}

const iou = (a: Box, b: Box) => {
  const ix = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  const i = ix * iy;
  return i / (a.w * a.h + b.w * b.h - i);
};

async function blazeFace(kind: 'short' | 'full') {
  const S = kind === 'short' ? 128 : 192;
  const { lrt, model } = await compileTflite(new Uint8Array(readFileSync(path.join(FACE_DIR, `face_detection_${kind}_range.tflite`))), 1);
  const outs = model.getOutputDetails().map((d) => [...d.shape].join('x'));
  const A = anchors(kind);
  return {
    outs,
    async faces(img: Rgb): Promise<Box[]> {
      // letterboxed into S×S, RGB in [-1, 1]
      const side = Math.max(img.width, img.height);
      const ox = (side - img.width) / 2;
      const oy = (side - img.height) / 2;
      const inp = new Float32Array(S * S * 3);
      for (let y = 0; y < S; y++)
        for (let x = 0; x < S; x++) {
          const sx = Math.floor(((x + 0.5) * side) / S - ox);
          const sy = Math.floor(((y + 0.5) * side) / S - oy);
          if (sx < 0 || sy < 0 || sx >= img.width || sy >= img.height) continue;
          for (let c = 0; c < 3; c++) inp[(y * S + x) * 3 + c] = img.data[(sy * img.width + sx) * 3 + c] / 127.5 - 1;
        }
      const t = new lrt.Tensor(inp, [1, S, S, 3]);
      const res = (await model.run(t)) as { toTypedArray(): Float32Array; delete(): void }[];
      t.delete();
      const arrays = res.map((r) => r.toTypedArray());
      for (const r of res) r.delete();
      const reg = arrays.find((a) => a.length === A.length * 16)!;
      const cls = arrays.find((a) => a.length === A.length)!;
      const found: Box[] = [];
      for (let i = 0; i < A.length; i++) {
        const score = 1 / (1 + Math.exp(-Math.max(-100, Math.min(100, cls[i]))));
        if (score < 0.5) continue;
        const cx = reg[i * 16] / S + A[i][0];
        const cy = reg[i * 16 + 1] / S + A[i][1];
        const w = reg[i * 16 + 2] / S;
        const h = reg[i * 16 + 3] / S;
        found.push({ x: (cx - w / 2) * side - ox, y: (cy - h / 2) * side - oy, w: w * side, h: h * side, score });
      }
      // non-maximum suppression (MediaPipe's is weighted; plain is enough to count faces)
      found.sort((a, b) => b.score - a.score);
      const kept: Box[] = [];
      for (const f of found) if (kept.every((k) => iou(k, f) < 0.3)) kept.push(f);
      return kept;
    },
  };
}

/** face_landmark.tflite, sliced out of @mediapipe/face_mesh's packed assets (bytes 2495952..3737848, per its loader). */
async function landmarks() {
  const packed = readFileSync(path.join(FACE_DIR, 'face_mesh_solution_packed_assets.data'));
  const { lrt, model } = await compileTflite(new Uint8Array(packed.subarray(2495952, 3737848)), 1);
  const S = 192;
  return {
    outs: model.getOutputDetails().map((d) => [...d.shape].join('x')),
    /** The 468 points of the face in `box` (grown 1.5 times, square, no rotation), in image pixels. */
    async mesh(img: Rgb, box: Box): Promise<[number, number][]> {
      const size = Math.max(box.w, box.h) * 1.5;
      const x0 = box.x + box.w / 2 - size / 2;
      const y0 = box.y + box.h / 2 - size / 2;
      const inp = new Float32Array(S * S * 3);
      for (let y = 0; y < S; y++)
        for (let x = 0; x < S; x++) {
          const sx = Math.floor(x0 + ((x + 0.5) * size) / S);
          const sy = Math.floor(y0 + ((y + 0.5) * size) / S);
          if (sx < 0 || sy < 0 || sx >= img.width || sy >= img.height) continue;
          for (let c = 0; c < 3; c++) inp[(y * S + x) * 3 + c] = img.data[(sy * img.width + sx) * 3 + c] / 255;
        }
      const t = new lrt.Tensor(inp, [1, S, S, 3]);
      const res = (await model.run(t)) as { toTypedArray(): Float32Array; delete(): void }[];
      t.delete();
      const arrays = res.map((r) => r.toTypedArray());
      for (const r of res) r.delete();
      const pts = arrays.find((a) => a.length === 1404)!;
      return Array.from({ length: 468 }, (_, i) => [x0 + (pts[i * 3] * size) / S, y0 + (pts[i * 3 + 1] * size) / S] as [number, number]);
    },
  };
}

export async function run(): Promise<void> {
  fetchModels();
  const photos: { name: string; bytes: Buffer }[] = fixtureNames().map((n) => ({ name: `fixture/${n}`, bytes: fixture(n) }));
  for (const set of ['celeb', 'figaro']) {
    const dir = path.join(DEV, set);
    if (!existsSync(dir)) continue;
    const walk = (d: string): string[] =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(path.join(d, e.name)) : /\.jpe?g$/i.test(e.name) ? [path.join(d, e.name)] : [],
      );
    for (const f of walk(dir)) photos.push({ name: `${set}/${path.basename(f)}`, bytes: readFileSync(f) });
  }
  const copies = await Promise.all(photos.map((p) => detCopy(p.bytes)));

  const r0 = rss();
  let t = performance.now();
  const human = await loadPersonDetector();
  const humanLoad = performance.now() - t;
  const r1 = rss();
  t = performance.now();
  const short = await blazeFace('short');
  const full = await blazeFace('full');
  const mesher = await landmarks();
  const liteLoad = performance.now() - t;
  const r2 = rss();
  console.log(`outputs short ${short.outs.join(', ')}; full ${full.outs.join(', ')}`);

  const results = { human: [] as number[][], short: [] as number[][], full: [] as number[][] };
  const ms = { human: [] as number[], short: [] as number[], full: [] as number[] };
  const largest = { short: [] as number[], full: [] as number[] };
  const meshErr: number[] = [];
  const meshMs: number[] = [];
  for (let k = 0; k < photos.length; k++) {
    const img = copies[k];
    let s = performance.now();
    const h = await human.faces(img);
    ms.human.push(performance.now() - s);
    s = performance.now();
    const bs = await short.faces(img);
    ms.short.push(performance.now() - s);
    s = performance.now();
    const bf = await full.faces(img);
    ms.full.push(performance.now() - s);
    const hb = h.map((f) => ({ x: f.box[0], y: f.box[1], w: f.box[2], h: f.box[3], score: f.score }));
    results.human.push([hb.length]);
    results.short.push([bs.length]);
    results.full.push([bf.length]);
    const big = hb.sort((a, b) => b.w * b.h - a.w * a.h)[0];
    for (const [name, list] of [
      ['short', bs],
      ['full', bf],
    ] as const)
      if (big) largest[name].push(Math.max(0, ...list.map((b) => iou(big, b))));
    // the mesh of human's largest face against LiteRT's mesh of the full-range face that overlaps it most
    const hm = h.find((f) => f.box[2] * f.box[3] === big?.w * big?.h)?.mesh;
    const match = big && bf.length ? bf.reduce((a, b) => (iou(big, a) >= iou(big, b) ? a : b)) : null;
    if (hm?.length === 468 && match && iou(big, match) > 0.2) {
      s = performance.now();
      const lm = await mesher.mesh(img, match);
      meshMs.push(performance.now() - s);
      meshErr.push(lm.reduce((a, p, i) => a + Math.hypot(p[0] - hm[i][0], p[1] - hm[i][1]), 0) / 468 / big.w);
    }
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const withFace = (r: number[][]) => r.filter((x) => x[0] > 0).length;
  const agree = (r: number[][]) => r.filter((x, i) => x[0] > 0 === results.human[i][0] > 0).length;
  console.log(`${photos.length} photos (the fixtures and hair-dev's celeb and figaro), detector copy long side 384`);
  console.log(
    `human (BlazeFace + mesh, TF.js WASM): load ${humanLoad.toFixed(0)} ms, +${(r1 - r0).toFixed(0)} MB RSS; faces found on ${withFace(results.human)} photos; median ${med(ms.human).toFixed(1)} ms a photo`,
  );
  for (const k of ['short', 'full'] as const)
    console.log(
      `BlazeFace ${k}-range .tflite on LiteRT.js: faces on ${withFace(results[k])} photos, agrees with human on ${agree(results[k])}; largest face IoU with human's median ${med(largest[k]).toFixed(3)} (${largest[k].filter((v) => v >= 0.5).length}/${largest[k].length} ≥ 0.5); median ${med(ms[k]).toFixed(1)} ms`,
    );
  console.log(
    `face_landmark.tflite on LiteRT.js (square crop 1.5× the full-range box, no rotation) on ${meshErr.length} faces: mean point distance to human's mesh, median ${med(meshErr).toFixed(3)} face widths (p90 ${[...meshErr].sort((a, b) => a - b)[Math.floor(meshErr.length * 0.9)].toFixed(3)}); median ${med(meshMs).toFixed(1)} ms a face; outputs ${mesher.outs.join(', ')}`,
  );
  console.log(`LiteRT.js three models: load ${liteLoad.toFixed(0)} ms, +${(r2 - r1).toFixed(0)} MB RSS`);
  human.close();
}
