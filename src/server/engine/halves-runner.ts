/**
 * Runs a job's two halves (halves.ts says how the work is split): on this thread alone, or shared with the
 * hair model's thread. Kept apart from halves.ts so the modules whose parts it runs can import the job helpers
 * there without importing this dispatcher back.
 */
import { foregroundFill } from './colour/foreground';
import { colourPart } from './colour/hair-stats';
import { paintPart } from './colour/recolour';
import { boxesPart, guidePart } from './matte/refine';
import type { HalfWork, Halves, Share } from './halves';

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
