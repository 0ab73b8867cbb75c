import { z } from 'zod';

/** Fewer renders than this in an area, or fewer different people than MIN_PEOPLE, and a look is not shown (decision 106). */
export const MIN_RENDERS = 5;
export const MIN_PEOPLE = 3;
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

export const InsightsResponseSchema = z.object({
  days: z.array(InsightsDaySchema),
  totals: z.object({ views: z.number().int(), directoryClicks: z.number().int(), inquiries: z.number().int() }),
  demand: z.object({
    /** Null when the listing's location matched no city: there is no "near" to count around. */
    place: z.object({ label: z.string(), radiusKm: z.number() }).nullable(),
    looks: z.array(DemandRowSchema),
    /** Renders in the area over the period, or null when under MIN_RENDERS (suppressed like a look). */
    totalRenders: z.number().int().nullable(),
  }),
});
export type InsightsResponse = z.infer<typeof InsightsResponseSchema>;
