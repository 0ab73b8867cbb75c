import { codeForStatus, WIRE_STATUS } from '@shared/errors';
import { AUTH_BODY_SCHEMAS, authEndpoints } from '@shared/auth-endpoints';
import { MSG } from '@shared/messages';
import { AppError } from '../http/app-error';
import { jsonObjectOf, parseWith } from '../http/parse';
import { route, routes } from '../http/route';
import { clientIp } from '../http/guards';
import type { RateLimiter, RateLimitFactory } from '../http/rate-limit';

/**
 * Anti-automation (OWASP ASVS 2.2.1), per client address (`clientIp`), shared through Redis when set
 * (sign-in has its own, src/server/http/sign-in-limit.ts):
 * - sign-up: 20 accounts per 10 minutes per address;
 * - the verification-mail endpoint: 10 an hour per address (and 5 mails an hour per recipient, in auth.ts);
 * - change-password: 5 tries per 15 minutes per account, so a stolen session cannot guess the current password;
 *   the same for delete-user (it checks the password too) and change-email, each counted apart;
 * - password reset: 10 requests an hour per address (and 5 mails an hour per recipient, in auth.ts), and 10
 *   tries of a reset link per 15 minutes per address;
 * - sign out everywhere: 10 per 15 minutes per account.
 */
const LIMITS = {
  signUp: [20, 600],
  verificationRequests: [10, 3600],
  changePassword: [5, 900],
  changeEmail: [5, 900],
  deleteUser: [5, 900],
  resetRequests: [10, 3600],
  resetTries: [10, 900],
  revokeSessions: [10, 900],
} as const satisfies Record<string, readonly [number, number]>;
type Limits = Record<keyof typeof LIMITS, RateLimiter>;

/** The signed-in endpoints limited per account (per address when the caller is signed out). */
const PER_ACCOUNT = new Map<string, keyof typeof LIMITS>([
  ['/api/auth/change-password', 'changePassword'],
  ['/api/auth/change-email', 'changeEmail'],
  ['/api/auth/delete-user', 'deleteUser'],
  ['/api/auth/revoke-sessions', 'revokeSessions'],
]);

export function authRoutes(factory: RateLimitFactory) {
  const limits = Object.fromEntries(
    Object.entries(LIMITS).map(([name, [points, seconds]]) => [name, factory.create(`auth:${name}`, points, seconds)]),
  ) as Limits;
  const refuseWhen = (over: boolean) => {
    if (over) throw new AppError('resource-exhausted', MSG.tooManyAttempts);
  };
  return routes(
    route(authEndpoints.config, (_, c) => ({ google: Boolean(c.get('services').env.GOOGLE_CLIENT_ID && c.get('services').env.GOOGLE_CLIENT_SECRET) })),
  ).on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const { auth } = c.get('services');
    const path = c.req.path;
    if (c.req.method !== 'POST') return toErrorShape(await auth.handler(c.req.raw));
    await checkedBody(c.req.raw, path);
    const ip = clientIp(c);
    if (path.startsWith('/api/auth/sign-up/')) refuseWhen(!(await limits.signUp.consume(ip)));
    if (path === '/api/auth/send-verification-email') refuseWhen(!(await limits.verificationRequests.consume(ip)));
    if (path === '/api/auth/request-password-reset') refuseWhen(!(await limits.resetRequests.consume(ip)));
    if (path === '/api/auth/reset-password') refuseWhen(!(await limits.resetTries.consume(ip)));
    const perAccount = PER_ACCOUNT.get(path);
    if (perAccount) {
      const session = await auth.api.getSession({ headers: c.req.raw.headers });
      refuseWhen(!(await limits[perAccount].consume(session?.user.id ?? ip)));
    }
    return toErrorShape(await auth.handler(c.req.raw));
  });
}

/**
 * A POST body for better-auth, checked as every other endpoint's: empty (sign-out), or a JSON object of
 * safe text whose known fields have the types better-auth assumes.
 */
async function checkedBody(req: Request, path: string): Promise<Record<string, unknown>> {
  const body = jsonObjectOf(await req.clone().text());
  const schema = AUTH_BODY_SCHEMAS.get(path);
  if (schema) parseWith(schema, body);
  return body;
}

/**
 * better-auth answers failures as `{code, message}`; rewrite them into the app's one error shape
 * (422 "user already exists" becomes 400 invalid-argument) and keep its code in details.
 */
async function toErrorShape(res: Response): Promise<Response> {
  if (res.ok || !(res.headers.get('content-type') ?? '').includes('application/json')) return res;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: string; message?: string } | null;
  if (!body || 'error' in body) return res;
  const status = res.status === 422 ? 400 : res.status;
  const code = codeForStatus(status);
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  const wire = { error: { status: WIRE_STATUS[code], message: body.message ?? 'Authentication failed.', details: { code: body.code } } };
  return new Response(JSON.stringify(wire), { status, headers });
}
