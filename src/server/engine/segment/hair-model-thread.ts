/**
 * The hair model on a thread of its own, so a request's hair segmentation runs while its faces are being
 * detected on the engine worker's thread (the two networks take about the same time; see
 * docs/decisions/026-engine-speed-and-memory.md). Same `HairModel` interface as the in-thread model.
 *
 * The 512×512 input and the probabilities cross through two SharedArrayBuffers made once: a thread that
 * mostly runs WebAssembly allocates too little JavaScript to collect often, and fresh buffers per photo
 * piled up there as tens of MB of garbage.
 */
import type { Rgb } from '../image/raster';
import { startEngineThread } from '../thread-options';
import { HAIR_MODEL_SIZE, type HairModel } from './hair-model';
import type { HalfWork } from '../halves';

export type SegmenterData = { modelPath: string; input: SharedArrayBuffer; output: SharedArrayBuffer };
/** Segment the shared input, or do part 1 of some pixel work whose output is on shared memory. */
export type ToSegmenter = { id: number; work?: HalfWork };
export type FromSegmenter = { id: number; ready?: true; error?: string };

const S = HAIR_MODEL_SIZE;

/**
 * Starts the thread from its bundle `entry` (threads.ts); resolves once it has loaded and warmed up the
 * model, rejects if it cannot.
 */
export function startHairModelThread(modelPath: string, entry: URL): Promise<HairModel> {
  const input = new SharedArrayBuffer(S * S * 3);
  const output = new SharedArrayBuffer(S * S * 4);
  const workerData: SegmenterData = { modelPath, input, output };
  const worker = startEngineThread(entry, workerData);
  type Job = { id: number; resolve(p: Float32Array | null): void; reject(e: Error): void } & (
    { img: Rgb; out: Float32Array; work?: undefined } | { work: HalfWork }
  );
  const waiting: Job[] = [];
  let pending: Job | null = null;
  let nextId = 1;
  let dead: Error | null = null;
  const fail = (err: Error) => {
    dead ??= err;
    for (const job of [pending, ...waiting.splice(0)]) job?.reject(err);
    pending = null;
  };

  /** One job at a time (a photo through the shared buffers, or half of some pixel work); posted at once when the thread is idle. */
  const pump = () => {
    if (pending || !waiting.length) return;
    const job = waiting.shift()!;
    if (!job.work) new Uint8Array(input).set(job.img.data);
    pending = job;
    worker.ref();
    worker.postMessage({ id: job.id, work: job.work } satisfies ToSegmenter);
  };
  const enqueue = (job: Job) => {
    waiting.push(job);
    // synchronously: the caller's thread is about to be busy (face detection, its own share) and could not post later
    pump();
  };

  const model: HairModel = {
    segment(img, out = new Float32Array(S * S)) {
      if (dead) return Promise.reject(dead);
      if (img.width !== S || img.height !== S)
        return Promise.reject(new Error(`hair model thread: expected a ${S}×${S} input, got ${img.width}×${img.height}`));
      return new Promise<Float32Array>((resolve, reject) => enqueue({ id: nextId++, img, out, resolve: (p) => resolve(p!), reject }));
    },
    share(work) {
      if (dead) return Promise.reject(dead);
      return new Promise<void>((resolve, reject) => enqueue({ id: nextId++, work, resolve: () => resolve(), reject }));
    },
    close() {
      fail(new Error('hair model closed'));
      void worker.terminate();
    },
  };

  return new Promise<HairModel>((resolveReady, rejectReady) => {
    worker.on('message', (m: FromSegmenter) => {
      if (m.id === 0) {
        worker.unref(); // an idle thread must not keep the process alive
        if (m.ready) resolveReady(model);
        else {
          rejectReady(new Error(`hair model: ${m.error}`));
          void worker.terminate();
        }
        return;
      }
      const job = pending;
      if (!job || job.id !== m.id) return;
      pending = null;
      worker.unref();
      if (m.error) job.reject(new Error(`hair model: ${m.error}`));
      else if (job.work) job.resolve(null);
      else {
        job.out.set(new Float32Array(output));
        job.resolve(job.out);
      }
      pump();
    });
    worker.on('error', (err) => {
      fail(err);
      rejectReady(err);
    });
    worker.on('exit', (code) => {
      const err = new Error(`hair model thread exited with code ${code}`);
      fail(err);
      rejectReady(err);
    });
  });
}
