/**
 * Pixel work done in two halves at once by an engine worker's two threads: the engine thread does part 0 and
 * the hair model's thread, idle once the hair is found, part 1. A job's outputs live on shared memory
 * (image/scratch.ts hands out SharedArrayBuffers), so both threads write into the same plane. The guide and the
 * paint hand out their blocks one at a time to whichever thread asks first (`nextBlock`), so both threads
 * finish together although the hair model's thread paints about a third slower per pixel; the colour read
 * keeps fixed alternate blocks, as its sums are added per part. The guide's box means are handed out a plane at
 * a time the same way. The foreground grid is not split: it goes whole to the other thread (part 1) while this
 * one sets up the rest of the paint.
 */
import type { ForegroundJob } from './colour/foreground';
import type { ColourJob } from './colour/hair-stats';
import type { PaintJob } from './colour/recolour';
import type { BoxesJob, GuideJob } from './matte/refine';

export type HalfWork =
  | { kind: 'colour'; job: ColourJob }
  | { kind: 'guide'; job: GuideJob }
  | { kind: 'paint'; job: PaintJob }
  | { kind: 'foreground'; job: ForegroundJob }
  | { kind: 'boxes'; job: BoxesJob };

/** Runs part 1 of the work on the other thread. */
export type Share = (work: HalfWork) => Promise<void>;

/** Does both halves of the work: both at once when there is another thread to share with, else one after the other. */
export type Halves = (work: HalfWork) => Promise<void>;

/** A counter on shared memory for nextBlock, one per job. */
export function blockCounter(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

/** The next block of a job not yet taken by either thread (≥ the job's block count once all are taken). */
export function nextBlock(counter: Int32Array): number {
  return Atomics.add(counter, 0, 1);
}
