import { Hono } from 'hono';
import { codeForStatus, WIRE_STATUS } from '../../shared/errors';
import { MSG } from '../../shared/messages';
import { AppError } from '../http/app-error';
import type { AppEnv } from '../http/context';
import { clientIp } from '../http/guards';
import type { RateLimiter } from '../http/rate-limit';

/** Sign-in: 10 tries a minute per address and email; sign-up: 20 accounts per 10 minutes per address. */
const LIMITS = { signIn: [10, 60], signUp: [20, 600] } as const;

export function authRoutes(limits: { signIn: RateLimiter; signUp: RateLimiter }) {
  return new Hono<AppEnv>()
    .get('/api/auth-config', (c) => c.json({ google: Boolean(c.get('services').env.GOOGLE_CLIENT_ID && c.get('services').env.GOOGLE_CLIENT_SECRET) }))
    .on(['GET', 'POST'], '/api/auth/*', async (c) => {
      const { auth } = c.get('services');
      const path = c.req.path;
      if (c.req.method === 'POST' && (path.startsWith('/api/auth/sign-in/') || path.startsWith('/api/auth/sign-up/'))) {
        const body = (await c.req.raw
          .clone()
          .json()
          .catch(() => ({}))) as { email?: unknown };
        const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
        const ip = clientIp(c);
        const ok = path.startsWith('/api/auth/sign-up/') ? await limits.signUp.consume(ip) : await limits.signIn.consume(`${ip}|${email}`);
        if (!ok) throw new AppError('resource-exhausted', MSG.tooManyAttempts);
      }
      return toErrorShape(await auth.handler(c.req.raw));
    });
}

export const AUTH_RATE_LIMITS = LIMITS;

/**
 * better-auth answers failures as `{code, message}`; rewrite them into the app's one error shape
 * (422 "user already exists" becomes 400 invalid-argument) and keep its code in details.
 */
async function toErrorShape(res: Response): Promise<Response> {
  if (res.ok || !(res.headers.get('content-type') ?? '').includes('application/json')) return res;
  const body = (await res.clone().json().catch(() => null)) as { code?: string; message?: string } | null;
  if (!body || 'error' in body) return res;
  const status = res.status === 422 ? 400 : res.status;
  const code = codeForStatus(status);
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  const wire = { error: { status: WIRE_STATUS[code], message: body.message ?? 'Authentication failed.', details: { code: body.code } } };
  return new Response(JSON.stringify(wire), { status, headers });
}
