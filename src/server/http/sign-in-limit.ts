import type { MiddlewareHandler } from 'hono';
import { MSG } from '@shared/messages';
import { AppError } from './app-error';
import type { AppEnv } from './context';
import { clientIp } from './guards';
import { jsonObjectOf } from './parse';
import type { RateLimitFactory } from './rate-limit';

/** Failures of one client on one account before each further failure doubles the wait, and the longest wait. */
const FREE_FAILURES = 5;
const MAX_WAIT_S = 900;
/** Failures of one client across accounts (spraying) in 15 minutes before it may try only once every few seconds. */
const SPRAY_FAILURES = 20;
const SLOW_EVERY_S = 5;

/**
 * Sign-in attempts (OWASP ASVS 2.2.1, decision 159), counted per client address (`clientIp`) and shared
 * through Redis when set. Nothing is keyed on the account alone or locks an address out, so a stranger's
 * guesses never keep the right password out from another client, nor for long from the same proxy:
 * - one client on one account: 10 tries a minute, and from the 5th failure a wait before the next try
 *   that doubles with each failure (1 s, 2 s, 4 s … 15 min); a success clears it;
 * - one client across accounts: after 20 failures in 15 minutes one try every 5 s, so one password
 *   sprayed over many accounts is slowed to a crawl while a person behind the same proxy (TRUST_PROXY
 *   unset) who knows their password waits seconds.
 */
export function signInLimit(factory: RateLimitFactory): MiddlewareHandler<AppEnv> {
  const tries = factory.create('auth:sign-in', 10, 60);
  const failures = factory.create('auth:sign-in-failures', 1000, MAX_WAIT_S);
  const backoff = factory.create('auth:sign-in-backoff', 1, MAX_WAIT_S);
  const spray = factory.create('auth:sign-in-spray', SPRAY_FAILURES, 900);
  const slow = factory.create('auth:sign-in-slow', 1, SLOW_EVERY_S);
  const refuse = (c: Parameters<MiddlewareHandler<AppEnv>>[0], waitMs: number) => {
    c.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
    throw new AppError('resource-exhausted', MSG.tooManyAttempts);
  };
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const body = jsonObjectOf(await c.req.raw.clone().text());
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const ip = clientIp(c);
    const pair = `${ip}|${email}`;
    const wait = await backoff.waitMs(pair);
    if (wait > 0) refuse(c, wait);
    if (!(await tries.consume(pair))) refuse(c, 60_000);
    if ((await spray.exhausted(ip)) && !(await slow.consume(ip))) refuse(c, SLOW_EVERY_S * 1000);
    await next();
    if (c.res.status === 401) {
      const failed = await failures.count(pair);
      await spray.consume(ip);
      if (failed >= FREE_FAILURES) await backoff.block(pair, Math.min(2 ** (failed - FREE_FAILURES), MAX_WAIT_S));
    } else if (c.res.ok) await failures.reset(pair);
  };
}
