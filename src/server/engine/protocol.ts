/** Messages between the engine (main thread) and its pool workers. */
import type { HairRequest } from '@shared/hair/prompt';
import type { Mark, Point } from '@shared/studio/corrections';
import type { HairRegion, MatteSource, PipelineOutput } from './pipeline';

/** What a pool worker is started with: everything it needs from outside its bundle (threads.ts). */
export interface EngineWorkerData {
  modelPath: string;
  /** file: URL of the hair model thread's bundle. */
  hairEntry: string;
  /** Path of the portrait the worker warms up on. */
  warmupPortrait: string;
  /** The hair model's second look (decision 120). */
  secondLook: boolean;
}

export type ToWorker =
  | { type: 'init'; id: number }
  | {
      type: 'generate';
      id: number;
      image: Uint8Array;
      /** The prompt as the server read it, once per request (decision 180): never parsed again here. */
      reading: HairRequest;
      reference?: Uint8Array;
      debug?: boolean;
      analyseOnly?: boolean;
      /** The photo's region from the engine's cache: not found again (decision 138). */
      region?: HairRegion;
      person?: Point;
      marks?: readonly Mark[];
      /** Send the region found back, for the cache (and the flags: a preview). */
      wantRegion?: boolean;
      /** Little or no hair is a bare head, not a refusal (a cut's pictures, issue 36). */
      bareHead?: boolean;
      /** Find the person matte for "add hair" taps (decision 203); default: when the region is sent back. */
      tapPlane?: boolean;
    }
  | { type: 'cancel'; id: number };

type WorkerError = { kind: 'input'; message: string; code: string } | { kind: 'abort'; message: string } | { kind: 'engine'; message: string; stack?: string };

export type FromWorker =
  | { id: number; ok: true; init: { model: MatteSource; fallbackReason?: string; loadMs: number } }
  | { id: number; ok: true; result: PipelineOutput }
  | { id: number; ok: false; error: WorkerError };
