/**
 * The hair model on a thread of its own, so a request's hair segmentation runs while its faces are being
 * detected on the engine worker's thread (the two networks take about the same time; see
 * docs/decisions/026-engine-speed.md). Same `HairModel` interface as the in-thread model.
 */
import { Worker } from 'node:worker_threads';
import type { Rgb } from '../image/raster.js';
import type { HairModel } from './hair-model.js';

export type ToSegmenter = { id: number; width: number; height: number; data: Uint8Array };
export type FromSegmenter = { id: 0; ready: true } | { id: number; prob: Float32Array } | { id: number; error: string };

const ENTRY = new URL('../worker-entry.mjs', import.meta.url);

/** Starts the thread; resolves once it has loaded and warmed up the model, rejects if it cannot. */
export function startHairModelThread(modelPath: string): Promise<HairModel> {
  const worker = new Worker(ENTRY, { workerData: { entry: './segment/hair-model-worker.ts', modelPath } });
  const pending = new Map<number, { resolve(p: Float32Array): void; reject(e: Error): void }>();
  let nextId = 1;
  let dead: Error | null = null;
  const fail = (err: Error) => {
    dead ??= err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  return new Promise<HairModel>((resolveReady, rejectReady) => {
    worker.on('message', (m: FromSegmenter) => {
      if ('ready' in m) {
        worker.unref(); // idle threads must not keep the process alive
        resolveReady(model);
        return;
      }
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (!pending.size) worker.unref();
      if ('prob' in m) p?.resolve(m.prob);
      else {
        const err = new Error(`hair model: ${m.error}`);
        if (m.id !== 0) p?.reject(err);
        else {
          rejectReady(err);
          void worker.terminate();
        }
      }
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
    const model: HairModel = {
      segment(img: Rgb) {
        if (dead) return Promise.reject(dead);
        const id = nextId++;
        const data = new Uint8Array(img.data); // a copy the thread can own
        return new Promise<Float32Array>((resolve, reject) => {
          pending.set(id, { resolve, reject });
          worker.ref();
          worker.postMessage({ id, width: img.width, height: img.height, data } satisfies ToSegmenter, [data.buffer]);
        });
      },
      close() {
        dead ??= new Error('hair model closed');
        void worker.terminate();
      },
    };
  });
}
