import type { HairRequest } from '@shared/hair/prompt';
import { routeOfPrompt } from '@shared/hair/prompt-reading';
import type { EngineStatus } from '@shared/studio/engine-status';
import type { Env } from '../../env';
import type { Services } from '../../services';
import { cutsPausedToday } from './hosted-spend';

type EngineEnv = Pick<Env, 'HAIR_ENGINE' | 'GEMINI_API_KEY' | 'OPENAI_API_KEY'>;

/** A generative engine is configured: HAIR_ENGINE names one (or is `auto`) and its key is set (else colour falls back). */
export function generativeEngineConfigured(env: EngineEnv): boolean {
  if (env.HAIR_ENGINE === 'gemini') return !!env.GEMINI_API_KEY;
  if (env.HAIR_ENGINE === 'openai') return !!env.OPENAI_API_KEY;
  if (env.HAIR_ENGINE === 'auto') return !!(env.GEMINI_API_KEY || env.OPENAI_API_KEY);
  return false;
}

/** Which prompts the generative engine draws here (the rest are Tress's own). */
export function generativeDraws(env: EngineEnv): EngineStatus['generative'] {
  if (!generativeEngineConfigured(env)) return 'none';
  // `auto` routes by the prompt (issue 36); naming a provider sends it every prompt, as before
  return env.HAIR_ENGINE === 'auto' ? 'cuts' : 'all';
}

/** Whether this request will call the hosted model: what the daily budget stops and the cost records count. */
export function callsHostedModel(env: EngineEnv, asked: HairRequest, hasReference: boolean): boolean {
  const draws = generativeDraws(env);
  return draws === 'all' || (draws === 'cuts' && routeOfPrompt(asked, hasReference) === 'cut');
}

const matteOf = new WeakMap<object, Promise<'hair-model' | 'fallback'>>();

/**
 * What the studio and the library need to know about the engine. The matte is known once the engine has
 * loaded; until then (at most a short wait here) it is 'loading', and the engine keeps loading meanwhile.
 */
export async function engineStatus(services: Pick<Services, 'env' | 'engine' | 'db'>): Promise<EngineStatus> {
  let matte = matteOf.get(services.engine);
  if (!matte) {
    matte = services.engine.ready().then((r) => (r.model === 'fallback' ? 'fallback' : 'hair-model'));
    matteOf.set(services.engine, matte);
    matte.catch(() => matteOf.delete(services.engine)); // asked again on the next request
  }
  let timer: NodeJS.Timeout | undefined;
  const loading = new Promise<'loading'>((resolve) => (timer = setTimeout(() => resolve('loading'), 1500)));
  const settled = await Promise.race([matte.catch(() => 'loading' as const), loading]).finally(() => clearTimeout(timer));
  const generative = generativeDraws(services.env);
  const paused = generative !== 'none' && (await cutsPausedToday(services));
  return { shapes: generative !== 'none', generative, paused, matte: settled };
}
