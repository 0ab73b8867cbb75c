import { z } from 'zod';

const Count = z.number().int().nonnegative();

/** GET /api/stats: the landing's figures (decision 110). Medians and averages are null until there are enough. */
export const LandingStatsSchema = z.object({
  stylesGenerated: Count,
  photosTriedOn: Count,
  renderSeconds: z.number().nonnegative().nullable(),
  reviews: z.object({ count: Count, average: z.number().min(1).max(5).nullable() }),
  professionalsListed: Count,
  libraryStyles: Count,
  colours: Count,
  techniques: Count,
});
export type LandingStats = z.infer<typeof LandingStatsSchema>;
