import { and, eq } from 'drizzle-orm';
import type { AppliedLook } from '@shared/hair/engine-result';
import { parseHairPrompt, type HairRequest } from '@shared/hair/prompt';
import { appliesColour, needsColourOnlyConsent, routeOfPrompt } from '@shared/hair/prompt-reading';
import { MSG } from '@shared/messages';
import { ENGINE_TEXT } from '@shared/studio/engine-text';
import type { GenerateRequest, GenerateResult, Generated } from '@shared/studio/generate';
import { generation, user } from '../../db/schema';
import { EngineInputError, MESSAGES } from '../../engine/errors';
import { AppError } from '../../http/app-error';
import type { Services } from '../../services';
import { debitGeneration, refundGeneration } from './debit-generation';
import { displayImage } from './display-image';
import { callsHostedModel, generativeDraws, generativeEngineConfigured } from './engine-status';
import { hostedBudgetGate, hostedUsageOf, recordHostedCall, type HostedPrices } from './hosted-spend';
import { prepareImage } from './prepare-image';
import { previewIdOf } from './preview-hair-region';

type Deps = Pick<Services, 'db' | 'bus' | 'engine' | 'storage' | 'logger' | 'generationDeadlineMs'> & {
  env: Pick<Services['env'], 'HAIR_ENGINE' | 'GEMINI_API_KEY' | 'OPENAI_API_KEY' | 'HOSTED_DAILY_BUDGET_USD'> & HostedPrices;
};

/** Abort reason used when the process shuts down: the caller is told to try again (503), not that it left. */
export const SHUTDOWN_REASON = Object.assign(new Error('The server is restarting.'), { name: 'ShutdownError' });

/** Where a generation's files live: the photo and result are kept (until saved or purged); a reference photo only while the engine runs. */
export const generationKeys = (userId: string, generationId: string) => ({
  input: `creations/${userId}/${generationId}-before.jpg`,
  output: `creations/${userId}/${generationId}.png`,
  reference: `creations/${userId}/${generationId}-reference.jpg`,
});

/** What every variation of one request shares: the prepared photos, the prompt and the request's deadline. */
interface Job {
  userId: string;
  req: GenerateRequest;
  prompt: string;
  /** The prompt read once, here (decision 180): the gates and the engine use this reading. */
  reading: HairRequest;
  image: Buffer;
  reference?: Buffer;
  consentNeeded: boolean;
  signal: AbortSignal;
  deadline: AbortSignal;
  /** The caller's own signal (client gone, shutdown), to say why a generation stopped. */
  caller?: AbortSignal;
}

/**
 * The studio's one paid action. Photos are checked before anything is charged; the debit and the
 * `pending` rows commit together (one per variation of a cut); the engine runs outside any transaction (in
 * its worker pool) under a server deadline shorter than the client's; every way of failing gives the
 * credit back, variation by variation.
 */
export async function generateHairStyle(services: Deps, userId: string, req: GenerateRequest, opts: { signal?: AbortSignal } = {}): Promise<GenerateResult> {
  const input = await prepareImage(req.imageBase64, 'imageBase64');
  const reference = req.referenceBase64 ? await prepareImage(req.referenceBase64, 'referenceBase64') : undefined;
  const prompt = req.prompt.trim();
  const asked = parseHairPrompt(prompt);
  const count = variationsGate(services, asked, req.variations ?? 1, !!reference);
  const colourOnly = colourOnlyGate(services, asked, !!reference, req.colourOnly === true);
  await unseenFallbackGate(services, input.jpeg, req.previewOf);
  const draws = generativeDraws(services.env);
  if (draws !== 'none' && callsHostedModel(services.env, asked, !!reference)) await hostedBudgetGate(services, draws);

  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await debitGeneration(services, userId, ids, prompt);
  const deadline = AbortSignal.timeout(services.generationDeadlineMs);
  const job: Job = {
    userId,
    req,
    prompt,
    reading: asked,
    image: input.jpeg,
    reference: reference?.jpeg,
    consentNeeded: colourOnly.consentNeeded,
    signal: opts.signal ? AbortSignal.any([deadline, opts.signal]) : deadline,
    deadline,
    caller: opts.signal,
  };
  const outcomes = await Promise.allSettled(ids.map((id) => renderVariation(services, job, id)));
  const shown = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
  // nothing came back: every credit was given back, and the first failure says why
  if (!shown.length) throw (outcomes[0] as PromiseRejectedResult).reason;
  const credits = await currentCredits(services, userId);
  if (!req.variations) return { ...shown[0], credits };
  return { ...shown[0], credits, variations: shown, refunded: count - shown.length };
}

