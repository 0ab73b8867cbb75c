import { z } from 'zod';
import { HairAnalysisSchema } from '../hair/engine-result';
import { PointSchema } from './corrections';
import { GenerateRequestSchema } from './generate';

/**
 * The free preview (issue 32, decision 138): the hair region the paid render will use, before a credit is
 * spent. The studio draws it over `photo` (the photo exactly as the render uses it) and applies the person's
 * corrections to it with the shared `applyCorrections`, on `photo`'s own pixels, so the preview is the render.
 */
export const PreviewRequestSchema = GenerateRequestSchema.pick({ imageBase64: true, imageType: true }).extend({
  /** Whose hair, on a photo of several people (a point on their face). */
  person: PointSchema.optional(),
});
export type PreviewRequest = z.infer<typeof PreviewRequestSchema>;

const BoxSchema = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });

const FLAG_CODES = ['face-skin', 'neck', 'clothes', 'people-touching', 'straight-edge', 'dim-light', 'coloured-light'] as const;
export type FlagCode = (typeof FLAG_CODES)[number];

export const PreviewSchema = z.object({
  /** The photo's size: every coordinate here and in the corrections is in these pixels. */
  width: z.number().int(),
  height: z.number().int(),
  /** The photo as the render uses it (base64 JPEG, orientation applied, at the working size): draw and correct on this one. */
  photo: z.string(),
  /** The hair region (base64 PNG, 8-bit grey, the photo's size; 255 = hair): what the render paints. */
  matte: z.string(),
  /**
   * The hair network's belief the region was cut from (base64 PNG, 8-bit grey, at the network's own grid over the
   * photo; bytes as `Belief` in apply-corrections.ts says), which a tap reads; null without the hair model
   * (decision 187). Pass it to `applyCorrections` with the region, as the engine does for the render.
   */
  belief: z.string().nullable(),
  /**
   * The person matte outside the chosen face (base64 PNG, 8-bit grey, at the selfie model's own grid over the
   * photo; bytes as `personByte` in apply-corrections.ts says), which an "add hair" tap reads; null without the hair
   * model (decision 203). Pass it to `applyCorrections` as `person`, as the engine does for the render.
   */
  person: z.string().nullable(),
  /** Sent back with Generate (`previewOf`): the render is of the photo this preview showed. */
  previewId: z.string(),
  /**
   * 'fallback': the hair model is not installed and the region is a rougher estimate. The person sees it
   * here, and Generate is refused without `previewOf` so no credit is spent on a render nobody saw.
   */
  matteSource: z.enum(['hair-model', 'fallback']),
  /** The faces found, one chosen: the hair painted is the chosen person's. */
  people: z.array(z.object({ box: BoxSchema, chosen: z.boolean() })),
  /** Where the region may be wrong, in the person's words, with a point to show it at. */
  flags: z.array(z.object({ code: z.enum(FLAG_CODES), message: z.string(), x: z.number(), y: z.number() })),
  /** The colourist's read of the chosen person's hair as it is (no target yet). */
  read: HairAnalysisSchema.nullable(),
});
export type Preview = z.infer<typeof PreviewSchema>;
