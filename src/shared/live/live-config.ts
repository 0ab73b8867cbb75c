import { z } from 'zod';

/**
 * GET /api/live/config: what the browser needs to run live mode. `modelUrl` names the hair model by its
 * content hash, so the file and the LiteRT runtime can be cached for a year; null when the server has no
 * model file (live mode then says it is unavailable and the rest of the studio works).
 */
export const LiveConfigSchema = z.object({
  modelUrl: z.string().nullable(),
  /** Directory of LiteRT.js's wasm builds, versioned by the package version. */
  runtimeUrl: z.string(),
});
