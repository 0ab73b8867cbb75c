import { insightsEndpoints } from '@shared/insights/endpoints';
import { requireUser } from '../../http/guards';
import { route, routes } from '../../http/route';
import { partnerInsights } from './partner-insights';

/** Demand insights for the signed-in professional (issue 18). */
export const insightsRoutes = routes(
  route(insightsEndpoints.partner, ({ query }, c) => partnerInsights(c.get('services').db, requireUser(c).id, query.radius), { guard: requireUser }),
);
