import type { BookingState } from '@shared/booking/views';
import type { Mail } from '../../mail/mailer';
import { actionEmail } from '../../mail/templates';
import type { BookingRow } from './booking-view';
import { invitation, type IcsEvent } from './ics';

/** What a booking email is about. */
export type MessageKind =
  | 'confirmed'
  | 'request-received'
  | 'accepted'
  | 'declined'
  | 'expired'
  | 'cancelled-by-client'
  | 'cancelled-by-professional'
  | 'rescheduled'
  | 'reminder-24h'
  | 'reminder-2h'
  | 'pro-new-booking'
  | 'pro-new-request'
  | 'pro-client-cancelled'
  | 'pro-client-rescheduled';

/** The emails an event sends: to its client, and to its professional when the client did something. */
export function kindsForEvent(from: BookingState | null, to: BookingState): MessageKind[] {
  const fresh = from === null || from === 'held';
  if (from === to) return ['rescheduled', 'pro-client-rescheduled'];
  if (to === 'confirmed') return fresh ? ['confirmed', 'pro-new-booking'] : ['accepted'];
  if (to === 'pending') return ['request-received', 'pro-new-request'];
  if (to === 'declined') return ['declined'];
  if (to === 'expired') return from === 'pending' ? ['expired'] : [];
  // a hold never paid was never on the professional's agenda: its end is not news to them
  if (to === 'cancelled_by_client') return from === 'held' ? ['cancelled-by-client'] : ['cancelled-by-client', 'pro-client-cancelled'];
  if (to === 'cancelled_by_professional') return ['cancelled-by-professional'];
  return [];
}

export interface MailContext {
  booking: BookingRow;
  businessName: string;
  location: string;
  partnerEmail: string;
  clientName: string;
  /** Null once the client deleted their account: only the professional's emails go out (decision 166). */
  clientEmail: string | null;
  timeZone: string;
  /** The calendar SEQUENCE of this message (the booking's change count when it was written). */
  sequence: number;
  /** The signed link for the client; the agenda for the professional. */
  manageUrl: string;
  agendaUrl: string;
  /** The professional's message with a decline or cancel. */
  message: string | null;
}

const when = (ms: number, timeZone: string) =>
  `${new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(ms)} (${timeZone.replace(/_/g, ' ')})`;

const CANCELLING: MessageKind[] = ['declined', 'expired', 'cancelled-by-client', 'cancelled-by-professional'];

/**
 * One booking email, or null when its client deleted their account and it was theirs. Everything a person
 * typed (business name, note, message) is plain text here; actionEmail escapes it for the HTML part and
 * ical-generator for the invitation.
 */
export function bookingMail(kind: MessageKind, c: MailContext): Mail | null {
  const b = c.booking;
  const at = when(b.startsAt.getTime(), c.timeZone);
  const svc = b.serviceName;
  const from = c.businessName;
  const said = c.message ? ` They said: “${c.message}”` : '';
  const client: Partial<Record<MessageKind, [string, string]>> = {
    confirmed: [`Booked: ${svc} at ${from}`, `Your ${svc} at ${from} is booked for ${at}.`],
    'request-received': [
      `Request sent: ${svc} at ${from}`,
      `${from} has your request for ${svc} on ${at}. They answer within 24 hours; until then the time is kept for you.`,
    ],
    accepted: [`Confirmed: ${svc} at ${from}`, `${from} confirmed your ${svc} on ${at}.`],
    declined: [`Not this time: ${svc} at ${from}`, `${from} could not take your request for ${svc} on ${at}.${said} You can choose another time.`],
    expired: [
      `Request expired: ${svc} at ${from}`,
      `${from} did not answer your request for ${at} within 24 hours, so it has lapsed. You can book another time.`,
    ],
    'cancelled-by-client': [
      `Cancelled: ${svc} at ${from}`,
      `Your ${svc} on ${at} is cancelled${b.late ? ', inside the salon’s cancellation window, so its late-cancel policy applies' : ''}.`,
    ],
    'cancelled-by-professional': [`Cancelled by ${from}: ${svc}`, `${from} cancelled your ${svc} on ${at}.${said} Any deposit is refunded in full.`],
    rescheduled: [`Moved: ${svc} at ${from}`, `Your ${svc} at ${from} is now on ${at}.`],
    'reminder-24h': [`Tomorrow: ${svc} at ${from}`, `A reminder: your ${svc} at ${from} is on ${at}.${c.location ? ` ${c.location}.` : ''}`],
    'reminder-2h': [`Soon: ${svc} at ${from}`, `Your ${svc} at ${from} starts at ${at}.${c.location ? ` ${c.location}.` : ''}`],
  };
  const pro: Partial<Record<MessageKind, [string, string]>> = {
    'pro-new-booking': [`New booking: ${svc}, ${at}`, `${c.clientName} booked ${svc} for ${at}.${b.note ? ` Their note: “${b.note}”` : ''}`],
    'pro-new-request': [
      `New request: ${svc}, ${at}`,
      `${c.clientName} asks for ${svc} on ${at}.${b.note ? ` Their note: “${b.note}”` : ''} Answer within 24 hours or it lapses.`,
    ],
    'pro-client-cancelled': [
      `Cancelled: ${svc}, ${at}`,
      `${c.clientName} cancelled ${svc} on ${at}${b.late ? ' (a late cancel)' : ''}. The time is free again.`,
    ],
    'pro-client-rescheduled': [`Moved: ${svc}`, `${c.clientName} moved ${svc} to ${at}.`],
  };
  const toPro = kind.startsWith('pro-');
  const to = toPro ? c.partnerEmail : c.clientEmail;
  if (!to) return null;
  const [subject, body] = (toPro ? pro[kind] : client[kind])!;
  const { text, html } = toPro
    ? actionEmail({ heading: subject, body, action: 'Open your agenda', url: c.agendaUrl })
    : actionEmail({ heading: subject, body, action: 'See or change your booking', url: c.manageUrl });
  const event: IcsEvent = {
    bookingId: b.id,
    sequence: c.sequence,
    start: b.startsAt,
    end: b.endsAt,
    summary: toPro ? `${svc}: ${c.clientName}` : `${svc} at ${from}`,
    description: toPro ? b.note : `${body}\n${c.manageUrl}`,
    location: c.location,
    url: toPro ? c.agendaUrl : c.manageUrl,
    status:
      CANCELLING.includes(kind) || kind === 'pro-client-cancelled'
        ? 'cancelled'
        : kind === 'request-received' || kind === 'pro-new-request'
          ? 'tentative'
          : 'confirmed',
    organizer: { name: from, email: c.partnerEmail },
  };
  const ics = invitation(event);
  return {
    to,
    subject,
    text,
    html,
    link: toPro ? c.agendaUrl : c.manageUrl,
    replyTo: toPro ? (c.clientEmail ?? undefined) : c.partnerEmail,
    icalEvent: { method: ics.method, filename: ics.method === 'CANCEL' ? 'cancelled.ics' : 'booking.ics', content: ics.content },
  };
}