/** One picture of the request, as its own generation: the engine, then the stored files and the settled row; on failure, its refund. */
async function renderVariation(services: Deps, job: Job, generationId: string): Promise<Generated> {
  const { req, userId } = job;
  const started = performance.now();
  const keys = generationKeys(userId, generationId);
  let result;
  try {
    result = await services.engine.generate({
      image: job.image,
      mimeType: 'image/jpeg',
      prompt: job.prompt,
      reading: job.reading,
      reference: job.reference && { image: job.reference, mimeType: 'image/jpeg' },
      corrections: req.corrections,
      signal: job.signal,
      // queue mode stores the photo and the result here itself and passes the keys to its worker (decision 117)
      keys,
    });
    if (!result?.png || result.png.byteLength === 0) throw new AppError('internal', MSG.noImageReturned);
    // a generative engine that fell back to the on-device one changed the colour only: not what was bought
    if (job.consentNeeded && result.engine === 'local' && !req.colourOnly) throw cutNotDrawn();
  } catch (err) {
    // a result the engine stored but the studio refuses is not kept; the hosted call it made was still paid for
    if (result?.stored) await Promise.all([services.storage.delete(keys.input), services.storage.delete(keys.output)]).catch(() => undefined);
    const usage = result?.hosted ?? hostedUsageOf(err);
    if (usage) await recordHostedCall(services, { generationId, usage, outcome: 'refused' });
    throw await refundFailed(services, job, generationId, err);
  }
  if (result.hosted) await recordHostedCall(services, { generationId, usage: result.hosted, outcome: 'shown' });

  const look: AppliedLook = { applied: result.applied, technique: result.technique, colours: result.colours, analysis: result.analysis, engine: result.engine };
  const png = result.png;
  // encoded while the files are stored; should it fail, the lossless PNG is answered instead
  const display = req.displayWidth
    ? displayImage(png, req.displayWidth).catch((err: unknown) => {
        services.logger.error({ err, generationId }, 'could not make the display-size result');
        return undefined;
      })
    : undefined;
  // Stored once, here (or by the queue's worker), so "Save" refers to it by the generation id and uploads
  // nothing (decision 116); a storage hiccup costs only the later save, not the picture.
  const stored = await (
    result.stored
      ? Promise.resolve()
      : Promise.all([services.storage.put(keys.input, job.image, 'image/jpeg'), services.storage.put(keys.output, result.png, 'image/png')])
  ).then(
    () => true,
    (err: unknown) => {
      services.logger.error({ err, generationId }, 'could not store the generation files');
      return false;
    },
  );
  const [settled] = await services.db
    .update(generation)
    .set({
      status: 'succeeded',
      engine: result.engine,
      applied: result.applied,
      timings: result.timings,
      durationMs: Math.round(performance.now() - started),
      finishedAt: new Date(),
      inputKey: stored ? keys.input : null,
      outputKey: stored ? keys.output : null,
      result: look,
    })
    .where(and(eq(generation.id, generationId), eq(generation.status, 'pending')))
    .returning({ status: generation.status });
  services.logger.info({ generationId, engine: result.engine, ms: Math.round(performance.now() - started), settled: !!settled }, 'generation succeeded');
  // The studio's answer carries the display-size picture and Download fetches the stored PNG; unstored,
  // the PNG travels too. The spec's callers get the lossless PNG as before.
  const shown = await display;
  if (shown && stored) return { display: shown, generationId, ...look };
  if (shown) return { display: shown, image: png.toString('base64'), generationId, ...look };
  return { image: png.toString('base64'), generationId, ...look };
}

