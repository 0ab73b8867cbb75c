import { MSG } from '../../shared/messages';
import { AppError } from './app-error';
import type { AppContext, SessionUser } from './context';

/** The signed-in user, or 401 in the one error shape. */
export function requireUser(c: AppContext): SessionUser {
  const user = c.get('user');
  if (!user) throw new AppError('unauthenticated', MSG.signInRequired);
  return user;
}

/** Client IP for rate-limit keys: the socket address (a proxy in front should set X-Forwarded-For). */
export function clientIp(c: AppContext): string {
  const fwd = c.req.header('x-forwarded-for');
  if (fwd) return fwd.split(',')[0].trim();
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
