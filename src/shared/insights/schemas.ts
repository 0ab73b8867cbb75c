import { z } from 'zod';

/**
 * Fewer renders than this of a look in one town, or fewer different people than MIN_PEOPLE, and that town's
 * renders of the look are left out of every figure (decisions 106, 158).
 */
export const MIN_RENDERS = 5;
export const MIN_PEOPLE = 5;
/** Every demand figure is rounded down to a multiple of this, so one render more or less rarely shows (decision 158). */
export const DEMAND_ROUNDING = 5;
export const INSIGHT_DAYS = 30;
export const INSIGHT_RADII_KM = [5, 10, 25, 50] as const;
export const DEFAULT_INSIGHT_RADIUS_KM = 10;

/** GET /api/partner/insights?radius= */
export const InsightsQuerySchema = z.object({
  radius: z.coerce
    .number()
    .refine((r) => (INSIGHT_RADII_KM as readonly number[]).includes(r), 'Choose a radius of 5, 10, 25 or 50 km.')
    .optional()
    .default(DEFAULT_INSIGHT_RADIUS_KM),
});

const InsightsDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  views: z.number().int(),
  directoryClicks: z.number().int(),
  inquiries: z.number().int(),
});
export type InsightsDay = z.infer<typeof InsightsDaySchema>;

const DemandRowSchema = z.object({
  technique: z.string().nullable(),
  colour: z.string().nullable(),
  /** "copper balayage" */
  label: z.string(),
  renders: z.number().int(),
});
export type DemandRow = z.infer<typeof DemandRowSchema>;

/** Where a booking was started from; null when not said (older bookings, other apps). */
const BookedCountsSchema = z.object({
  /** Bookings and requests clients made on Tress in the period (a deposit hold never paid is not one). */
  total: z.number().int(),
  /** Of them, with a try-on render attached. */
  withLook: z.number().int(),
  bySource: z.object({ studio: z.number().int(), portfolio: z.number().int(), directory: z.number().int(), profile: z.number().int() }),
});
export type BookedCounts = z.infer<typeof BookedCountsSchema>;

export const InsightsResponseSchema = z.object({
  days: z.array(InsightsDaySchema),
  totals: z.object({ views: z.number().int(), directoryClicks: z.number().int(), inquiries: z.number().int() }),
  /** "Booked through Tress" (decision 167): the last 30 UTC days and the 30 before them, counted by the day the booking was made. */
  booked: z.object({ last: BookedCountsSchema, previous: BookedCountsSchema }),
  demand: z.object({
    /** Null when the listing's location matched no city: there is no "near" to count around. */
    place: z.object({ label: z.string(), radiusKm: z.number() }).nullable(),
    looks: z.array(DemandRowSchema),
    /** Renders of the looks counted in the area over the period (rounded like them), or null when there are none. */
    totalRenders: z.number().int().nullable(),
  }),
});
export type InsightsResponse = z.infer<typeof InsightsResponseSchema>;
