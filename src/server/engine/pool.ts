/**
 * A small worker_threads pool: `size` workers, each with its own loaded models, one job at a time per
 * worker, FIFO queue. A job's AbortSignal rejects it at once (AbortError); a queued job is dropped and a
 * running one is told to stop at its next stage boundary. A worker that dies is replaced.
 */
import type { Worker } from 'node:worker_threads';
import { EngineInputError, abortError } from './errors';
import type { MatteSource, PipelineOutput } from './pipeline';
import type { EngineWorkerData, FromWorker, ToWorker } from './protocol';
import { startEngineThread } from './thread-options';
import { threadEntries, WARMUP_PORTRAIT } from './threads';

interface Job {
  id: number;
  msg: ToWorker;
  transfer: ArrayBuffer[];
  resolve(v: FromWorker): void;
  reject(e: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
  slot?: Slot;
}

interface Slot {
  worker: Worker;
  busy: Job | null;
  ready: Promise<{ model: MatteSource; fallbackReason?: string; loadMs: number }>;
}

export class EnginePool {
  private slots: Slot[] = [];
  private queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private waiting = new Map<number, Job>();

  constructor(
    size: number,
    private readonly modelPath: string,
    private readonly secondLook = true,
  ) {
    for (let i = 0; i < Math.max(1, size); i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const entries = threadEntries();
    const workerData: EngineWorkerData = {
      modelPath: this.modelPath,
      hairEntry: entries.hairModel.href,
      warmupPortrait: WARMUP_PORTRAIT,
      secondLook: this.secondLook,
    };
    const worker = startEngineThread(entries.engineWorker, workerData);
    const slot: Slot = { worker, busy: null, ready: Promise.resolve(null as never) };
    const initId = this.nextId++;
    slot.ready = new Promise((resolve, reject) => {
      this.waiting.set(initId, {
        id: initId,
        msg: { type: 'init', id: initId },
        transfer: [],
        resolve: (m) => (m.ok && 'init' in m ? resolve(m.init) : reject(new Error(!m.ok ? m.error.message : 'bad init reply'))),
        reject,
      });
    });
    // keep the process alive while a worker loads or works, not while it idles
    slot.ready.then(
      () => !slot.busy && worker.unref(),
      () => {},
    );
    worker.on('message', (m: FromWorker) => this.onMessage(slot, m));
    worker.on('error', (err) => this.onExit(slot, err));
    worker.on('exit', (code) => this.onExit(slot, new Error(`engine worker exited with code ${code}`)));
    worker.postMessage({ type: 'init', id: initId } satisfies ToWorker);
    return slot;
  }

  private onMessage(slot: Slot, m: FromWorker) {
    const job = this.waiting.get(m.id);
    this.waiting.delete(m.id);
    if (slot.busy && slot.busy.id === m.id) {
      slot.busy = null;
      slot.worker.unref();
    }
    if (job) {
      if (job.signal && job.onAbort) job.signal.removeEventListener('abort', job.onAbort);
      job.resolve(m);
    }
    this.pump();
  }

  private onExit(slot: Slot, err: Error) {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    const job = slot.busy;
    if (job) {
      this.waiting.delete(job.id);
      job.reject(err);
    }
    if (!this.closed) {
      this.slots.push(this.spawn());
      this.pump();
    }
  }

  /** Resolves when every worker has loaded its models. */
  async ready(): Promise<{ model: MatteSource; fallbackReason?: string; loadMs: number }> {
    const all = await Promise.all(this.slots.map((s) => s.ready));
    return all[0];
  }

  run(msg: Omit<Extract<ToWorker, { type: 'generate' }>, 'id'>, signal?: AbortSignal): Promise<PipelineOutput> {
    if (this.closed) return Promise.reject(new Error('hair engine is closed'));
    if (signal?.aborted) return Promise.reject(abortError(signal.reason));
    const id = this.nextId++;
    const transfer: ArrayBuffer[] = [];
    return new Promise<FromWorker>((resolve, reject) => {
      const job: Job = { id, msg: { ...msg, id }, transfer, resolve, reject, signal };
      if (signal) {
        job.onAbort = () => {
          const qi = this.queue.indexOf(job);
          if (qi >= 0) this.queue.splice(qi, 1);
          if (job.slot && job.slot.busy === job) job.slot.worker.postMessage({ type: 'cancel', id } satisfies ToWorker);
          this.waiting.delete(id);
          reject(abortError(signal.reason));
        };
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.pump();
    }).then((m) => {
      if (m.ok && 'result' in m) return m.result;
      if (!m.ok) {
        if (m.error.kind === 'input') throw new EngineInputError(m.error.message, m.error.code as never);
        if (m.error.kind === 'abort') throw abortError();
        const e = new Error(`hair engine failure: ${m.error.message}`);
        if (m.error.stack) e.stack = m.error.stack;
        throw e;
      }
      throw new Error('unexpected worker reply');
    });
  }

  private pump() {
    for (const slot of this.slots) {
      if (slot.busy) continue;
      const job = this.queue.shift();
      if (!job) return;
      slot.busy = job;
      job.slot = slot;
      slot.worker.ref();
      this.waiting.set(job.id, job);
      slot.worker.postMessage(job.msg, job.transfer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.queue) j.reject(new Error('hair engine closed'));
    this.queue = [];
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    this.slots = [];
  }
}
