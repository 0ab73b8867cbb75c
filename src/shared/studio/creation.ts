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
  /** Whether the share page also shows the original photo (decision 111: off unless the owner turns it on). */
  shareIncludesBefore: z.boolean(),
  createdAt: z.string(),
});
export type Creation = z.infer<typeof CreationSchema>;

/**
 * POST /api/creations: saves a result by the id the server issued with it (GenerateResult.generationId),
 * never by image bytes (decision 116): the body is this one field and nothing else.
 */
export const SaveCreationSchema = z
  .object({
    generationId: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9-]+$/, 'This result was not found. Generate it again to save it.'),
  })
  .strict();

export const CreationListSchema = z.object({ creations: z.array(CreationSchema) });

/** A shared creation as anyone with the link sees it: no owner, no ids beyond the token. */
export const SharedCreationSchema = z.object({
  token: z.string(),
  prompt: z.string(),
  applied: z.string().nullable(),
  /** The original photo, only when its owner chose to include it; otherwise null and unreachable by the token. */
  inputUrl: z.string().nullable(),
  outputUrl: z.string(),
  createdAt: z.string(),
});
export type SharedCreation = z.infer<typeof SharedCreationSchema>;

/** POST /api/creations/{id}/share: makes the link; `includeBefore` sets whether the original shows (omitted: unchanged, off for a new link). */
export const ShareRequestSchema = z.object({ includeBefore: z.boolean().optional() }).strict();
export type ShareRequest = z.infer<typeof ShareRequestSchema>;

export const ShareLinkSchema = z.object({ token: z.string(), url: z.string(), includeBefore: z.boolean() });
export type ShareLink = z.infer<typeof ShareLinkSchema>;
