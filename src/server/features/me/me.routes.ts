import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Me } from '../../../shared/auth';
import type { LiveEvent } from '../../../shared/events';
import { MSG } from '../../../shared/messages';
import { user } from '../../db/schema';
import type { Topic } from '../../events/bus';
import { AppError } from '../../http/app-error';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/guards';
import { ensureWelcomeCredit } from '../credits/ensure-user';
import { professionalStatus } from '../partners/professional-status';

export const meRoutes = new Hono<AppEnv>()
  .get('/api/me', async (c) => {
    const { db, bus } = c.get('services');
    const sessionUser = requireUser(c);
    await ensureWelcomeCredit(db, bus, sessionUser.id);
    const [row] = await db.select().from(user).where(eq(user.id, sessionUser.id));
    if (!row) throw new AppError('unauthenticated', MSG.signInRequired);
    const me: Me = {
      id: row.id,
      email: row.email,
      name: row.name,
      image: row.image,
      credits: row.credits,
      professional: await professionalStatus(db, row.id),
    };
    return c.json(me);
  })
  /**
   * Server-Sent Events: the signed-in user's credits and professional status, and, with
   * ?partner=ID, that partner's review changes (public). Fed by LISTEN/NOTIFY, so an event
   * published by any instance reaches streams on every instance.
   */
  .get('/api/events', (c) => {
    const { bus } = c.get('services');
    const sessionUser = c.get('user');
    const partnerId = c.req.query('partner');
    const topics: Topic[] = [];
    if (sessionUser) topics.push(`user:${sessionUser.id}`);
    if (partnerId) topics.push(`partner:${partnerId.slice(0, 64)}`);
    if (topics.length === 0) throw new AppError('unauthenticated', MSG.signInRequired);
    return streamSSE(c, async (stream) => {
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
    });
  });
