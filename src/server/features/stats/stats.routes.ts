import type { LandingStats } from '@shared/content/stats';
import { contentEndpoints } from '@shared/content/endpoints';
import { route, routes } from '../../http/route';
import { landingStats } from './landing-stats';

const TTL_MS = 60_000;

/** GET /api/stats: the landing metrics, public. Computed at most once a minute per instance. */
export function statsRoutes() {
  let cached: { at: number; value: Promise<LandingStats> } | null = null;
  return routes(
    route(contentEndpoints.stats, async (_, c) => {
      const now = Date.now();
      if (!cached || now - cached.at > TTL_MS) {
        const value = landingStats(c.get('services').db);
        cached = { at: now, value };
        value.catch(() => {
          cached = null;
        });
      }
      const stats = await cached.value;
      c.header('cache-control', 'public, max-age=60');
      return stats;
    }),
  );
}
