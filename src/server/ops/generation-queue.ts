import { existsSync } from 'node:fs';
import PgBoss from 'pg-boss';
import { parseHairPrompt, type HairRequest } from '@shared/hair/prompt';
import type { Corrections } from '@shared/studio/corrections';
import type { EngineConfig, EngineName, GenerateInput, GenerateResult, HairEngine, PreviewInput } from '../engine';
import { createEngine, EngineInputError } from '../engine';
import { abortError, CutRefusedError } from '../engine/errors';
import type { HostedUsage } from '../engine/hosted/provider';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import type { Storage } from '../storage/storage';

/**
 * GENERATION_MODE=queue (decision 074): the app enqueues each generation as a pg-boss job on the
 * same PostgreSQL database and waits for its result; `npm run worker` processes run the engine.
 * Credits never move here: the app debits before and refunds after exactly as inline, keyed by the
 * generation id, so a retried or abandoned job can never charge twice.
 */
export const GENERATION_QUEUE = 'generation';

/**
 * A job row carries storage keys, never image bytes (decision 117): the app stores the photo (at the key
 * the generation keeps it under anyway) and the reference before sending; the worker reads them from the
 * same storage and writes the result at `outputKey`. Jobs of the old shape (`image` as base64) still run,
 * so a rolling deploy loses nothing.
 */
export interface GenerationJob {
  inputKey?: string;
  outputKey?: string;
  referenceKey?: string;
  mimeType: string;
  prompt: string;
  /** The prompt as the app read it (decision 180); absent on jobs an app sent before it travelled with the job. */
  reading?: HairRequest;
  /** The person's fixes to the hair region (decision 138): small, so they travel in the row. */
  corrections?: Corrections;
  /** @deprecated before decision 117: bytes in the row. */
  image?: string;
  /** @deprecated before decision 117. */
  reference?: { image: string; mimeType: string };
}
export type GenerationJobOutput =
  | {
      ok: true;
      /** Set when the result is stored at the job's `outputKey`. */
      outputKey?: string;
      /** @deprecated before decision 117: the result as base64 in the row. */
      png?: string;
      applied: string;
      technique: string | null;
      colours: string[];
      analysis: GenerateResult['analysis'];
      engine: EngineName;
      timings: Record<string, number>;
      /** Absent on jobs finished before issue 36: those were all drawn on-device or by a hosted call alone. */
      route?: GenerateResult['route'];
      hosted?: GenerateResult['hosted'];
    }
  /** `hosted`: a refused cut whose hosted call was made and is paid for, so the app records its cost. */
  | { ok: false; code: EngineInputError['code']; message: string; hosted?: HostedUsage };

/**
 * How long a job may stay active before pg-boss gives it to another worker. pg-boss 10 (the last
 * major that runs on Node 20, decision 094) has no worker heartbeat: a worker that dies holds its job
 * until this expiry, which maintenance (every 5 s) turns into the one retry. The local engine answers
 * within seconds even for an 18 MP photo, so 15 s leaves it room and still retries well inside the app's
 * 60 s deadline; a hosted edit takes 5–30 s, so it gets 45 s: a retry then usually lands past the
 * deadline and the app refunds, which is better than paying the provider twice for a slow answer.
 */
function jobExpirySeconds(engine: EngineConfig['engine']): number {
  return engine === 'local' ? 15 : 45;
}

/** Opens pg-boss on its own schema and makes sure the generation queue exists. */
export async function openQueue(databaseUrl: string, logger: Logger): Promise<PgBoss> {
  // Maintenance expires the jobs of dead workers; every 5 s so a retry starts within seconds of the expiry.
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 4, maintenanceIntervalSeconds: 5, deleteAfterSeconds: 3600 });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  await boss.start();
  if (!(await boss.getQueue(GENERATION_QUEUE))) {
    await boss
      // A worker that dies is found by the job's expiry (jobExpirySeconds): its job is retried once by another worker.
      .createQueue(GENERATION_QUEUE, { name: GENERATION_QUEUE, retryLimit: 1, expireInSeconds: jobExpirySeconds('local') })
      .catch(async (err: unknown) => {
        if (!(await boss.getQueue(GENERATION_QUEUE))) throw err; // another instance created it first
      });
  }
  return boss;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** The app side of queue mode: a HairEngine whose generate() is a job some worker runs. */
export class QueueEngine implements HairEngine {
  /** Previews run here, on one engine thread of the app's own: a worker finds the same region again (decision 138). */
  private local: HairEngine | null = null;

  constructor(
    private readonly boss: PgBoss,
    private readonly storage: Storage,
    private readonly modelPath: string,
    private readonly engineName: EngineConfig['engine'],
    private readonly pollMs = 150,
  ) {}

  async generate(input: GenerateInput): Promise<GenerateResult> {
    const own = `jobs/${crypto.randomUUID()}`;
    const keys = input.keys ?? { input: `${own}.jpg`, output: `${own}.png`, reference: `${own}-reference.jpg` };
    // a reference photo waits for the worker at its key and is deleted once the job settles
    const referenceKey = input.reference ? keys.reference : undefined;
    let done = false;
    try {
      await Promise.all([
        this.storage.put(keys.input, input.image, input.mimeType),
        input.reference && referenceKey ? this.storage.put(referenceKey, input.reference.image, input.reference.mimeType) : undefined,
      ]);
      const data: GenerationJob = {
        inputKey: keys.input,
        outputKey: keys.output,
        ...(referenceKey ? { referenceKey } : {}),
        mimeType: input.mimeType,
        prompt: input.prompt,
        reading: input.reading,
        ...(input.corrections ? { corrections: input.corrections } : {}),
      };
      const result = await this.run(data, input.signal);
      done = true;
      // the app was given keys: the files stay where it keeps them; a keyless call gets bytes and leaves nothing
      if (!input.keys) await Promise.all([this.storage.delete(keys.input), this.storage.delete(keys.output)]);
      return { ...result, stored: !!input.keys };
    } finally {
      const leftovers = [referenceKey, ...(done ? [] : [keys.input, keys.output])].filter((k): k is string => !!k);
      await Promise.all(leftovers.map((k) => this.storage.delete(k))).catch(() => undefined);
    }
  }

