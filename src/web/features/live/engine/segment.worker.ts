/**
 * The hair model in the browser (decision 100): MediaPipe's hair segmentation network through LiteRT.js, on
 * WebGPU where the browser has it and in WebAssembly with SIMD elsewhere. A classic worker on purpose:
 * LiteRT.js loads its Emscripten factory with importScripts, which module workers lack.
 *
 * The network is a video model: its fourth input channel is the previous frame's mask, which keeps the
 * outline steady from frame to frame. Masks are also smoothed over time here (a short exponential average)
 * so the hair edge does not shimmer; a fresh photo or a switched camera starts from an empty mask.
 */
import { isWebGPUSupported, loadAndCompile, loadLiteRt, setWebGpuDevice, supportsFeature, Tensor, type CompiledModel } from '@litertjs/core';
import { hairStats } from '@shared/hair/hair-stats';
import { MODEL_SIZE, type Delegate, type FromWorker, type ToWorker } from './protocol';

const S = MODEL_SIZE;
const scope = self as unknown as { postMessage(m: FromWorker, transfer?: Transferable[]): void; onmessage: ((e: MessageEvent<ToWorker>) => void) | null };
const post = (m: FromWorker, transfer?: Transferable[]) => scope.postMessage(m, transfer);

let model: CompiledModel | null = null;
const input = new Float32Array(S * S * 4);
/** The smoothed mask of the previous frame, 0–1: fed back as the 4th input channel. */
const previous = new Float32Array(S * S);
const canvas = new OffscreenCanvas(S, S);
const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
/** How much of the new mask each frame takes: enough to follow a moving head, little enough to calm flicker. */
const FOLLOW = 0.65;

async function compile(modelUrl: string): Promise<{ compiled: CompiledModel; delegate: Delegate }> {
  const relaxed = await supportsFeature('relaxedSimd');
  const wasmDelegate: Delegate = relaxed ? 'wasm-relaxed-simd' : 'wasm-simd';
  const bytes = new Uint8Array(await (await fetch(modelUrl)).arrayBuffer());
  if (isWebGPUSupported()) {
    try {
      const adapter = await navigator.gpu.requestAdapter();
      const device = adapter && (await adapter.requestDevice());
      if (device) {
        setWebGpuDevice(device);
        const compiled = await loadAndCompile(bytes, { accelerator: 'webgpu' });
        // LiteRT falls back to WebAssembly by itself when the GPU cannot run every op of the model
        return { compiled, delegate: compiled.isFullyAccelerated ? 'webgpu' : wasmDelegate };
      }
    } catch {
      // a GPU that fails to start is the same as no GPU: the CPU path below
    }
  }
  return { compiled: await loadAndCompile(bytes, { accelerator: 'wasm', cpuOptions: { numThreads: 1 } }), delegate: wasmDelegate };
}

async function init(runtimeUrl: string, modelUrl: string) {
  const t0 = performance.now();
  // Emscripten looks for the .wasm beside the worker's own script; it lives beside the runtime's script instead
  (self as unknown as { Module?: object }).Module = { locateFile: (file: string) => new URL(file, runtimeUrl).href };
  await loadLiteRt(runtimeUrl);
  const { compiled, delegate } = await compile(modelUrl);
  const shape = [...(compiled.getInputDetails()[0]?.shape ?? [])].join('x');
  if (shape !== `1x${S}x${S}x4`) throw new Error(`unexpected hair model input ${shape}`);
  model = compiled;
  post({ type: 'ready', delegate, loadMs: performance.now() - t0 });
}

async function segment(id: number, frame: ImageBitmap, fresh: boolean) {
  if (!model) throw new Error('the hair model is not loaded');
  const t0 = performance.now();
  ctx.drawImage(frame, 0, 0, S, S);
  frame.close();
  const rgba = ctx.getImageData(0, 0, S, S).data;
  if (fresh) previous.fill(0);
  for (let i = 0, o = 0; i < S * S; i++, o += 4) {
    input[o] = rgba[o] / 255;
    input[o + 1] = rgba[o + 1] / 255;
    input[o + 2] = rgba[o + 2] / 255;
    input[o + 3] = previous[i];
  }
  const tensor = new Tensor(input, [1, S, S, 4]);
  const t1 = performance.now();
  let outs: Tensor[] = [];
  let logits: Float32Array;
  try {
    outs = (await model.run(tensor)) as Tensor[];
    let out = outs[0];
    if (out.accelerator !== 'wasm') {
      out = await out.moveTo('wasm');
      outs[0] = out;
    }
    logits = out.toTypedArray() as Float32Array;
  } finally {
    tensor.delete();
    for (const o of outs) o.delete();
  }
  const ms = performance.now() - t1;
  const mask = new Uint8Array(S * S);
  const follow = fresh ? 1 : FOLLOW;
  for (let i = 0; i < S * S; i++) {
    // softmax over two channels = sigmoid of their difference
    const p = 1 / (1 + Math.exp(logits[i * 2] - logits[i * 2 + 1]));
    const q = previous[i] + (p - previous[i]) * follow;
    previous[i] = q;
    mask[i] = Math.round(q * 255);
  }
  const stats = hairStats(rgba, mask, S, S);
  post({ type: 'mask', id, mask, stats, ms, totalMs: performance.now() - t0 }, [mask.buffer]);
}

scope.onmessage = (e) => {
  const msg = e.data;
  if (msg.type === 'init') {
    init(msg.runtimeUrl, msg.modelUrl).catch((err: unknown) => post({ type: 'failed', message: err instanceof Error ? err.message : String(err) }));
  } else {
    segment(msg.id, msg.frame, msg.fresh).catch((err: unknown) =>
      post({ type: 'error', id: msg.id, message: err instanceof Error ? err.message : String(err) }),
    );
  }
};
