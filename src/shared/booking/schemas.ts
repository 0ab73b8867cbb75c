import { z } from 'zod';
import { STYLE_TAGS } from '../partners/style-tags';
import { TextSchema } from '../safe-text';
import { BOOKING_SOURCES } from './sources';

/**
 * What a professional and a client send to the booking endpoints (issue 33). Money is in minor units
 * (cents); times of day are "HH:MM" in the salon's zone; dates are "YYYY-MM-DD" in the salon's zone.
 */

const TAG_IDS = new Set(STYLE_TAGS.map((t) => t.id));
const minutes = (label: string, max: number) =>
  z
    .number()
    .int(`${label} must be whole minutes.`)
    .min(0, `${label} cannot be negative.`)
    .max(max, `${label} is at most ${max} minutes.`)
    .refine((m) => m % 5 === 0, `${label} must be in steps of 5 minutes.`);
const cents = (label: string) => z.number().int(`${label} must be in cents.`).min(0, `${label} cannot be negative.`).max(10_000_000, `${label} is too large.`);

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'INR', 'BRL', 'MXN'] as const;

/** Fixed, "from" (a starting price) or priced at the consultation (no amount). */
export const PriceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixed'), amountCents: cents('Price') }),
  z.object({ kind: z.literal('from'), amountCents: cents('Price') }),
  z.object({ kind: z.literal('consultation') }),
]);

/** A deposit taken at booking: a fixed amount or a share of the price, from every client or only new ones. */
export const DepositSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixed'), amountCents: cents('Deposit').min(50, 'A deposit is at least 0.50.'), appliesTo: z.enum(['all', 'new']) }),
  z.object({
    kind: z.literal('percent'),
    percent: z.number().int().min(1, 'A deposit is at least 1 %.').max(100, 'A deposit is at most 100 %.'),
    appliesTo: z.enum(['all', 'new']),
  }),
]);
export type Deposit = z.infer<typeof DepositSchema>;

/** Durations in parts: during `processingMinutes` the professional is free for another client. */
const DurationSchema = z
  .object({
    chairMinutes: minutes('Chair time', 600).refine((m) => m >= 5, 'Chair time is at least 5 minutes.'),
    processingMinutes: minutes('Processing time', 300).default(0),
    finishMinutes: minutes('Finish time', 300).default(0),
    bufferBeforeMinutes: minutes('Buffer before', 120).default(0),
    bufferAfterMinutes: minutes('Buffer after', 120).default(0),
  })
  .refine((d) => d.processingMinutes === 0 || d.finishMinutes > 0, {
    message: 'A service with processing time needs finish time after it.',
    path: ['finishMinutes'],
  });

/** A service on the professional's menu (create and replace). */
export const ServiceInputSchema = z
  .object({
    name: TextSchema.trim().min(1, 'Name the service.').max(80, 'Keep the name under 80 characters.'),
    description: TextSchema.trim().max(500, 'Keep the description under 500 characters.').default(''),
    styleTags: z
      .array(z.string().refine((t) => TAG_IDS.has(t), 'Unknown style tag.'))
      .max(8, 'Choose at most 8 tags.')
      .default([])
      .transform((t) => [...new Set(t)]),
    duration: DurationSchema,
    price: PriceSchema,
    currency: z.enum(CURRENCIES).default('USD'),
    bookableOnline: z.boolean().default(true),
    confirmation: z.enum(['instant', 'request']).default('instant'),
    consultationForNewColourClients: z.boolean().default(false),
    /** An allergy patch test at least this many hours before a colour (0 = none). */
    patchTestLeadHours: z.number().int().min(0).max(168).default(0),
    deposit: DepositSchema.nullable().default(null),
  })
  .refine((s) => !(s.deposit?.kind === 'percent' && s.price.kind === 'consultation'), {
    message: 'A percentage deposit needs a price; use a fixed deposit for a service priced at consultation.',
    path: ['deposit'],
  });

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Use a time like 09:30.');
const DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-02.');
const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

const SpanSchema = z.object({ start: HHMM, end: HHMM }).refine((s) => toMin(s.start) < toMin(s.end), 'A break ends after it starts.');
/** One day's opening: from `open` to `close` with breaks inside. */
export const DayHoursSchema = z
  .object({ open: HHMM, close: HHMM, breaks: z.array(SpanSchema).max(6).default([]) })
  .refine((d) => toMin(d.open) < toMin(d.close), 'Closing time must be after opening time.')
  .refine((d) => d.breaks.every((b) => toMin(b.start) >= toMin(d.open) && toMin(b.end) <= toMin(d.close)), 'Breaks must fall within the opening hours.');
