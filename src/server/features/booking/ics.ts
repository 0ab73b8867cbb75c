import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

export interface IcsEvent {
  bookingId: string;
  /** Raised on every change the client hears about (decision 146), so calendars replace the old copy. */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  url: string;
  status: 'confirmed' | 'tentative' | 'cancelled';
  organizer: { name: string; email: string };
}

/** One UID per booking for its whole life: every email and the feed update the same calendar entry. */
const bookingUid = (bookingId: string) => `booking-${bookingId}@tress`;

const STATUS = { confirmed: ICalEventStatus.CONFIRMED, tentative: ICalEventStatus.TENTATIVE, cancelled: ICalEventStatus.CANCELLED } as const;

const eventData = (e: IcsEvent) => ({
  id: bookingUid(e.bookingId),
  sequence: e.sequence,
  // no time zone: DTSTART/DTEND are written in UTC, which every calendar converts to its reader's zone
  start: e.start,
  end: e.end,
  stamp: new Date(),
  summary: e.summary,
  description: e.description,
  location: e.location || null,
  url: e.url,
  status: STATUS[e.status],
  organizer: e.organizer,
});

/**
 * The invitation attached to a booking email: METHOD:REQUEST while the booking stands, METHOD:CANCEL with
 * STATUS:CANCELLED once it does not. ical-generator escapes the text (commas, semicolons, new lines), so
 * a note or a business name cannot add properties.
 */
export function invitation(e: IcsEvent): { method: 'REQUEST' | 'CANCEL'; content: string } {
  const method = e.status === 'cancelled' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const cal = ical({ prodId: { company: 'Tress', product: 'bookings', language: 'EN' }, method, events: [eventData(e)] });
  return { method: method === ICalCalendarMethod.CANCEL ? 'CANCEL' : 'REQUEST', content: cal.toString() };
}

/** A professional's private feed: every booking as it stands, for a calendar app to subscribe to. */
export function feed(name: string, events: IcsEvent[]): string {
  return ical({ prodId: { company: 'Tress', product: 'bookings', language: 'EN' }, name, events: events.map(eventData) }).toString();
}
