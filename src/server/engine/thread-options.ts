/** Options for the engine's threads (shared by the pool and the hair model's thread). */

/**
 * A worker's pixels live in typed arrays outside the JS heap, and its short-lived JS objects (tfjs's tensor
 * wrappers) are few: a young generation of 8 MB instead of V8's default 32–48 MB keeps ~25 MB less resident
 * per worker at no measurable cost in time (bench/engine.bench.ts).
 */
export const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

/**
 * Node flags for the engine's threads: the parent's, minus tsx's loader flags. The threads run bundled
 * JavaScript (threads.ts); an inherited `--import tsx` would load tsx into each of them all the same.
 */
export function threadExecArgv(): string[] {
  const out: string[] = [];
  const args = process.execArgv;
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    if (['--import', '--require', '-r', '--loader', '--experimental-loader'].includes(flag) && /tsx/.test(args[i + 1] ?? '')) i++;
    else if (!/^--(import|require|loader|experimental-loader)=.*tsx/.test(flag)) out.push(flag);
  }
  return out;
}
