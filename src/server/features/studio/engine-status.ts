import type { EngineStatus } from '@shared/studio/engine-status';
import type { Env } from '../../env';
import type { Services } from '../../services';

/** A generative engine is configured: HAIR_ENGINE names one and its key is set (else colour falls back). */
export function generativeEngineConfigured(env: Pick<Env, 'HAIR_ENGINE' | 'GEMINI_API_KEY' | 'OPENAI_API_KEY'>): boolean {
  if (env.HAIR_ENGINE === 'gemini') return !!env.GEMINI_API_KEY;
  if (env.HAIR_ENGINE === 'openai') return !!env.OPENAI_API_KEY;
  return false;
}

const matteOf = new WeakMap<object, Promise<'hair-model' | 'fallback'>>();

/**
 * What the studio and the library need to know about the engine. The matte is known once the engine has
 * loaded; until then (at most a short wait here) it is 'loading', and the engine keeps loading meanwhile.
 */
export async function engineStatus(services: Pick<Services, 'env' | 'engine'>): Promise<EngineStatus> {
  let matte = matteOf.get(services.engine);
  if (!matte) {
    matte = services.engine.ready().then((r) => (r.model === 'fallback' ? 'fallback' : 'hair-model'));
    matteOf.set(services.engine, matte);
    matte.catch(() => matteOf.delete(services.engine)); // asked again on the next request
  }
  let timer: NodeJS.Timeout | undefined;
  const loading = new Promise<'loading'>((resolve) => (timer = setTimeout(() => resolve('loading'), 1500)));
  const settled = await Promise.race([matte.catch(() => 'loading' as const), loading]).finally(() => clearTimeout(timer));
  return { shapes: generativeEngineConfigured(services.env), matte: settled };
}
