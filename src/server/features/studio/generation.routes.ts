import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { studioEndpoints } from '@shared/studio/endpoints';
import { generation } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { requireUser } from '../../http/guards';
import type { RateLimiter } from '../../http/rate-limit';
import { parseWith } from '../../http/parse';
import { route, routes } from '../../http/route';
import type { Services } from '../../services';
import { engineStatus } from './engine-status';
import { generateHairStyle, SHUTDOWN_REASON } from './generate-hair-style';
import { previewHairRegion } from './preview-hair-region';

/** Per user: generous for a person (a render takes seconds), a wall for a script. */
const GENERATE_RATE_LIMIT = { points: 20, seconds: 60 } as const;
const RATE_LIMITED_MESSAGE = 'You are generating very quickly. Please wait a minute and try again.';
/** Per user: a preview is free and a person changes photo or person a few times; a script is stopped. */
const PREVIEW_RATE_LIMIT = { points: 30, seconds: 60 } as const;
const PREVIEW_RATE_LIMITED_MESSAGE = 'You are changing photos very quickly. Please wait a minute and try again.';

/** Per process: the rate limiter, and the generations running here so shutdown can settle them. */
interface StudioRuntime {
  limiter: RateLimiter;
  previews: RateLimiter;
  shutdown: AbortController;
  running: Set<Promise<unknown>>;
}
const runtimes = new WeakMap<Services, StudioRuntime>();
function runtimeFor(services: Services): StudioRuntime {
  const rt = runtimes.get(services);
  if (rt) return rt;
  const created: StudioRuntime = {
    limiter: services.rateLimits.create('generate', GENERATE_RATE_LIMIT.points, GENERATE_RATE_LIMIT.seconds),
    previews: services.rateLimits.create('studio-preview', PREVIEW_RATE_LIMIT.points, PREVIEW_RATE_LIMIT.seconds),
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
  route(studioEndpoints.preview, async ({ body }, c) => {
    const user = requireUser(c);
    const services = c.get('services');
    const rt = runtimeFor(services);
    if (!(await rt.previews.consume(user.id))) throw new AppError('resource-exhausted', PREVIEW_RATE_LIMITED_MESSAGE, { reason: 'rate-limit' });
    return previewHairRegion(services, body, { signal: AbortSignal.any([c.req.raw.signal, rt.shutdown.signal]) });
  }),
)
  // The lossless result for its owner: what the studio's Download fetches after showing the display-size
  // picture (decision 161). Kept until saved or purged, like the generation's files.
  .get('/api/generations/:id/image.png', async (c) => {
    const user = requireUser(c);
    const id = parseWith(z.uuid(), c.req.param('id'));
    const services = c.get('services');
    const [row] = await services.db
      .select({ outputKey: generation.outputKey })
      .from(generation)
      .where(and(eq(generation.id, id), eq(generation.userId, user.id)));
    const obj = row?.outputKey ? await services.storage.get(row.outputKey) : null;
    if (!obj) throw new AppError('not-found', GONE_MESSAGE);
    return c.body(new Uint8Array(obj.body), 200, {
      'content-type': 'image/png',
      'cache-control': 'private, max-age=86400',
      'x-content-type-options': 'nosniff',
    });
  });

const GONE_MESSAGE = 'This picture is no longer kept. Save a result to keep it.';
