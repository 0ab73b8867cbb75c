/**
 * Where a booking came from, for the professional's "booked through Tress" counts. Apart from schemas.ts (which
 * re-exports it) so the booking page can read a link's source without loading zod (decision 199).
 */
export const BOOKING_SOURCES = ['studio', 'portfolio', 'directory', 'profile'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];
