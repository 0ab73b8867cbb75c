/** Options and start-up helpers for the engine's threads (the pool's workers and the hair model's thread). */

/**
 * A worker's pixels live in typed arrays outside the JS heap, and its short-lived JS objects (tfjs's tensor
 * wrappers) are few: a young generation of 8 MB instead of V8's default 32–48 MB keeps ~25 MB less resident
 * per worker at no measurable cost in time (bench/engine.bench.ts).
 */
export const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

/**
 * Node flags for the engine's threads: none. Their code is bundled JavaScript (threads.ts) that needs no
 * loader, and an inherited `--import tsx` would load tsx into each of them (~25 MB a thread). V8 flags
 * (--max-old-space-size, --trace-gc…) apply to every thread anyway, and passing them here would make Worker
 * throw ERR_WORKER_INVALID_EXEC_ARGV.
 */
export const THREAD_EXEC_ARGV: string[] = [];

/** Runs fn with console output dropped: LiteRT and tfjs print INFO/WARNING lines and a WebGPU probe error while loading. */
export function quietly<T>(fn: () => Promise<T>): Promise<T> {
  const { warn, error, log, info } = console;
  console.warn = console.error = console.log = console.info = () => {};
  return fn().finally(() => Object.assign(console, { warn, error, log, info }));
}
