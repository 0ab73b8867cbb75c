import { z } from 'zod';
import { TextSchema } from '../safe-text';
import { AppliedLookSchema } from '../hair/engine-result';
import { CorrectionsSchema } from './corrections';
import { DISPLAY_WIDTH } from './display';
import { base64Length, STUDIO_UPLOAD } from './upload';
import { CUT_VARIATIONS } from './variations';

/** Characters of base64 for one image as the studio sends it (decision 115: at most 2 MB, in practice a few hundred KB). */
const MAX_BASE64 = base64Length(STUDIO_UPLOAD.maxImageBytes);
/** The server's words for an image over that bound; the studio never sends one (it resizes first). */
export const UPLOAD_TOO_LARGE = {
  photo: 'This photo is too large to send. Please send an image under 2 MB (the studio resizes photos before sending them).',
  reference: 'The reference photo is too large to send. Please send an image under 2 MB (the studio resizes photos before sending them).',
} as const;

const PromptSchema = TextSchema.trim().min(1, 'Describe the hairstyle or colour you want.').max(500, 'Keep the description under 500 characters.');

/**
 * generateHairStyle (docs/product.md §7): `{imageBase64, imageType, prompt}` exactly, plus an optional reference
 * photo ("Copy the colour from a photo"). The browser sends each image fitted into the working size as a
 * JPEG (decision 115); sizes and types are checked again on the bytes by the server.
 */
export const GenerateRequestSchema = z.object({
  imageBase64: z.string().max(MAX_BASE64, UPLOAD_TOO_LARGE.photo),
  imageType: z
    .string()
    .trim()
    .max(100)
    .regex(/^image\//, 'Please upload an image file.'),
  prompt: PromptSchema,
  referenceBase64: z.string().max(MAX_BASE64, UPLOAD_TOO_LARGE.reference).optional(),
  referenceType: z.string().trim().max(100).optional(),
  /**
   * The person agreed to have only the colour applied to a prompt that also asks for a haircut, where no
   * generative engine runs. Without it such a prompt is refused before any credit is spent.
   */
  colourOnly: z.boolean().optional(),
  /**
   * The studio's own request (decision 161): the width in device pixels the result is shown at. The answer
   * then carries `display`, a WebP of that width, instead of the lossless `image`, which the studio fetches
   * from `generationImagePath` only for Download. Callers of the spec's function leave it out.
   */
  displayWidth: z.number().int().min(DISPLAY_WIDTH.min).max(DISPLAY_WIDTH.max).optional(),
  /** The person's fixes to the hair region and whose hair it is (decision 138), in the preview's pixels. */
  corrections: CorrectionsSchema.optional(),
  /** The `previewId` of the preview the person saw: required when the engine runs on its fallback matte. */
  previewOf: z.string().max(128).optional(),
  /**
   * A cut prompt only: how many variations of the cut to render at once, each its own generation (saved on
   * its own) and its own credit; a variation that fails gives its credit back. Leaving it out means one.
   */
  variations: z.number().int().min(1).max(CUT_VARIATIONS.max, `Ask for at most ${CUT_VARIATIONS.max} variations at a time.`).optional(),
});
export type GenerateRequest = z.infer<typeof GenerateRequestSchema>;

/** One rendered picture and what was done, savable by its generation id. */
const GeneratedSchema = AppliedLookSchema.extend({
  image: z.string().optional(),
  display: z.object({ image: z.string(), type: z.literal('image/webp'), width: z.number().int(), height: z.number().int() }).optional(),
  generationId: z.string(),
});
export type Generated = z.infer<typeof GeneratedSchema>;

/**
 * `{image}` (base64 PNG) as the spec has it; the rest says what was done and lets the studio save it.
 * With `displayWidth` in the request, `display` (base64 WebP at that width, never wider than the result)
 * comes instead of `image`. With `variations` in the request, every variation that came back is in
 * `variations` (the first of them is also the answer's own picture, as for one), and `refunded` counts
 * those that failed and whose credits were given back.
 */
export const GenerateResultSchema = GeneratedSchema.extend({
  credits: z.number().int(),
  variations: z.array(GeneratedSchema).optional(),
  refunded: z.number().int().optional(),
});
export type GenerateResult = z.infer<typeof GenerateResultSchema>;
