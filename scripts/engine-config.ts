/** EngineConfig from the environment (src/server/env.ts), for the engine's command-line scripts. */
import { loadEnv } from '../src/server/env';
import type { EngineConfig } from '../src/server/engine/index';

export function engineConfigFromEnv(threads?: number): EngineConfig {
  const env = loadEnv();
  return {
    engine: env.HAIR_ENGINE,
    modelPath: env.HAIR_MODEL_PATH,
    threads: threads ?? env.ENGINE_THREADS,
    gemini: env.GEMINI_API_KEY ? { apiKey: env.GEMINI_API_KEY, baseUrl: env.GEMINI_BASE_URL, model: env.GEMINI_MODEL } : undefined,
    openai: env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL, model: env.OPENAI_IMAGE_MODEL } : undefined,
    logger: { info: (m) => console.error(m), warn: (m) => console.error(`warning: ${m}`) },
  };
}
