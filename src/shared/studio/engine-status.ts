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

/** The studio's and the library's words about cuts and the matte, shared with the server's refusal. */
export const ENGINE_TEXT = {
  cutNotice: 'The cut needs the generative engine; we will apply the colour only.',
  cutOnlyNotice: 'A haircut needs the generative engine, which isn’t running here. Describe a colour to try it on your photo.',
  confirmColourOnly: 'Apply the colour only',
  confirmFirst: 'Tick “Apply the colour only” to go on.',
  colourOnlyRefused:
    'This prompt asks for a haircut, which needs the generative engine, and none is running here. Confirm “Apply the colour only” to try the colour, or describe a colour alone. No credit was used.',
  cardNote: 'Cut and colour: the cut needs the generative engine, which isn’t running here.',
  cardColourOnly: 'Try the colour only',
  fallbackMatte: 'Results may look a little rougher than usual around the edges of your hair for now.',
} as const;