  private async run(data: GenerationJob, signal: AbortSignal | undefined): Promise<GenerateResult> {
    const id = await this.boss.send(GENERATION_QUEUE, data as unknown as object, { expireInSeconds: jobExpirySeconds(this.engineName) });
    if (!id) throw new Error('the generation queue refused the job');
    for (;;) {
      if (signal?.aborted) {
        // Past the app's deadline (or the caller left): the job must not run later; the app refunds.
        await this.boss.cancel(GENERATION_QUEUE, id).catch(() => undefined);
        throw abortError(signal.reason);
      }
      const job = await this.boss.getJobById<GenerationJob>(GENERATION_QUEUE, id);
      if (!job) throw new Error('the generation job disappeared');
      if (job.state === 'completed') {
        const out = job.output as GenerationJobOutput;
        if (!out.ok) throw out.hosted ? new CutRefusedError(out.message, out.hosted) : new EngineInputError(out.message, out.code);
        const png = out.outputKey ? (await this.storage.get(out.outputKey))?.body : out.png ? Buffer.from(out.png, 'base64') : undefined;
        if (!png) throw new Error('the generation job completed without a stored result');
        return {
          png,
          applied: out.applied,
          technique: out.technique,
          colours: out.colours,
          analysis: out.analysis,
          engine: out.engine,
          timings: out.timings,
          route: out.route ?? (out.engine === 'local' ? 'local' : 'cut'),
          ...(out.hosted ? { hosted: out.hosted } : {}),
        };
      }
      if (job.state === 'failed' || job.state === 'cancelled') throw new Error(`generation job ${job.state}`);
      await wait(this.pollMs, signal);
    }
  }

  preview(input: PreviewInput) {
    this.local ??= createEngine({ engine: 'local', modelPath: this.modelPath, threads: 1 });
    return this.local.preview(input);
  }

  /** The model lives in the workers, which read the same HAIR_MODEL_PATH; here: the queue answers. */
  async ready(): Promise<{ model: 'hair-segmentation' | 'fallback' }> {
    await this.boss.getQueue(GENERATION_QUEUE);
    return { model: existsSync(this.modelPath) ? 'hair-segmentation' : 'fallback' };
  }

  async close() {
    await this.local?.close();
    await this.boss.stop({ graceful: false, close: true, timeout: 2000 });
  }
}

/** A stored object the job names; a missing one means the app gave up on the job (its files were cleaned). */
async function read(storage: Storage, key: string): Promise<Buffer> {
  const obj = await storage.get(key);
  if (!obj) throw new Error(`the job's file ${key} is not in storage`);
  return obj.body;
}

/**
 * The worker side: reads the job's photo from storage, runs the real engine, stores the result at the
 * job's output key; photo problems complete the job with an answer (no retry).
 */
export async function runGenerationJob(engine: HairEngine, storage: Storage, data: GenerationJob): Promise<GenerationJobOutput> {
  try {
    const legacy = data.image !== undefined;
    const image = legacy ? Buffer.from(data.image!, 'base64') : await read(storage, data.inputKey!);
    const reference = data.referenceKey
      ? { image: await read(storage, data.referenceKey), mimeType: 'image/jpeg' }
      : data.reference && { image: Buffer.from(data.reference.image, 'base64'), mimeType: data.reference.mimeType };
    // a job queued by an app of before decision 180 carries only the words: read them here, once
    const reading = data.reading ?? parseHairPrompt(data.prompt);
    const r = await engine.generate({ image, mimeType: data.mimeType, prompt: data.prompt, reading, reference, corrections: data.corrections });
    if (!legacy) await storage.put(data.outputKey!, r.png, 'image/png');
    return {
      ok: true,
      ...(legacy ? { png: r.png.toString('base64') } : { outputKey: data.outputKey! }),
      applied: r.applied,
      technique: r.technique,
      colours: r.colours,
      analysis: r.analysis,
      engine: r.engine,
      timings: r.timings,
      route: r.route,
      ...(r.hosted ? { hosted: r.hosted } : {}),
    };
  } catch (err) {
    if (err instanceof CutRefusedError) return { ok: false, code: err.code, message: err.message, hosted: err.hosted };
    if (err instanceof EngineInputError) return { ok: false, code: err.code, message: err.message };
    throw err;
  }
}

/** The app's engine in queue mode (services.ts): pg-boss on DATABASE_URL. */
export async function createQueueEngine(
  env: Pick<Env, 'DATABASE_URL' | 'HAIR_MODEL_PATH' | 'HAIR_ENGINE'>,
  storage: Storage,
  logger: Logger,
): Promise<QueueEngine> {
  if (!env.DATABASE_URL) throw new Error('GENERATION_MODE=queue needs DATABASE_URL: the job queue lives in PostgreSQL.');
  return new QueueEngine(await openQueue(env.DATABASE_URL, logger), storage, env.HAIR_MODEL_PATH, env.HAIR_ENGINE);
}