/** Gives a failed generation's credit back and returns the error its caller is told. */
async function refundFailed(services: Deps, job: Job, generationId: string, err: unknown): Promise<unknown> {
  const { deadline, caller } = job;
  const shuttingDown = caller?.aborted && caller.reason === SHUTDOWN_REASON;
  const reason = deadline.aborted
    ? 'deadline'
    : shuttingDown
      ? 'shutdown'
      : caller?.aborted
        ? 'client-gone'
        : err instanceof Error
          ? `${err.name}: ${err.message}`
          : String(err);
  const credits = await refundGeneration(services, generationId, reason).catch((e: unknown) => {
    // the row stays `pending`; the sweeper refunds it
    services.logger.error({ err: e, generationId }, 'refund failed; left for the sweeper');
    return null;
  });
  services.logger.warn({ generationId, reason, credits }, 'generation failed and was refunded');
  if (err instanceof EngineInputError) return new AppError('invalid-argument', err.message, { reason: err.code });
  if (err instanceof AppError) return err;
  if (deadline.aborted) return new AppError('deadline-exceeded', MSG.generationFailed, { reason: 'deadline' });
  if (shuttingDown) return new AppError('unavailable', MSG.generationFailed, { reason: 'shutdown' });
  if (caller?.aborted) return new AppError('cancelled', MSG.generationFailed);
  return new AppError('internal', MSG.generationFailed);
}

/**
 * Variations are of a cut (issue 36): a colour is drawn by Tress the same way every time, so a grid of it
 * would charge for copies; without a generative engine there is no cut to vary.
 */
function variationsGate(services: Deps, asked: ReturnType<typeof parseHairPrompt>, count: number, hasReference: boolean): number {
  if (count === 1) return 1;
  if (!generativeEngineConfigured(services.env) || routeOfPrompt(asked, hasReference) !== 'cut')
    throw new AppError('invalid-argument', ENGINE_TEXT.variationsNeedCut, { reason: 'variations-need-a-cut' });
  return count;
}

const cutNotDrawn = () => new AppError('aborted', ENGINE_TEXT.cutNotDrawn, { reason: 'cut-not-drawn' });
const colourOnlyRefusal = () => new AppError('invalid-argument', ENGINE_TEXT.colourOnlyRefused, { reason: 'colour-only-unconfirmed' });

/**
 * No surprise charge (issue 19): a prompt with a haircut, where no generative engine runs, is refused
 * before the debit unless the person confirmed "Apply the colour only"; a haircut with no colour at all is
 * refused before the debit too. Returns whether the request needed that consent.
 */
function colourOnlyGate(services: Deps, asked: ReturnType<typeof parseHairPrompt>, hasReference: boolean, confirmed: boolean): { consentNeeded: boolean } {
  const consentNeeded = needsColourOnlyConsent(asked, hasReference);
  if (generativeEngineConfigured(services.env)) return { consentNeeded };
  if (asked.cut.length && !appliesColour(asked, hasReference)) throw new AppError('invalid-argument', MESSAGES.cutOnly, { reason: 'unsupported-request' });
  if (consentNeeded && !confirmed) throw colourOnlyRefusal();
  return { consentNeeded };
}

/**
 * No credit for a render nobody saw (issue 32 §9, decision 138): where the hair model is missing, the region
 * is the fallback's rough one, so a colour render is refused before the debit unless the request names the
 * preview of this very photo (the studio sends `previewOf` once the person has seen it).
 */
async function unseenFallbackGate(services: Deps, jpeg: Buffer, previewOf: string | undefined): Promise<void> {
  if (generativeEngineConfigured(services.env)) return;
  if ((await services.engine.ready()).model !== 'fallback') return;
  if (previewOf === previewIdOf(jpeg)) return;
  throw new AppError('invalid-argument', ENGINE_TEXT.previewFirst, { reason: 'preview-unseen' });
}

async function currentCredits({ db }: Pick<Deps, 'db'>, userId: string): Promise<number> {
  const [row] = await db.select({ credits: user.credits }).from(user).where(eq(user.id, userId));
  return row?.credits ?? 0;
}
