import { z } from 'zod';
import type { LandingStats } from './stats';

/** GET /api/stats response, for the server's tests and any client that can afford zod. */
export const MetricSchema = z.object({ value: z.number().nonnegative(), live: z.boolean() });
export const LandingStatsSchema = z.object({
  stylesGenerated: MetricSchema,
  photosTriedOn: MetricSchema,
  averageRating: MetricSchema,
  averageRenderSeconds: MetricSchema,
}) satisfies z.ZodType<LandingStats>;
