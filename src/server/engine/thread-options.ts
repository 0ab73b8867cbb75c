/** Options and start-up helpers for the engine's threads (the pool's workers and the hair model's thread). */
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';

/**
 * A worker's pixels live in typed arrays outside the JS heap, and its short-lived JS objects (tfjs's tensor
 * wrappers) are few: a young generation of 8 MB instead of V8's default 32–48 MB keeps ~25 MB less resident
 * per worker at no measurable cost in time (bench/engine.bench.ts).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

/**
 * Node flags for the engine's threads: none. Their code is bundled JavaScript (threads.ts) that needs no
 * loader, and an inherited `--import tsx` would load tsx into each of them (~25 MB a thread). V8 flags
 * (--max-old-space-size, --trace-gc…) apply to every thread anyway, and passing them here would make Worker
 * throw ERR_WORKER_INVALID_EXEC_ARGV.
 */
const THREAD_EXEC_ARGV: string[] = [];

/**
 * Old generation a thread's heap starts with, before V8 sizes it from what survives. A photo promotes a few
 * MB of objects (tfjs's tensors, the run's arrays and promises) into a heap whose live set is ~22 MB, and
 * V8's first limits sit just above that: a mark-compact of the whole heap more than once a photo, ~14 ms of the
 * engine thread's time. Measured at 1200×1600 (bench/engine.bench.ts, A/B pairs): 48 MB takes ~20 ms off the
 * median for ~10 MB more peak RSS; 64 MB ~30 ms for ~25 MB, too close to the 450 MB budget.
 */
const INITIAL_OLD_SPACE_MB = 48;

/** Starts an engine thread from its bundle. */
export function startEngineThread(entry: string | URL, workerData: unknown): Worker {
  // V8 reads heap flags when it makes an isolate, and Worker's resourceLimits have no initial size. The flag is
  // process-wide: it sizes every thread started after it (the main thread's heap is already made).
  v8.setFlagsFromString(`--initial-old-space-size=${INITIAL_OLD_SPACE_MB}`);
  return new Worker(entry, { workerData, resourceLimits: WORKER_LIMITS, execArgv: THREAD_EXEC_ARGV });
}

/** Runs fn with console output dropped: LiteRT and tfjs print INFO/WARNING lines and a WebGPU probe error while loading. */
export function quietly<T>(fn: () => Promise<T>): Promise<T> {
  const { warn, error, log, info } = console;
  console.warn = console.error = console.log = console.info = () => {};
  return fn().finally(() => Object.assign(console, { warn, error, log, info }));
}
