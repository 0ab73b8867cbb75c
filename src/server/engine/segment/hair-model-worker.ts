/**
 * The hair model's thread: loads it once, warms it up, then segments the shared input on request. Idle once a
 * photo's hair is found, it also does half of the pixel work that follows (halves.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { HAIR_MODEL_SIZE, loadHairModel, type HairModel } from './hair-model';
import { quietly } from '../thread-options';
import { runPart } from '../halves-runner';
import type { FromSegmenter, SegmenterData, ToSegmenter } from './hair-model-thread';

if (!parentPort) throw new Error('the hair model thread must run in a worker thread');
const port = parentPort;
const { modelPath, input, output } = workerData as SegmenterData;
const S = HAIR_MODEL_SIZE;
const photo = { width: S, height: S, data: new Uint8Array(input) };
const prob = new Float32Array(output);

async function load(): Promise<HairModel | null> {
  try {
    const model = await loadHairModel(modelPath);
    // the first inference pays for XNNPACK's set-up (~200 ms): at load, not on a user's photo
    await model.segment(photo, prob);
    return model;
  } catch (err) {
    // the parent falls back to the fallback matte and ends this thread
    port.postMessage({ id: 0, error: (err as Error).message } satisfies FromSegmenter);
    return null;
  }
}

const model = await quietly(load);
if (model) {
  port.on('message', (m: ToSegmenter) => {
    if (m.work) {
      try {
        runPart(m.work, 1);
        port.postMessage({ id: m.id } satisfies FromSegmenter);
      } catch (err) {
        port.postMessage({ id: m.id, error: (err as Error).message } satisfies FromSegmenter);
      }
      return;
    }
    model.segment(photo, prob).then(
      () => port.postMessage({ id: m.id } satisfies FromSegmenter),
      (err: unknown) => port.postMessage({ id: m.id, error: (err as Error).message } satisfies FromSegmenter),
    );
  });
  port.postMessage({ id: 0, ready: true } satisfies FromSegmenter);
}
