import { z } from 'zod';

/**
 * What this server's hair engine can do, for the studio and the Style Library (GET /api/engine):
 * `shapes` — a generative engine is configured, so haircuts and restyles are possible; `generative` — which
 * prompts it draws: `cuts` (a prompt with a cut; colour stays with Tress), `all` (every prompt, when the
 * operator chose one provider for everything) or `none`; `paused` — today's budget for it is spent, so
 * prompts it would draw wait for tomorrow; `matte` — which hair matte the local engine runs ('fallback'
 * when the hair model file is missing: rougher edges).
 */
export const EngineStatusSchema = z.object({
  shapes: z.boolean(),
  generative: z.enum(['cuts', 'all', 'none']),
  paused: z.boolean(),
  matte: z.enum(['hair-model', 'fallback', 'loading']),
});
export type EngineStatus = z.infer<typeof EngineStatusSchema>;
