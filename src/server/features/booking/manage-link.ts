import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../http/app-error';

/**
 * The link in a booking email lets its reader see, move or cancel that one booking without signing in
 * (issue 33): the booking id and an HMAC of it under the server's secret. A link cannot be forged for
 * another booking, and it stops working when the booking is over (the state machine refuses changes).
 */
const mac = (secret: string, id: string) => createHmac('sha256', secret).update(`booking-link:${id}`).digest('base64url').slice(0, 32);

export const manageToken = (secret: string, bookingId: string) => `${bookingId}.${mac(secret, bookingId)}`;

export function bookingIdFromToken(secret: string, token: string): string {
  const dot = token.lastIndexOf('.');
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const want = Buffer.from(mac(secret, id));
  if (dot <= 0 || given.length !== want.length || !timingSafeEqual(given, want))
    throw new AppError('not-found', 'This link is not valid. Open your bookings instead.');
  return id;
}
