import { z } from 'zod';
import type { LandingStats } from './stats';

const Count = z.number().int().nonnegative();

/** GET /api/stats response, for the server's tests and any client that can afford zod. */
export const LandingStatsSchema = z.object({
  stylesGenerated: Count,
  photosTriedOn: Count,
  renderSeconds: z.number().nonnegative().nullable(),
  reviews: z.object({ count: Count, average: z.number().min(1).max(5).nullable() }),
  professionalsListed: Count,
  libraryStyles: Count,
  colours: Count,
  techniques: Count,
}) satisfies z.ZodType<LandingStats>;
