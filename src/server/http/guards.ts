import { MSG } from '@shared/messages';
import { AppError } from './app-error';
import type { AppContext, SessionUser } from './context';

/** The signed-in user, or 401 in the one error shape. */
export function requireUser(c: AppContext): SessionUser {
  const user = c.get('user');
  if (!user) throw new AppError('unauthenticated', MSG.signInRequired);
  return user;
}

/**
 * Client IP for rate-limit keys. X-Forwarded-For is written by whoever sends the request, so it counts
 * only behind TRUST_PROXY proxies: each appends the address it saw, and the entry the nearest trusted
 * proxy appended is the client. With no trusted proxy, the socket address.
 */
export function clientIp(c: AppContext): string {
  const hops = c.get('services').env.TRUST_PROXY;
  const fwd = c.req.header('x-forwarded-for');
  if (hops > 0 && fwd) {
    const chain = fwd
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const client = chain[Math.max(0, chain.length - hops)];
    if (client) return client;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
