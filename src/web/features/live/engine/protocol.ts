/** Messages between the page and the hair model's worker (segment.worker.ts). */
import type { HairStats } from '@shared/hair/hair-stats';

/** The hair model's fixed input: 512×512, the frame stretched to it (as the server engine does). */
export const MODEL_SIZE = 512;

/** How the model runs: on the GPU through WebGPU, or on the CPU in WebAssembly with (relaxed) SIMD. */
export type Delegate = 'webgpu' | 'wasm-relaxed-simd' | 'wasm-simd';

export type ToWorker =
  | { type: 'init'; runtimeUrl: string; modelUrl: string }
  /** `frame` is the picture already scaled to MODEL_SIZE²; `fresh` forgets the previous mask (new photo, camera switched). */
  | { type: 'segment'; id: number; frame: ImageBitmap; fresh: boolean };

export type FromWorker =
  | { type: 'ready'; delegate: Delegate; loadMs: number }
  | { type: 'failed'; message: string }
  /** `mask`: hair probability 0–255 at MODEL_SIZE², temporally smoothed; `ms`: time spent in the network. */
  | { type: 'mask'; id: number; mask: Uint8Array; stats: HairStats | null; ms: number; totalMs: number }
  | { type: 'error'; id: number; message: string };
