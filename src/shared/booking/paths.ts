/**
 * The web pages the server links to from booking emails and the deposit checkout (issue 33), so the
 * server half and the web half agree on one place for each.
 */
export const bookingPaths = {
  /** The client's bookings. */
  mine: '/bookings',
  /** A booking's signed link from an email: see, reschedule or cancel it without signing in. */
  link: (token: string) => `/bookings/manage/${encodeURIComponent(token)}`,
  /** Where the deposit checkout returns: the client's bookings, naming the booking that was paid (or left unpaid). */
  depositReturn: (bookingId: string, outcome: 'paid' | 'cancelled') => `/bookings?${outcome === 'paid' ? 'paid' : 'unpaid'}=${encodeURIComponent(bookingId)}`,
  /** The professional's agenda, opened on a booking when one is named (request emails link here). */
  agenda: (bookingId?: string) => `/partner/bookings${bookingId ? `?booking=${encodeURIComponent(bookingId)}` : ''}`,
};
