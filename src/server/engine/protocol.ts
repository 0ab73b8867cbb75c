/** Messages between the engine (main thread) and its pool workers. */
import type { MatteSource, PipelineOutput } from './pipeline.js';

export type ToWorker =
  | { type: 'init'; id: number }
  | { type: 'generate'; id: number; image: Uint8Array; prompt: string; reference?: Uint8Array; debug?: boolean }
  | { type: 'cancel'; id: number };

export type WorkerError = { kind: 'input'; message: string; code: string } | { kind: 'abort'; message: string } | { kind: 'engine'; message: string; stack?: string };

export type FromWorker =
  | { id: number; ok: true; init: { model: MatteSource; fallbackReason?: string; loadMs: number } }
  | { id: number; ok: true; result: PipelineOutput }
  | { id: number; ok: false; error: WorkerError };
