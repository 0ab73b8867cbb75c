import { pathTo, ROUTES } from '../routes';

/**
 * The booking pages the server links to from emails and the deposit checkout, with their query strings, built
 * on the route table so the server half and the web half agree on one place for each.
 */
export const bookingPaths = {
  /** The client's bookings. */
  mine: ROUTES.bookings,
  /** A booking's signed link from an email: see, reschedule or cancel it without signing in. */
  link: (token: string) => pathTo('manageBooking', { token }),
  /** Where the deposit checkout returns: the client's bookings, naming the booking that was paid (or left unpaid). */
  depositReturn: (bookingId: string, outcome: 'paid' | 'cancelled') =>
    `${ROUTES.bookings}?${outcome === 'paid' ? 'paid' : 'unpaid'}=${encodeURIComponent(bookingId)}`,
  /** The professional's agenda, opened on a booking when one is named (request emails link here). */
  agenda: (bookingId?: string) => `${ROUTES.partnerBookings}${bookingId ? `?booking=${encodeURIComponent(bookingId)}` : ''}`,
};
