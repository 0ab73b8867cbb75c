/**
 * Pixel work done in two halves at once by an engine worker's two threads: the engine thread does part 0 and
 * the hair model's thread, idle once the hair is found, part 1. A job's outputs live on shared memory
 * (image/scratch.ts hands out SharedArrayBuffers), so both threads write into the same plane; the parts
 * interleave in blocks so each gets its share of the costly pixels (the soft edges of the lengths).
 */
import { colourPart, type ColourJob } from './colour/hair-stats';
import { paintPart, type PaintJob } from './colour/recolour';
import { guidePart, type GuideJob } from './matte/refine';

export type HalfWork = { kind: 'colour'; job: ColourJob } | { kind: 'guide'; job: GuideJob } | { kind: 'paint'; job: PaintJob };

/** Runs part 1 of the work on the other thread. */
export type Share = (work: HalfWork) => Promise<void>;

/** Does both halves of the work: both at once when there is another thread to share with, else one after the other. */
export type Halves = (work: HalfWork) => Promise<void>;

export function runPart(work: HalfWork, part: 0 | 1): void {
  if (work.kind === 'colour') colourPart(work.job, part);
  else if (work.kind === 'guide') guidePart(work.job, part);
  else paintPart(work.job, part);
}

/** The planes a part writes into: the other thread can only do its part if they are all on shared memory. */
function written(work: HalfWork): ArrayBufferView[] {
  return work.kind === 'colour' ? [work.job.idx, work.job.lab, work.job.sums] : [work.job.out];
}

export function halvesWith(share: Share | undefined): Halves {
  return async (work) => {
    // a plane the other thread cannot write into (plain memory: tests, tools) is done here
    if (!share || !written(work).every((a) => a.buffer instanceof SharedArrayBuffer)) {
      runPart(work, 0);
      runPart(work, 1);
      return;
    }
    // a share that fails is done here: each part writes its pixels from the inputs alone, so twice is the same
    const far = share(work).catch(() => runPart(work, 1));
    runPart(work, 0);
    await far;
  };
}

/** Both halves here, one after the other. */
export const onOneThread: Halves = halvesWith(undefined);
