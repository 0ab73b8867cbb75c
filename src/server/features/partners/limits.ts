import { AppError } from '../../http/app-error';
import type { RateLimiter } from '../../http/rate-limit';
import type { Services } from '../../services';
import { MSG } from '@shared/messages';

const made = new WeakMap<Services, Map<string, RateLimiter>>();

/** The partner feature's rate limits, one limiter per name and process (shared store when REDIS_URL is set). */
export async function consume(s: Services, name: 'partner-sign-up' | 'review' | 'inquiry' | 'upload', key: string) {
  const table = { 'partner-sign-up': [20, 600], review: [30, 600], inquiry: [5, 3600], upload: [60, 600] } as const;
  let byName = made.get(s);
  if (!byName) made.set(s, (byName = new Map()));
  let limiter = byName.get(name);
  if (!limiter) byName.set(name, (limiter = s.rateLimits.create(`partners:${name}`, table[name][0], table[name][1])));
  if (!(await limiter.consume(key))) throw new AppError('resource-exhausted', MSG.tooManyAttempts);
}
