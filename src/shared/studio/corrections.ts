import { z } from 'zod';

/**
 * The person's fixes to the hair region (issue 32, decision 138), in the pixels of the photo the preview
 * answered with (its `width` × `height`: the uploaded photo after EXIF orientation, at the working size).
 * A tap is a mark with one point; a brush stroke is a mark with several. Marks apply in order, so a later
 * mark wins where two overlap. The bounds keep one request's work small; the server also clips every point
 * to the photo.
 */
export const CORRECTION_LIMITS = {
  marks: 100,
  pointsPerMark: 500,
  /** Brush radius in photo pixels: a fingertip on a small preview is about 1 % of the diagonal (≈ 20 px). */
  minRadius: 1,
  maxRadius: 200,
  /** Larger than any working-size photo side (1600): a point past the photo is clipped, not refused. */
  maxCoordinate: 20_000,
} as const;

const Coordinate = z.number().finite().min(0).max(CORRECTION_LIMITS.maxCoordinate);

export const PointSchema = z.object({ x: Coordinate, y: Coordinate });
export type Point = z.infer<typeof PointSchema>;

const MarkSchema = z.object({
  label: z.enum(['hair', 'not-hair']),
  radius: z.number().finite().min(CORRECTION_LIMITS.minRadius).max(CORRECTION_LIMITS.maxRadius),
  points: z
    .array(z.tuple([Coordinate, Coordinate]))
    .min(1)
    .max(CORRECTION_LIMITS.pointsPerMark),
});
export type Mark = z.infer<typeof MarkSchema>;

export const CorrectionsSchema = z.object({
  /** Whose hair: a point on (or near) the chosen person's face; without it the largest face nearest the centre. */
  person: PointSchema.optional(),
  marks: z.array(MarkSchema).max(CORRECTION_LIMITS.marks).default([]),
});
export type Corrections = z.infer<typeof CorrectionsSchema>;
