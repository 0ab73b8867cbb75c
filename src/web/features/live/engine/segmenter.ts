import type { HairStats } from '@shared/hair/hair-stats';
import { MODEL_SIZE, type Delegate, type FromWorker, type ToWorker } from './protocol';
import { fetchLiveConfig } from './live-config';

export interface MaskResult {
  mask: Uint8Array;
  stats: HairStats | null;
  /** Time in the network alone, and from the frame reaching the worker to the mask leaving it. */
  ms: number;
  totalMs: number;
}

/** The model could not be offered: no model file on the server, or the browser could not run it. */
export class LiveUnavailableError extends Error {}

/**
 * The page's side of the hair model's worker. One segmentation at a time: a caller that asks while one is
 * running should skip the frame (the previous mask is carried forward), which is what keeps live mode
 * smooth on a slow device.
 */
export class HairSegmenter {
  private next = 1;
  private readonly waiting = new Map<number, { resolve(r: MaskResult): void; reject(e: Error): void }>();
  busy = false;

  private constructor(
    private readonly worker: Worker,
    readonly delegate: Delegate,
    readonly loadMs: number,
  ) {
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      const m = e.data;
      if (m.type !== 'mask' && m.type !== 'error') return;
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      this.busy = this.waiting.size > 0;
      if (m.type === 'mask') w?.resolve({ mask: m.mask, stats: m.stats, ms: m.ms, totalMs: m.totalMs });
      else w?.reject(new Error(m.message));
    };
  }

  static async start(): Promise<HairSegmenter> {
    const cfg = await fetchLiveConfig();
    if (!cfg.modelUrl) throw new LiveUnavailableError('The hair model is not installed on this server.');
    const worker = new Worker(new URL('./segment.worker.ts', import.meta.url), { name: 'hair-model' });
    const init: ToWorker = { type: 'init', runtimeUrl: new URL(cfg.runtimeUrl, location.href).href, modelUrl: new URL(cfg.modelUrl, location.href).href };
    const ready = await new Promise<Extract<FromWorker, { type: 'ready' }>>((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<FromWorker>) => {
        if (e.data.type === 'ready') resolve(e.data);
        else if (e.data.type === 'failed') reject(new LiveUnavailableError(e.data.message));
      };
      worker.onerror = (e) => reject(new LiveUnavailableError(e.message || 'The hair model could not start.'));
      worker.postMessage(init);
    }).catch((err: unknown) => {
      worker.terminate();
      throw err;
    });
    return new HairSegmenter(worker, ready.delegate, ready.loadMs);
  }

  /** Segment a picture (video frame, image or canvas); `fresh` when it is not the continuation of the last one. */
  async segment(source: ImageBitmapSource, fresh = false): Promise<MaskResult> {
    this.busy = true;
    let frame: ImageBitmap;
    try {
      frame = await createImageBitmap(source, { resizeWidth: MODEL_SIZE, resizeHeight: MODEL_SIZE, resizeQuality: 'low' });
    } catch (err) {
      this.busy = this.waiting.size > 0;
      throw err;
    }
    const id = this.next++;
    return new Promise<MaskResult>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      const msg: ToWorker = { type: 'segment', id, frame, fresh };
      this.worker.postMessage(msg, [frame]);
    });
  }

  close(): void {
    this.worker.terminate();
    for (const w of this.waiting.values()) w.reject(new Error('closed'));
    this.waiting.clear();
  }
}

let shared: Promise<HairSegmenter> | null = null;
/**
 * One model per page, shared by live mode and the shade grid: loading it (fetch + compile) is the slow part.
 * A failure is not cached, so trying again later can succeed.
 */
export function hairSegmenter(): Promise<HairSegmenter> {
  shared ??= HairSegmenter.start().catch((err: unknown) => {
    shared = null;
    throw err;
  });
  return shared;
}
