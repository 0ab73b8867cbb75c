import { z } from 'zod';

/**
 * What this server's hair engine can do, for the studio and the Style Library (GET /api/engine):
 * `shapes` — a generative engine is configured, so haircuts and restyles are possible; `matte` — which hair
 * matte the local engine runs ('fallback' when the hair model file is missing: rougher edges).
 */
export const EngineStatusSchema = z.object({
  shapes: z.boolean(),
  matte: z.enum(['hair-model', 'fallback', 'loading']),
});
export type EngineStatus = z.infer<typeof EngineStatusSchema>;
