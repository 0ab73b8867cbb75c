import { z } from 'zod';
import { TextSchema } from '../safe-text';
import { AppliedLookSchema } from '../hair/engine-result';

/** Characters of base64 for 10 MB of image (4 per 3 bytes), plus slack for a data-URL prefix. */
const MAX_BASE64 = Math.ceil((10 * 1024 * 1024) / 3) * 4 + 64;

export const PromptSchema = TextSchema.trim().min(1, 'Describe the hairstyle or colour you want.').max(500, 'Keep the description under 500 characters.');

/**
 * generateHairStyle (spec §7): `{imageBase64, imageType, prompt}` exactly, plus an optional reference
 * photo ("Copy the colour from a photo"). Sizes and types are checked again on the bytes by the server.
 */
export const GenerateRequestSchema = z.object({
  imageBase64: z.string().max(MAX_BASE64, 'This photo is too large. Please upload an image under 10 MB.'),
  imageType: z
    .string()
    .trim()
    .max(100)
    .regex(/^image\//, 'Please upload an image file.'),
  prompt: PromptSchema,
  referenceBase64: z.string().max(MAX_BASE64, 'The reference photo is too large. Please upload an image under 10 MB.').optional(),
  referenceType: z.string().trim().max(100).optional(),
  /**
   * The person agreed to have only the colour applied to a prompt that also asks for a haircut, where no
   * generative engine runs. Without it such a prompt is refused before any credit is spent.
   */
  colourOnly: z.boolean().optional(),
});
export type GenerateRequest = z.infer<typeof GenerateRequestSchema>;

/** `{image}` (base64 PNG) as the spec has it; the rest says what was done and lets the studio save it. */
export const GenerateResultSchema = AppliedLookSchema.extend({
  image: z.string(),
  generationId: z.string(),
  credits: z.number().int(),
});
export type GenerateResult = z.infer<typeof GenerateResultSchema>;
