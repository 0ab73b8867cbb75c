import { z } from 'zod';
import { HairAnalysisSchema } from '../hair/engine-result';

/** What the browser sees of a saved creation; image URLs are served to the owner only. */
export const CreationSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  inputUrl: z.string(),
  outputUrl: z.string(),
  /** A small WebP of the result for grids (falls back to outputUrl). */
  thumbUrl: z.string(),
  styleTags: z.array(z.string()),
  colour: z.string().nullable(),
  applied: z.string().nullable(),
  technique: z.string().nullable(),
  analysis: HairAnalysisSchema.nullable(),
  /** Public page /c/{token} when shared, else null. */
  shareUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Creation = z.infer<typeof CreationSchema>;

export const SaveCreationSchema = z.object({ generationId: z.string().min(1).max(64) });
export type SaveCreationInput = z.infer<typeof SaveCreationSchema>;

export const CreationListSchema = z.object({ creations: z.array(CreationSchema) });

/** A shared creation as anyone with the link sees it: no owner, no ids beyond the token. */
export const SharedCreationSchema = z.object({
  token: z.string(),
  prompt: z.string(),
  applied: z.string().nullable(),
  inputUrl: z.string(),
  outputUrl: z.string(),
  createdAt: z.string(),
});
export type SharedCreation = z.infer<typeof SharedCreationSchema>;

export const ShareLinkSchema = z.object({ token: z.string(), url: z.string() });
export type ShareLink = z.infer<typeof ShareLinkSchema>;
