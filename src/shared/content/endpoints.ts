import { endpoint, type Endpoint } from '../endpoint';
import { LandingStatsSchema } from './stats-schema';

export const contentEndpoints = {
  /** The landing's figures, public, cached a minute. */
  stats: endpoint({ method: 'GET', path: '/api/stats', response: LandingStatsSchema }),
} as const satisfies Record<string, Endpoint>;
