import { randomBytes } from 'node:crypto';
import { and, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { booking, bookingSettings, partner, user } from '../../db/schema';
import { feed } from './ics';
import { FORMER_CLIENT } from './booking-view';
import { isLive } from './state-machine';
import { settingsOf, writeSettings } from './settings';

const DAY = 86_400_000;

const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/calendar/${token}.ics`;

/** The professional's private feed address, made on first ask. */
export async function calendarFeedUrl(db: Db, publicUrl: string, partnerId: string): Promise<string> {
  const s = await settingsOf(db, partnerId);
  if (s.calendarToken) return feedUrl(publicUrl, s.calendarToken);
  return renewCalendarFeed(db, publicUrl, partnerId);
}

/** A new secret; whoever had the old address (a shared screen, a former assistant) sees nothing more. */
export async function renewCalendarFeed(db: Db, publicUrl: string, partnerId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await writeSettings(db, partnerId, { calendarToken: token });
  return feedUrl(publicUrl, token);
}

/**
 * The feed's .ics, or null for an unknown token: bookings from 30 days ago on, the ended ones as
 * cancelled so a subscribed calendar removes them. Same UIDs and sequences as the emails.
 */
export async function calendarFeedFile(db: Db, publicUrl: string, token: string): Promise<string | null> {
  if (token.length < 20) return null;
  const [s] = await db.select().from(bookingSettings).where(eq(bookingSettings.calendarToken, token));
  if (!s) return null;
  const [p] = await db
    .select({ businessName: partner.businessName, location: partner.location, email: partner.email })
    .from(partner)
    .where(eq(partner.userId, s.partnerId));
  const rows = await db
    .select({ b: booking, clientName: user.name })
    .from(booking)
    .leftJoin(user, eq(user.id, booking.clientId))
    .where(and(eq(booking.partnerId, s.partnerId), gte(booking.startsAt, new Date(Date.now() - 30 * DAY))))
    .limit(5000);
  return feed(
    `${p?.businessName ?? 'Tress'} bookings`,
    rows
      .filter(({ b }) => b.state !== 'held')
      .map(({ b, clientName }) => ({
        bookingId: b.id,
        sequence: b.sequence,
        start: b.startsAt,
        end: b.endsAt,
        summary: `${b.serviceName}: ${b.clientId ? clientName || 'Client' : FORMER_CLIENT}`,
        description: b.note,
        location: p?.location ?? '',
        url: `${publicUrl}/partner/bookings`,
        status: b.state === 'pending' ? 'tentative' : isLive(b.state) || b.state === 'completed' || b.state === 'no_show' ? 'confirmed' : 'cancelled',
        organizer: { name: p?.businessName ?? 'Tress', email: p?.email ?? 'hello@tress.local' },
      })),
  );
}
