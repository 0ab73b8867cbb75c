import { z } from 'zod';
import { BOOKING_SOURCES, CURRENCIES, DayHoursSchema, DepositSchema, PolicySchema, PriceSchema } from './schemas';

/** What the booking endpoints answer. Instants are ISO 8601 with the salon's offset. */

/** Decision 146: every state a booking can be in. */
const BOOKING_STATES = [
  'held',
  'pending',
  'confirmed',
  'declined',
  'expired',
  'cancelled_by_client',
  'cancelled_by_professional',
  'completed',
  'no_show',
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

export const ServiceViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  styleTags: z.array(z.string()),
  duration: z.object({
    chairMinutes: z.number().int(),
    processingMinutes: z.number().int(),
    finishMinutes: z.number().int(),
    bufferBeforeMinutes: z.number().int(),
    bufferAfterMinutes: z.number().int(),
  }),
  /** Chair + processing + finish: how long the client is in the salon. */
  totalMinutes: z.number().int(),
  price: PriceSchema,
  currency: z.enum(CURRENCIES),
  bookableOnline: z.boolean(),
  confirmation: z.enum(['instant', 'request']),
  consultationForNewColourClients: z.boolean(),
  patchTestLeadHours: z.number().int(),
  deposit: DepositSchema.nullable(),
});

/** How deposits are taken: online through the professional's own connected account, or paid at the salon. */
const DepositsModeSchema = z.enum(['online', 'pay-at-salon']);

/** GET /api/partners/:idOrSlug/services. */
export const PublicServicesSchema = z.object({
  services: z.array(ServiceViewSchema),
  timeZone: z.string(),
  weekly: z.array(z.object({ weekday: z.number().int() }).and(DayHoursSchema)),
  policy: PolicySchema,
  deposits: DepositsModeSchema,
});

const SlotSchema = z.object({ start: z.string(), end: z.string() });
export const AvailabilitySchema = z.object({ timeZone: z.string(), slots: z.array(SlotSchema) });

const ActorSchema = z.enum(['client', 'professional', 'system']);
const BookingEventSchema = z.object({
  at: z.string(),
  from: z.enum(BOOKING_STATES).nullable(),
  to: z.enum(BOOKING_STATES),
  actor: ActorSchema,
  message: z.string().nullable(),
});

/**
 * Deposit state: none asked, due at the salon, waiting for payment, paid, being refunded, refunded (all or the
 * part the policy does not keep) or kept under the policy.
 */
const DEPOSIT_STATUSES = ['none', 'pay-at-salon', 'due', 'paid', 'refunding', 'refunded', 'forfeited'] as const;

export const BookingViewSchema = z.object({
  id: z.string(),
  state: z.enum(BOOKING_STATES),
  /** For cancelled_by_client: inside the cancellation window. */
  late: z.boolean(),
  start: z.string(),
  end: z.string(),
  timeZone: z.string(),
  /** `id` and `slug` are null once the professional left Tress: the client keeps the booking by name (decision 191). */
  partner: z.object({ id: z.string().nullable(), slug: z.string().nullable(), businessName: z.string(), location: z.string() }),
  /** `id` is null once the menu it was on went with its professional (decision 191). */
  service: z.object({ id: z.string().nullable(), name: z.string(), totalMinutes: z.number().int(), processingMinutes: z.number().int() }),
  /** `id` is null once the client deleted their account (decision 166). */
  client: z.object({ id: z.string().nullable(), name: z.string(), email: z.string().nullable(), newClient: z.boolean() }),
  price: PriceSchema,
  currency: z.enum(CURRENCIES),
  /** `refundCents`: what goes (or went) back to the client; the rest is kept under the policy. */
  deposit: z.object({ amountCents: z.number().int(), status: z.enum(DEPOSIT_STATUSES), refundCents: z.number().int() }),
  note: z.string(),
  source: z.enum(BOOKING_SOURCES).nullable(),
  /** The attached render and its colourist's read. */
  creation: z.object({ id: z.string(), prompt: z.string(), afterUrl: z.string(), beforeUrl: z.string(), summary: z.string().nullable() }).nullable(),
  /** A held booking's time is kept until then; a pending request expires then. */
  expiresAt: z.string().nullable(),
  /** What the caller may do now. */
  /** `finish`: the professional may mark it completed or a no-show (it has started, by the server's clock). */
  can: z.object({ reschedule: z.boolean(), cancel: z.boolean(), cancelIsLate: z.boolean(), finish: z.boolean() }),
  history: z.array(BookingEventSchema),
  createdAt: z.string(),
});

/** POST /api/bookings: the booking, and where to pay its deposit when one is due online. */
export const CreatedBookingSchema = z.object({ booking: BookingViewSchema, payment: z.object({ checkoutUrl: z.string() }).nullable() });

export const MyBookingsSchema = z.object({ upcoming: z.array(BookingViewSchema), past: z.array(BookingViewSchema) });

export const BlockViewSchema = z.object({ id: z.string(), start: z.string(), end: z.string(), label: z.string() });

export const AgendaSchema = z.object({
  timeZone: z.string(),
  /** Pending requests first, then by start. */
  bookings: z.array(BookingViewSchema),
  blocks: z.array(BlockViewSchema),
});

export const OwnServicesSchema = z.object({ services: z.array(ServiceViewSchema) });
export const CalendarFeedSchema = z.object({ url: z.string() });

/** The professional's own payment account for deposits (decision 171). */
export const DepositAccountSchema = z.object({
  provider: z.enum(['stripe', 'sandbox']),
  /** none: not connected; incomplete: onboarding not finished; ready: deposits are taken online. */
  status: z.enum(['none', 'incomplete', 'ready']),
});
