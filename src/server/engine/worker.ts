/** A pool worker: loads the models once, then runs pipelines one at a time. */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { EngineInputError } from './errors';
import { loadModels, runPipeline, warmUp, type Models } from './pipeline';
import type { EngineWorkerData, FromWorker, ToWorker } from './protocol';
import { quietly } from './thread-options';

if (!parentPort) throw new Error('engine worker must run in a worker thread');
const port = parentPort;
const { modelPath, hairEntry, warmupPortrait, secondLook } = workerData as EngineWorkerData;

const t0 = performance.now();
const modelsP: Promise<Models> = quietly(async () => {
  const models = await loadModels(modelPath, new URL(hairEntry));
  await warmUp(models, new Uint8Array(readFileSync(warmupPortrait)));
  return models;
});
modelsP.catch(() => {});
const loadMs = modelsP.then(() => performance.now() - t0);
const cancelled = new Set<number>();

class Cancelled extends Error {}

function post(msg: FromWorker, transfer: ArrayBuffer[] = []) {
  port.postMessage(msg, transfer);
}

port.on('message', (msg: ToWorker) => {
  if (msg.type === 'cancel') {
    cancelled.add(msg.id);
    return;
  }
  void handle(msg);
});

async function handle(msg: Exclude<ToWorker, { type: 'cancel' }>) {
  try {
    const models = await modelsP;
    if (msg.type === 'init') {
      post({ id: msg.id, ok: true, init: { model: models.source, fallbackReason: models.fallbackReason, loadMs: Math.round(await loadMs) } });
      return;
    }
    const check = () => {
      if (cancelled.has(msg.id)) throw new Cancelled();
    };
    check();
    const result = await runPipeline(
      models,
      { image: msg.image, reading: msg.reading, reference: msg.reference, region: msg.region, person: msg.person, marks: msg.marks },
      { check, debug: msg.debug, analyseOnly: msg.analyseOnly, secondLook, region: msg.wantRegion, bareHead: msg.bareHead, tapPlane: msg.tapPlane },
    );
    const transfer = [result.png.buffer as ArrayBuffer];
    if (result.debug) transfer.push(result.debug.matte.buffer as ArrayBuffer);
    // the region (found here, or this thread's copy of the one given) goes back for the engine's cache
    if (result.region) transfer.push(result.region.matte.buffer as ArrayBuffer);
    if (result.region?.belief) transfer.push(result.region.belief.data.buffer as ArrayBuffer);
    if (result.region?.person) transfer.push(result.region.person.data.buffer as ArrayBuffer);
    post({ id: msg.id, ok: true, result }, transfer);
  } catch (err) {
    if (err instanceof Cancelled) post({ id: msg.id, ok: false, error: { kind: 'abort', message: 'aborted' } });
    else if (err instanceof EngineInputError) post({ id: msg.id, ok: false, error: { kind: 'input', message: err.message, code: err.code } });
    else post({ id: msg.id, ok: false, error: { kind: 'engine', message: (err as Error)?.message ?? String(err), stack: (err as Error)?.stack } });
  } finally {
    cancelled.delete(msg.id);
  }
}
