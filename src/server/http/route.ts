import { Hono } from 'hono';
import type { Endpoint, ParsedRequestOf, ResultOf } from '@shared/endpoint';
import { AppError } from './app-error';
import type { AppContext, AppEnv } from './context';
import { parseWith, readJson } from './parse';

type Handler<E extends Endpoint> = (input: ParsedRequestOf<E>, c: AppContext) => Promise<ResultOf<E>> | ResultOf<E>;
type RouteDef = (app: Hono<AppEnv>) => void;
/** Runs before any input is read: who may call comes before what they sent (a signed-out caller gets 401, not 400). */
type Guard = (c: AppContext) => unknown;

/**
 * Serves one shared endpoint (decision 112): its params, query and body are parsed by the endpoint's
 * schemas (a failure is the usual 400 with the schema's message) and the handler's answer must have the
 * response schema's type, so a handler answering another shape does not compile. A handler sets a status
 * other than 200 or a header on `c` before returning. Outside production the answer is also checked
 * against the schema at run time, so the integration tests catch what types cannot (a null from the
 * database where the schema says text).
 */
export function route<const E extends Endpoint>(endpoint: E, handler: Handler<E>, opts: { guard?: Guard } = {}): RouteDef {
  return (app) =>
    app.on(endpoint.method, endpoint.path, async (c) => {
      await opts.guard?.(c);
      const input: Record<string, unknown> = {};
      if (endpoint.params) input.params = parseWith(endpoint.params, c.req.param());
      if (endpoint.query) input.query = parseWith(endpoint.query, c.req.query());
      if (endpoint.body) input.body = parseWith(endpoint.body, endpoint.callable ? callableData(await readJson(c)) : await readJson(c));
      const result = await handler(input as ParsedRequestOf<E>, c);
      if (c.get('services').env.NODE_ENV !== 'production') checkResponse(endpoint, result);
      return c.json(endpoint.callable ? { result: result ?? null } : result);
    });
}

/** A router of shared endpoints; chain Hono's own methods after it for what is not JSON (images, streams). */
export function routes(...defs: RouteDef[]): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const def of defs) def(app);
  return app;
}

/** The callable protocol (docs/product.md §7): `{"data": …}` in. */
function callableData(body: Record<string, unknown>): unknown {
  if (!('data' in body)) throw new AppError('invalid-argument', 'Request must be a JSON object with a data field.');
  return body.data;
}

function checkResponse(endpoint: Endpoint, result: unknown) {
  const parsed = endpoint.response.safeParse(result);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`${endpoint.method} ${endpoint.path} answered outside its response schema (${where})`);
  }
}
