import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callable, endpoint } from '@shared/endpoint';
import { isAppError } from './app-error';
import type { AppEnv } from './context';
import { requireUser } from './guards';
import { route } from './route';

const greet = endpoint({
  method: 'PUT',
  path: '/greet/:id',
  params: z.object({ id: z.string().max(4, 'Id too long.') }),
  query: z.object({ loud: z.enum(['yes']).optional() }),
  body: z.object({ name: z.string().min(1, 'Name is required.') }),
  response: z.object({ text: z.string() }),
});
const double = callable('double', z.object({ n: z.number() }), z.number());

/** One route on an app with the real error rendering, outside or inside production. */
function appWith(def: ReturnType<typeof route>, nodeEnv: 'test' | 'production' = 'test') {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => (isAppError(err) ? c.json(err.toBody(), err.status as 400) : c.json({ error: { message: 'internal' } }, 500)));
  app.use('*', async (c, next) => {
    c.set('services', { env: { NODE_ENV: nodeEnv } } as never);
    c.set('user', null);
    await next();
  });
  def(app);
  return app;
}
const put = (app: Hono<AppEnv>, path: string, body: unknown) =>
  app.request(path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('route()', () => {
  it('hands the handler its params, query and body parsed, and answers its result', async () => {
    const app = appWith(route(greet, ({ params, query, body }) => ({ text: `${body.name}@${params.id}${query.loud ? '!' : ''}` })));
    const res = await put(app, '/greet/a1?loud=yes', { name: 'Ro' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ text: 'Ro@a1!' });
  });

  it('refuses input outside the schemas with a 400 and the schema’s message', async () => {
    const app = appWith(route(greet, () => ({ text: 'never' })));
    const bad = await put(app, '/greet/a1', { name: '' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('Name is required.');
    expect((await put(app, '/greet/toolong', { name: 'Ro' })).status).toBe(400);
    expect((await put(app, '/greet/a1', [1])).status).toBe(400);
  });

  it('runs the guard before reading any input', async () => {
    const app = appWith(route(greet, () => ({ text: 'never' }), { guard: requireUser }));
    expect((await put(app, '/greet/toolong', { name: '' })).status).toBe(401);
  });

  it('checks answers against the response schema outside production only', async () => {
    const wrong = () => ({ text: 42 }) as unknown as { text: string };
    expect((await put(appWith(route(greet, wrong)), '/greet/a1', { name: 'Ro' })).status).toBe(500);
    expect((await put(appWith(route(greet, wrong), 'production'), '/greet/a1', { name: 'Ro' })).status).toBe(200);
  });

  it('speaks the callable protocol: {data} in, {result} out', async () => {
    const app = appWith(route(double, ({ body }) => body.n * 2));
    const post = (body: unknown) =>
      app.request('/api/fn/double', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const ok = await post({ data: { n: 21 } });
    expect(await ok.json()).toEqual({ result: 42 });
    expect((await post({ n: 21 })).status).toBe(400);
  });
});
