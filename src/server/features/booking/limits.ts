import { AppError } from '../../http/app-error';
import type { RateLimiter } from '../../http/rate-limit';
import type { Services } from '../../services';
import { MSG } from '@shared/messages';

const made = new WeakMap<Services, Map<string, RateLimiter>>();
/** Points per window in seconds: booking (and paying for it) is a few a day for a person; a script trying every time is not. */
const TABLE = { 'booking-create': [20, 600], 'booking-change': [30, 600], 'booking-link': [60, 600], 'booking-pay': [20, 600] } as const;

/** The booking feature's rate limits, one limiter per name and process (shared store when REDIS_URL is set). */
export async function consumeBooking(s: Services, name: keyof typeof TABLE, key: string) {
  let byName = made.get(s);
  if (!byName) made.set(s, (byName = new Map()));
  let limiter = byName.get(name);
  if (!limiter) byName.set(name, (limiter = s.rateLimits.create(`booking:${name}`, TABLE[name][0], TABLE[name][1])));
  if (!(await limiter.consume(key))) throw new AppError('resource-exhausted', MSG.tooManyAttempts);
}
