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
import { foregroundFill, type ForegroundJob } from './colour/foreground';
import { colourPart, type ColourJob } from './colour/hair-stats';
import { paintPart, type PaintJob } from './colour/recolour';
import { boxesPart, guidePart, type BoxesJob, type GuideJob } from './matte/refine';

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

export function runPart(work: HalfWork, part: 0 | 1): void {
  if (work.kind === 'colour') colourPart(work.job, part);
  else if (work.kind === 'guide') guidePart(work.job);
  else if (work.kind === 'paint') paintPart(work.job);
  else if (work.kind === 'boxes') boxesPart(work.job);
  // whole on one thread (part 1: the other thread, when there is one) while the caller does something else
  else if (part === 1) foregroundFill(work.job);
}

/** The planes a part writes into: the other thread can only do its part if they are all on shared memory. */
function written(work: HalfWork): ArrayBufferView[] {
  if (work.kind === 'colour') return [work.job.idx, work.job.lab, work.job.sums];
  if (work.kind === 'foreground') return [work.job.grid.f, work.job.grid.b, ...work.job.sums, ...work.job.blurred];
  if (work.kind === 'boxes') return work.job.tasks.map((t) => t.out);
  return [work.job.out];
}

export function halvesWith(share: Share | undefined): Halves {
  return async (work) => {
    // a plane the other thread cannot write into (plain memory: tests, tools) is done here
    if (!share || !written(work).every((a) => a.buffer instanceof SharedArrayBuffer)) {
      runPart(work, 0);
      runPart(work, 1);
      return;
    }
    // a share that fails is done here, whole: blocks the other thread had taken may not have been written, and
    // each block writes its pixels from the inputs alone, so doing one twice is the same
    let failed = false;
    const far = share(work).catch(() => {
      failed = true;
    });
    runPart(work, 0);
    await far;
    if (failed) {
      if (work.kind === 'guide' || work.kind === 'paint' || work.kind === 'boxes') {
        work.job.next[0] = 0;
        runPart(work, 0);
      } else {
        // sums the other thread may have begun
        if (work.kind === 'foreground') for (const s of work.job.sums) s.fill(0);
        else work.job.sums.fill(0, work.job.sums.length / 2);
        runPart(work, 1);
      }
    }
  };
}

/** Both halves here, one after the other. */
export const onOneThread: Halves = halvesWith(undefined);
