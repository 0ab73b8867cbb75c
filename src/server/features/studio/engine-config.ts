import type { Env } from '../../env';
import type { EngineConfig } from '../../engine';
import type { Logger } from '../../lib/logger';

/** The hair engine's settings from the environment (the engine itself reads none). */
export function engineConfigFromEnv(env: Env, logger: Logger): EngineConfig {
  return {
    engine: env.HAIR_ENGINE,
    modelPath: env.HAIR_MODEL_PATH,
    threads: env.ENGINE_THREADS,
    gemini: env.GEMINI_API_KEY ? { apiKey: env.GEMINI_API_KEY, baseUrl: env.GEMINI_BASE_URL, model: env.GEMINI_MODEL } : undefined,
    openai: env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL, model: env.OPENAI_IMAGE_MODEL } : undefined,
    logger: { info: (msg) => logger.info(msg), warn: (msg) => logger.warn(msg) },
  };
}
