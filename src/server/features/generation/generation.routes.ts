import { Hono } from 'hono';
import { GenerateRequestSchema } from '../../../shared/studio/generate';
import { AppError } from '../../http/app-error';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/guards';
import { callable } from '../../http/parse';
import type { RateLimiter } from '../../http/rate-limit';
import type { Services } from '../../services';
import { generateHairStyle } from './generate-hair-style';

/** Per user: generous for a person (a render takes seconds), a wall for a script. */
export const GENERATE_RATE_LIMIT = { points: 20, seconds: 60 } as const;
export const RATE_LIMITED_MESSAGE = 'You are generating very quickly. Please wait a minute and try again.';

const limiters = new WeakMap<Services, RateLimiter>();
const limiterFor = (s: Services) => {
  let l = limiters.get(s);
  if (!l) limiters.set(s, (l = s.rateLimits.create('generate', GENERATE_RATE_LIMIT.points, GENERATE_RATE_LIMIT.seconds)));
  return l;
};

export const generationRoutes = new Hono<AppEnv>().post(
  '/api/fn/generateHairStyle',
  callable(GenerateRequestSchema, async (data, c) => {
    const user = requireUser(c);
    const services = c.get('services');
    if (!(await limiterFor(services).consume(user.id))) throw new AppError('resource-exhausted', RATE_LIMITED_MESSAGE, { reason: 'rate-limit' });
    // a client that hangs up never sees the picture, so it is cancelled and refunded
    return generateHairStyle(services, user.id, data, { signal: c.req.raw.signal });
  }),
);
