import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { AppError } from '../../http/app-error';
import { clientIp } from '../../http/guards';
import { parseWith } from '../../http/parse';
import type { RateLimiter } from '../../http/rate-limit';
import type { Services } from '../../services';
import { MSG } from '../../../shared/messages';
import { PlaceSearchQuerySchema, type PlaceSearchResult } from '../../../shared/geo/schemas';
import { searchPlaces } from './cities';

const limiters = new WeakMap<Services, RateLimiter>();

/** Town and city autocomplete over the GeoNames list on this machine (decision 104). */
export const placesRoutes = new Hono<AppEnv>().get('/api/places', async (c) => {
  const { q } = parseWith(PlaceSearchQuerySchema, c.req.query());
  const s = c.get('services');
  // a keystroke each: generous, but a scan of 135k names is not free
  let limiter = limiters.get(s);
  if (!limiter) limiters.set(s, (limiter = s.rateLimits.create('places', 300, 60)));
  if (!(await limiter.consume(clientIp(c)))) throw new AppError('resource-exhausted', MSG.tooManyAttempts);
  const body: PlaceSearchResult = { places: q.length >= 2 ? searchPlaces(q) : [] };
  c.header('cache-control', 'public, max-age=86400');
  return c.json(body);
});
