import { eq } from 'drizzle-orm';
import { streamSSE } from 'hono/streaming';
import { authEndpoints } from '@shared/auth-endpoints';
import type { LiveEvent } from '@shared/events';
import { MSG } from '@shared/messages';
import { user } from '../../db/schema';
import type { Topic } from '../../events/bus';
import { AppError } from '../../http/app-error';
import { clientIp, requireUser } from '../../http/guards';
import type { RateLimiter } from '../../http/rate-limit';
import { route, routes } from '../../http/route';
import type { Services } from '../../services';
import { ensureWelcomeCredit } from '../credits/ensure-user';
import { professionalStatus } from '../partners/professional-status';

/**
 * Event streams are long-lived connections anyone may open (`?partner=` is public), so each client
 * (`clientIp`) gets at most 10 open at once on an instance and may open 60 a minute across instances
 * (a browser reconnects after `retry` 3 s, tabs each hold one).
 */
const STREAMS = { concurrent: 10, opensPerMinute: 60 } as const;
const perApp = new WeakMap<Services, { open: Map<string, number>; opens: RateLimiter }>();
const streamLimits = (s: Services) => {
  let l = perApp.get(s);
  if (!l) perApp.set(s, (l = { open: new Map(), opens: s.rateLimits.create('event-streams', STREAMS.opensPerMinute, 60) }));
  return l;
};
const once = (f: () => void) => {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    f();
  };
};

export const meRoutes = routes(
  route(authEndpoints.me, async (_, c) => {
    const { db, bus } = c.get('services');
    const sessionUser = requireUser(c);
    await ensureWelcomeCredit(db, bus, sessionUser.id);
    const [row] = await db.select().from(user).where(eq(user.id, sessionUser.id));
    if (!row) throw new AppError('unauthenticated', MSG.signInRequired);
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      image: row.image,
      credits: row.credits,
      professional: await professionalStatus(db, row.id),
    };
  }),
)
  /**
   * Server-Sent Events: the signed-in user's credits and professional status, and, with
   * ?partner=ID, that partner's review changes (public). Fed by LISTEN/NOTIFY, so an event
   * published by any instance reaches streams on every instance.
   */
  .get('/api/events', async (c) => {
    const services = c.get('services');
    const { bus } = services;
    const sessionUser = c.get('user');
    const partnerId = c.req.query('partner');
    const topics: Topic[] = [];
    if (sessionUser) topics.push(`user:${sessionUser.id}`);
    if (partnerId) topics.push(`partner:${partnerId.slice(0, 64)}`);
    if (topics.length === 0) throw new AppError('unauthenticated', MSG.signInRequired);
    const client = clientIp(c);
    const { open, opens } = streamLimits(services);
    const count = open.get(client) ?? 0;
    if (count >= STREAMS.concurrent || !(await opens.consume(client))) throw new AppError('resource-exhausted', MSG.tooManyAttempts);
    open.set(client, count + 1);
    const release = once(() => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
    return streamSSE(c, async (stream) => {
      stream.onAbort(release);
      const queue: LiveEvent[] = [];
      let wake: (() => void) | undefined;
      const unsubscribe = topics.map((t) =>
        bus.subscribe(t, (e) => {
          queue.push(e);
          wake?.();
        }),
      );
      stream.onAbort(() => {
        unsubscribe.forEach((u) => u());
        wake?.();
      });
      await stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 });
      while (!stream.aborted && !stream.closed) {
        const event = queue.shift();
        if (event) {
          await stream.writeSSE({ event: 'message', data: JSON.stringify(event) });
          continue;
        }
        // Wait for an event or 25 s, then send a comment line so proxies keep the stream open.
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 25_000).unref();
        });
        wake = undefined;
        if (queue.length === 0 && !stream.aborted) await stream.write(': ping\n\n');
      }
      unsubscribe.forEach((u) => u());
      release();
    });
  });
