/** Options for the engine's threads (shared by the pool and the hair model's thread). */

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
