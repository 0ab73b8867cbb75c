/**
 * `npm run worker`: a generation worker for GENERATION_MODE=queue. Needs DATABASE_URL (the app's
 * PostgreSQL), the app's storage (S3_* or the same DATA_DIR) and the engine settings (HAIR_ENGINE,
 * HAIR_MODEL_PATH, ENGINE_THREADS, GEMINI_*, OPENAI_*).
 * Runs ENGINE_THREADS jobs at a time; on SIGTERM finishes its jobs (up to SHUTDOWN_DEADLINE_MS) and exits 0.
 */
import { createEngine } from '../engine';
import { ensureHairModel } from '../engine/segment/model-fetch';
import { loadProcessEnv } from '../env';
import { engineConfigFromEnv } from '../features/studio/engine-config';
import { createLogger } from '../lib/logger';
import { GENERATION_QUEUE, openQueue, runGenerationJob, type GenerationJob } from '../ops/generation-queue';
import { createStorage } from '../storage/create-storage';

const env = loadProcessEnv({ NODE_ENV: 'production' });
const logger = createLogger(env.LOG_LEVEL).child({ role: 'worker' });
if (!env.DATABASE_URL) {
  logger.fatal('the generation worker needs DATABASE_URL (queue mode runs on PostgreSQL)');
  process.exit(2);
}
// a worker started on its own machine fetches a missing model as `npm start` does (MODEL_AUTO_FETCH)
await ensureHairModel(env.HAIR_MODEL_PATH, { enabled: env.MODEL_AUTO_FETCH, log: (line) => logger.info(line) });
const engine = createEngine(engineConfigFromEnv(env, logger));
// jobs carry storage keys (decision 117): the worker reads the photo and writes the result in the app's storage
const storage = createStorage(env);
const model = await engine.ready();
const boss = await openQueue(env.DATABASE_URL, logger);
// pg-boss 10 runs one job at a time per work() call: one subscription per engine worker.
for (let i = 0; i < env.ENGINE_THREADS; i++) {
  await boss.work<GenerationJob>(GENERATION_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
    const started = performance.now();
    const out = await runGenerationJob(engine, storage, job.data);
    logger.info({ jobId: job.id, ok: out.ok, ms: Math.round(performance.now() - started) }, 'generation job done');
    return out;
  });
}
logger.info({ model: model.model, concurrency: env.ENGINE_THREADS }, 'generation worker ready');

let stopping = false;
async function stop(signal: string) {
  if (stopping) process.exit(1);
  stopping = true;
  logger.info({ signal }, 'worker stopping: finishing its jobs');
  await boss.stop({ graceful: true, close: true, timeout: env.SHUTDOWN_DEADLINE_MS });
  await engine.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
