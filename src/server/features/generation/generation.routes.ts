import { studioEndpoints } from '@shared/studio/endpoints';
import { AppError } from '../../http/app-error';
import { requireUser } from '../../http/guards';
import type { RateLimiter } from '../../http/rate-limit';
import { route, routes } from '../../http/route';
import type { Services } from '../../services';
import { engineStatus } from './engine-status';
import { generateHairStyle, SHUTDOWN_REASON } from './generate-hair-style';

/** Per user: generous for a person (a render takes seconds), a wall for a script. */
const GENERATE_RATE_LIMIT = { points: 20, seconds: 60 } as const;
const RATE_LIMITED_MESSAGE = 'You are generating very quickly. Please wait a minute and try again.';

/** Per process: the rate limiter, and the generations running here so shutdown can settle them. */
interface StudioRuntime {
  limiter: RateLimiter;
  shutdown: AbortController;
  running: Set<Promise<unknown>>;
}
const runtimes = new WeakMap<Services, StudioRuntime>();
function runtimeFor(services: Services): StudioRuntime {
  const rt = runtimes.get(services);
  if (rt) return rt;
  const created: StudioRuntime = {
    limiter: services.rateLimits.create('generate', GENERATE_RATE_LIMIT.points, GENERATE_RATE_LIMIT.seconds),
    shutdown: new AbortController(),
    running: new Set(),
  };
  // After the drain deadline, whatever still runs is cancelled and refunded before the process exits.
  services.onShutdown('studio: cancel and refund unfinished generations', async () => {
    created.shutdown.abort(SHUTDOWN_REASON);
    await Promise.allSettled([...created.running]);
  });
  runtimes.set(services, created);
  return created;
}

export const generationRoutes = routes(
  route(studioEndpoints.engine, (_, c) => engineStatus(c.get('services'))),
  route(studioEndpoints.generate, async ({ body: data }, c) => {
    const user = requireUser(c);
    const services = c.get('services');
    const rt = runtimeFor(services);
    if (!(await rt.limiter.consume(user.id))) throw new AppError('resource-exhausted', RATE_LIMITED_MESSAGE, { reason: 'rate-limit' });
    // a client that hangs up never sees the picture, so it is cancelled and refunded
    const job = generateHairStyle(services, user.id, data, { signal: AbortSignal.any([c.req.raw.signal, rt.shutdown.signal]) });
    rt.running.add(job);
    job.then(
      () => rt.running.delete(job),
      () => rt.running.delete(job),
    );
    return job;
  }),
);
