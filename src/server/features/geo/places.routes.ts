import { geoEndpoints } from '@shared/geo/endpoints';
import { MSG } from '@shared/messages';
import { AppError } from '../../http/app-error';
import { clientIp } from '../../http/guards';
import type { RateLimiter } from '../../http/rate-limit';
import { route, routes } from '../../http/route';
import type { Services } from '../../services';
import { searchPlaces } from './cities';

const limiters = new WeakMap<Services, RateLimiter>();

/** Town and city autocomplete over the GeoNames list on this machine (decision 104). */
export const placesRoutes = routes(
  route(geoEndpoints.places, async ({ query: { q } }, c) => {
    const s = c.get('services');
    // a keystroke each: generous, but a scan of 135k names is not free
    let limiter = limiters.get(s);
    if (!limiter) limiters.set(s, (limiter = s.rateLimits.create('places', 300, 60)));
    if (!(await limiter.consume(clientIp(c)))) throw new AppError('resource-exhausted', MSG.tooManyAttempts);
    c.header('cache-control', 'public, max-age=86400');
    return { places: q.length >= 2 ? searchPlaces(q) : [] };
  }),
);
