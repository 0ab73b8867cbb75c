import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/guards';
import { parseWith } from '../../http/parse';
import { InsightsQuerySchema } from '../../../shared/insights/schemas';
import { partnerInsights } from './partner-insights';

/** Demand insights for the signed-in professional (issue 18). */
export const insightsRoutes = new Hono<AppEnv>().get('/api/partner/insights', async (c) => {
  const u = requireUser(c);
  const { radius } = parseWith(InsightsQuerySchema, c.req.query());
  return c.json(await partnerInsights(c.get('services').db, u.id, radius));
});