export type DayHours = z.output<typeof DayHoursSchema>;

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz.includes('/') || tz === 'UTC';
  } catch {
    return false;
  }
};
const TimeZoneSchema = z.string().min(1).max(64).refine(isTimeZone, 'Choose a time zone such as Europe/London.');

/** ISO weekday: 1 is Monday, 7 is Sunday. A weekday not listed is closed. */
const WeeklyHoursSchema = z
  .array(z.object({ weekday: z.number().int().min(1).max(7) }).and(DayHoursSchema))
  .max(7)
  .refine((w) => new Set(w.map((d) => d.weekday)).size === w.length, 'Each weekday appears once.');

/** A date that differs from the week: closed (hours null), or other hours. */
const DateOverrideSchema = z.object({
  date: DATE,
  hours: DayHoursSchema.nullable(),
  label: TextSchema.trim().max(80).default(''),
});

export const OpeningHoursSchema = z.object({
  timeZone: TimeZoneSchema,
  weekly: WeeklyHoursSchema,
  overrides: z
    .array(DateOverrideSchema)
    .max(366)
    .refine((o) => new Set(o.map((d) => d.date)).size === o.length, 'Each date appears once.'),
  /** The soonest a client may book, in minutes from now. */
  minNoticeMinutes: z
    .number()
    .int()
    .min(0)
    .max(14 * 24 * 60),
  /** How far ahead a client may book, in days. */
  maxDaysAhead: z.number().int().min(1).max(365),
  /** Start times are offered every this many minutes from opening. */
  slotStepMinutes: z.union([z.literal(5), z.literal(10), z.literal(15), z.literal(20), z.literal(30), z.literal(60)]),
});

/**
 * The professional's policy, shown before booking. Fees are a share of the service price; online, only
 * the deposit can be kept (a fee above it is owed at the salon under the written policy).
 */
export const PolicySchema = z.object({
  /** A client cancelling or moving a booking less than this many hours before it is late. */
  cancellationWindowHours: z.number().int().min(0).max(168),
  lateCancelFeePercent: z.number().int().min(0).max(100),
  noShowFeePercent: z.number().int().min(0).max(100),
  note: TextSchema.trim().max(1000, 'Keep the policy under 1000 characters.').default(''),
});

export { BOOKING_SOURCES, type BookingSource } from './sources';

/** An instant with an offset or Z: "2026-11-02T09:00:00-05:00". */
const InstantSchema = z.iso.datetime({ offset: true, message: 'Give the time as an ISO 8601 instant with its offset.' });

/** Strict: a price, deposit or anything else the server decides is refused, not ignored. */
export const CreateBookingSchema = z.strictObject({
  serviceId: z.string().min(1).max(64),
  start: InstantSchema,
  /** Chosen by the client once per attempt: the same key twice books once. */
  idempotencyKey: z.string().min(8, 'idempotencyKey is at least 8 characters.').max(100),
  note: TextSchema.trim().max(2000, 'Keep the note under 2000 characters.').optional(),
  /** A render of the client's to attach, with its colourist's read. */
  creationId: z.string().min(1).max(64).optional(),
  source: z.enum(BOOKING_SOURCES).optional().catch(undefined),
});

export const RescheduleSchema = z.object({ start: InstantSchema });

export const ProfessionalActionSchema = z.object({
  action: z.enum(['accept', 'decline', 'complete', 'no-show', 'cancel']),
  /** Shown to the client with a decline or a cancel. */
  message: TextSchema.trim().max(500).optional(),
});

export const BlockTimeSchema = z
  .object({ start: InstantSchema, end: InstantSchema, label: TextSchema.trim().max(80).default('') })
  .refine((b) => Date.parse(b.end) > Date.parse(b.start), { message: 'The end comes after the start.', path: ['end'] })
  .refine((b) => Date.parse(b.end) - Date.parse(b.start) <= 14 * 24 * 3600_000, { message: 'Block at most 14 days at once.', path: ['end'] });

export const DateRangeQuerySchema = z
  .object({ from: DATE, to: DATE })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to.', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 62 * 86400_000, { message: 'Ask for at most 62 days at once.', path: ['to'] });

export const AvailabilityQuerySchema = z.object({ serviceId: z.string().min(1).max(64) }).and(DateRangeQuerySchema);

export const ReviewReplySchema = z.object({
  reply: TextSchema.trim().min(2, 'Write at least 2 characters.').max(1000, 'Keep the answer under 1000 characters.'),
});
