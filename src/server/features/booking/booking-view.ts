import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { BookingViewSchema } from '@shared/booking/views';
import { AppliedLookSchema } from '@shared/hair/engine-result';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { booking, bookingEvent, creation, partner, user } from '../../db/schema';
import { inZone } from './availability';
import { settingsOf, type SettingsRow } from './settings';

export type BookingRow = typeof booking.$inferSelect;
export type BookingView = z.input<typeof BookingViewSchema>;
export type Viewer = 'client' | 'professional';

const HOUR = 3_600_000;

/** How a client who deleted their account is named on the bookings the professional keeps (decision 166). */
export const FORMER_CLIENT = 'Former client';

/** A short description of what the engine did, from a creation's stored meta. */
function lookSummary(meta: unknown): string | null {
  const look = AppliedLookSchema.partial().safeParse(meta);
  if (!look.success) return null;
  return [look.data.applied, look.data.analysis?.note].filter(Boolean).join(' — ') || null;
}

/** Why a booking whose professional left Tress cannot change (decision 191); every such booking has ended anyway. */
const SALON_LEFT = 'This salon has left Tress, so this booking can no longer be changed.';

/** The professional of a booking that can still change: one whose salon left Tress cannot (decision 191). */
export function salonOf(row: BookingRow): string {
  if (!row.partnerId) throw new AppError('aborted', SALON_LEFT);
  return row.partnerId;
}

/** Whether a client cancelling or moving now is inside the professional's cancellation window. */
export const isLate = (b: BookingRow, s: SettingsRow, now: number) => b.startsAt.getTime() - now < s.cancellationWindowHours * HOUR;

/** Views of bookings for their client or their professional, loading what they refer to in a few queries. */
export async function bookingViews(db: Db | Tx, rows: BookingRow[], viewer: Viewer, now = Date.now()): Promise<BookingView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const partnerIds = [...new Set(rows.flatMap((r) => (r.partnerId ? [r.partnerId] : [])))];
  const clientIds = [...new Set(rows.flatMap((r) => (r.clientId ? [r.clientId] : [])))];
  const creationIds = [...new Set(rows.flatMap((r) => (r.creationId ? [r.creationId] : [])))];
  // one query after another, not at once: a booking's own transaction passes its single connection here, and a
  // query sent while that connection is still answering another is deprecated by pg and refused from pg 9
  const partners = partnerIds.length
    ? await db
        .select({ id: partner.userId, slug: partner.slug, businessName: partner.businessName, location: partner.location })
        .from(partner)
        .where(inArray(partner.userId, partnerIds))
    : [];
  const clients = clientIds.length ? await db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(inArray(user.id, clientIds)) : [];
  const creations = creationIds.length
    ? await db.select({ id: creation.id, prompt: creation.prompt, meta: creation.meta }).from(creation).where(inArray(creation.id, creationIds))
    : [];
  const events = await db.select().from(bookingEvent).where(inArray(bookingEvent.bookingId, ids)).orderBy(asc(bookingEvent.at));
  const settings = [];
  for (const id of partnerIds) settings.push(await settingsOf(db, id));
  const byId = <T extends { id: string }>(xs: T[]) => new Map(xs.map((x) => [x.id, x]));
  const P = byId(partners);
  const C = byId(clients);
  const CR = byId(creations);
  const S = new Map(settings.map((s) => [s.partnerId, s]));
  return rows.map((b) => {
    // a professional who left: their name and zone as written on the booking when they did (decision 191)
    const p = b.partnerId ? P.get(b.partnerId) : undefined;
    const c = b.clientId ? C.get(b.clientId) : undefined;
    const cr = b.creationId ? CR.get(b.creationId) : undefined;
    const s = b.partnerId ? S.get(b.partnerId) : undefined;
    const changeable = !!s && (b.state === 'confirmed' || b.state === 'pending' || b.state === 'held') && b.startsAt.getTime() > now;
    const tz = s?.timeZone ?? b.salonTimeZone ?? 'UTC';
    return {
      id: b.id,
      state: b.state,
      late: b.late,
      start: inZone(tz, b.startsAt.getTime()),
      end: inZone(tz, b.endsAt.getTime()),
      timeZone: tz,
      partner: { id: p ? b.partnerId : null, slug: p?.slug ?? null, businessName: p?.businessName ?? b.salonName ?? '', location: p?.location ?? '' },
      service: {
        id: b.serviceId,
        name: b.serviceName,
        totalMinutes: b.chairMinutes + b.processingMinutes + b.finishMinutes,
        processingMinutes: b.processingMinutes,
      },
      client: {
        id: b.clientId,
        name: b.clientId ? c?.name || 'Client' : FORMER_CLIENT,
        // the professional needs a way to reach the client; a client's own view needs no echo of it
        email: viewer === 'professional' ? (c?.email ?? null) : null,
        newClient: b.newClient,
      },
      price: b.priceKind === 'consultation' ? { kind: 'consultation' } : { kind: b.priceKind, amountCents: b.priceCents ?? 0 },
      currency: b.currency as BookingView['currency'],
      deposit: { amountCents: b.depositCents, status: b.depositStatus, refundCents: b.depositRefundCents },
      note: b.note,
      source: b.source ?? null,
      creation:
        cr && b.creationId
          ? {
              id: cr.id,
              prompt: cr.prompt,
              beforeUrl: `/media/bookings/${b.id}/before`,
              afterUrl: `/media/bookings/${b.id}/after`,
              summary: lookSummary(cr.meta),
            }
          : null,
      expiresAt: b.state === 'held' || b.state === 'pending' ? (b.expiresAt?.toISOString() ?? null) : null,
      can: {
        reschedule: changeable && b.state !== 'held',
        cancel: changeable,
        cancelIsLate: viewer === 'client' && !!s && changeable && b.state === 'confirmed' && isLate(b, s, now),
        finish: viewer === 'professional' && b.state === 'confirmed' && b.startsAt.getTime() <= now,
      },
      history: events
        .filter((e) => e.bookingId === b.id)
        .map((e) => ({ at: e.at.toISOString(), from: e.fromState ?? null, to: e.toState, actor: e.actor, message: e.message ?? null })),
      createdAt: b.createdAt.toISOString(),
    };
  });
}

export async function bookingView(db: Db | Tx, row: BookingRow, viewer: Viewer): Promise<BookingView> {
  const [v] = await bookingViews(db, [row], viewer);
  return v;
}

export async function bookingById(db: Db | Tx, id: string): Promise<BookingRow | null> {
  const [row] = await db.select().from(booking).where(eq(booking.id, id));
  return row ?? null;
}
