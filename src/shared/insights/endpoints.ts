import { endpoint, type Endpoint } from '../endpoint';
import { InsightsQuerySchema, InsightsResponseSchema } from './schemas';

export const insightsEndpoints = {
  /** Demand around the signed-in professional's listing (decisions 106, 107). */
  partner: endpoint({ method: 'GET', path: '/api/partner/insights', query: InsightsQuerySchema, response: InsightsResponseSchema }),
} as const satisfies Record<string, Endpoint>;
