/**
 * The engine's stage runner: a run is a list of named stages executed in order over one job, sharing one
 * context (the models, scratch memory, the thread splitter, cancellation, timings). The runner, not the
 * stages, times them and checks for cancellation before each, so every stage reports its wall time under its
 * own name and a stage holds pixel work only. docs/engine/design.md describes each stage.
 */
import type { Alloc } from './image/scratch';
import type { Halves } from './halves';

/** The stages' names, as they appear in a result's timings. */
type StageName = 'decode' | 'detect' | 'segment' | 'secondLook' | 'matte' | 'reference' | 'colour' | 'paint' | 'encode' | 'flags';

/** What every stage of one run shares. */
export interface StageContext {
  /** This run's scratch memory: its arrays live until the run ends (image/scratch.ts). */
  alloc: Alloc;
  /** Pixel work in two halves, on this thread and the hair model's (halves.ts). */
  halves: Halves;
  /** Throws when the job was cancelled. */
  check: () => void;
  /** Wall time per stage in ms, added up by the runner. */
  timings: Record<string, number>;
  /**
   * Work a stage started and did not wait for that writes into this run's scratch (the hair model's answer):
   * the run waits for it before its memory is handed back, whatever happened.
   */
  inFlight: Promise<unknown>[];
}

/** One named step of a run over a job of type J. */
export interface Stage<J> {
  name: StageName;
  /** Whether the stage runs for this job (absent: always). */
  when?: (job: J) => boolean;
  run: (job: J, ctx: StageContext) => void | Promise<void>;
}

/** A context for a run on `alloc` and `halves`; `check` throws when the job is cancelled. */
export function stageContext(alloc: Alloc, halves: Halves, check: () => void = () => {}): StageContext {
  return { alloc, halves, check, timings: {}, inFlight: [] };
}

/** Runs `stages` in order on `job`: cancellation is checked before each, and its wall time added to its name. */
export async function runStages<J>(stages: readonly Stage<J>[], job: J, ctx: StageContext): Promise<J> {
  for (const stage of stages) {
    if (stage.when && !stage.when(job)) continue;
    ctx.check();
    const t0 = performance.now();
    try {
      await stage.run(job, ctx);
    } finally {
      ctx.timings[stage.name] = (ctx.timings[stage.name] ?? 0) + performance.now() - t0;
    }
  }
  return job;
}

/** Waits for the work in flight of a run that is ending (failures were the stage's to report, not this wait's). */
export async function settle(ctx: StageContext): Promise<void> {
  await Promise.allSettled(ctx.inFlight);
  ctx.inFlight.length = 0;
}
