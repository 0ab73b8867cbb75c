import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BookingSource, DayHours, Deposit } from '@shared/booking/schemas';
import type { BookingState } from '@shared/booking/views';
import { user } from './auth';
import { createdAt, id, updatedAt } from './columns';
import { creation } from './creations';
import { partner } from './partners';

/** A PostgreSQL `tstzrange`, read and written as its text form `[start,end)`. */
const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

/** A service on a professional's menu. Archived services leave the menu; their bookings keep a copy. */
export const bookingService = pgTable(
  'booking_service',
  {
    id: id(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partner.userId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    styleTags: jsonb('style_tags').$type<string[]>().notNull().default([]),
    chairMinutes: integer('chair_minutes').notNull(),
    processingMinutes: integer('processing_minutes').notNull().default(0),
    finishMinutes: integer('finish_minutes').notNull().default(0),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    priceKind: text('price_kind', { enum: ['fixed', 'from', 'consultation'] }).notNull(),
    priceCents: integer('price_cents'),
    currency: text('currency').notNull().default('USD'),
    bookableOnline: boolean('bookable_online').notNull().default(true),
    confirmation: text('confirmation', { enum: ['instant', 'request'] })
      .notNull()
      .default('instant'),
    consultationForNewColourClients: boolean('consultation_for_new_colour_clients').notNull().default(false),
    patchTestLeadHours: integer('patch_test_lead_hours').notNull().default(0),
    deposit: jsonb('deposit').$type<Deposit>(),
    position: integer('position').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('booking_service_partner_idx').on(t.partnerId, t.position)],
);

/** A professional's booking settings: hours in their IANA zone, policy, calendar feed secret, deposit account. */
export const bookingSettings = pgTable('booking_settings', {
  partnerId: text('partner_id')
    .primaryKey()
    .references(() => partner.userId, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull(),
  weekly: jsonb('weekly').$type<(DayHours & { weekday: number })[]>().notNull().default([]),
  overrides: jsonb('overrides').$type<{ date: string; hours: DayHours | null; label: string }[]>().notNull().default([]),
  minNoticeMinutes: integer('min_notice_minutes').notNull().default(120),
  maxDaysAhead: integer('max_days_ahead').notNull().default(60),
  slotStepMinutes: integer('slot_step_minutes').notNull().default(15),
  cancellationWindowHours: integer('cancellation_window_hours').notNull().default(24),
  lateCancelFeePercent: integer('late_cancel_fee_percent').notNull().default(0),
  noShowFeePercent: integer('no_show_fee_percent').notNull().default(0),
  policyNote: text('policy_note').notNull().default(''),
  /** The secret in the private calendar feed URL; renewing it replaces it. */
  calendarToken: text('calendar_token').unique(),
  /** The professional's own payment account deposits are charged on (decision 171); null: pay at the salon. */
  depositProvider: text('deposit_provider', { enum: ['sandbox', 'stripe'] }),
  depositAccountId: text('deposit_account_id'),
  depositAccountReady: boolean('deposit_account_ready').notNull().default(false),
  updatedAt: updatedAt(),
});

/** One booking. Price, deposit and the service's shape are copied at booking: the menu may change later. */
export const booking = pgTable(
  'booking',
  {
    id: id(),
    /**
     * Null once the professional deleted their account: their clients keep the booking (cancelled by the salon, or
     * the visit that happened) under `salonName` and `salonTimeZone`, written when they left (decision 191).
     */
    partnerId: text('partner_id').references(() => partner.userId, { onDelete: 'set null' }),
    salonName: text('salon_name'),
    salonTimeZone: text('salon_time_zone'),
    /** Null once the client deleted their account: the professional keeps the visit, not the person (decision 166). */
    clientId: text('client_id').references(() => user.id, { onDelete: 'set null' }),
    /** Null once the menu it was on went with its professional's account (decision 191); the booking keeps its copy. */
    serviceId: text('service_id').references(() => bookingService.id, { onDelete: 'set null' }),
    serviceName: text('service_name').notNull(),
    chairMinutes: integer('chair_minutes').notNull(),
    processingMinutes: integer('processing_minutes').notNull(),
    finishMinutes: integer('finish_minutes').notNull(),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull(),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull(),
    confirmation: text('confirmation', { enum: ['instant', 'request'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    state: text('state').$type<BookingState>().notNull(),
    late: boolean('late').notNull().default(false),
    priceKind: text('price_kind', { enum: ['fixed', 'from', 'consultation'] }).notNull(),
    priceCents: integer('price_cents'),
    currency: text('currency').notNull(),
    depositCents: integer('deposit_cents').notNull().default(0),
    depositStatus: text('deposit_status', { enum: ['none', 'pay-at-salon', 'due', 'paid', 'refunding', 'refunded', 'forfeited'] })
      .notNull()
      .default('none'),
    /** The deposit's checkout session on the professional's own account (decision 171), while one is open or was paid. */
    depositRef: text('deposit_ref'),
    /** The connected account the deposit checkout was made on: refunds go back through the same account. */
    depositAccountId: text('deposit_account_id'),
    /** Where the client pays the deposit, until it is paid or the hold is released. */
    depositCheckoutUrl: text('deposit_checkout_url'),
    /** The provider's payment (payment intent) once the deposit is paid. */
    depositPaymentId: text('deposit_payment_id'),
    /** What goes back to the client, decided with the cancellation under the policy; refunded by the sweep. */
    depositRefundCents: integer('deposit_refund_cents').notNull().default(0),
    newClient: boolean('new_client').notNull().default(true),
    note: text('note').notNull().default(''),
    creationId: text('creation_id').references(() => creation.id, { onDelete: 'set null' }),
    /** A try-on was attached when booking: kept for "booked through Tress" counts after the render is deleted (decision 167). */
    withLook: boolean('with_look').notNull().default(false),
    source: text('source').$type<BookingSource>(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** When a held booking lets its time go, or a pending request expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The calendar invitation's SEQUENCE: raised on every change of time or state the client is told about. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('booking_client_idempotency_idx').on(t.clientId, t.idempotencyKey),
    index('booking_partner_starts_idx').on(t.partnerId, t.startsAt),
    index('booking_client_starts_idx').on(t.clientId, t.startsAt),
    index('booking_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
  ],
);

/** Every change of a booking's state, with who made it (decision 146). */
export const bookingEvent = pgTable(
  'booking_event',
  {
    id: id(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => booking.id, { onDelete: 'cascade' }),
    fromState: text('from_state').$type<BookingState>(),
    toState: text('to_state').$type<BookingState>().notNull(),
    actor: text('actor', { enum: ['client', 'professional', 'system'] }).notNull(),
    actorId: text('actor_id'),
    message: text('message'),
    at: createdAt(),
  },
  (t) => [index('booking_event_booking_idx').on(t.bookingId, t.at)],
);

/**
 * The time a professional is busy: a live booking's chair and finish parts, or time they blocked. The
 * exclusion constraint in the migration (decision 147) refuses two active rows of one partner that overlap.
 */
export const busyBlock = pgTable(
  'busy_block',
  {
    id: id(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partner.userId, { onDelete: 'cascade' }),
    bookingId: text('booking_id').references(() => booking.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['chair', 'finish', 'blocked'] }).notNull(),
    during: tstzrange('during').notNull(),
    label: text('label').notNull().default(''),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('busy_block_booking_idx').on(t.bookingId)],
);

/**
 * The outbox's claim on one booking email (decision 150): the primary key lets one sender claim it however
 * many instances sweep at once; `sentAt` marks it sent; a claim whose lease ran out without `sentAt` (the
 * sender died) is claimed again, so a message is neither lost nor sent twice by a restart.
 */
export const bookingMessage = pgTable(
  'booking_message',
  {
    bookingId: text('booking_id')
      .notNull()
      .references(() => booking.id, { onDelete: 'cascade' }),
    /** The message and what it is about, e.g. "event:<event id>" or "reminder-24h:2026-11-02T14:00:00.000Z". */
    key: text('key').notNull(),
    createdAt: createdAt(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.key] })],
);
