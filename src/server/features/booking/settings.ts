import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { OpeningHoursSchema, PolicySchema } from '@shared/booking/schemas';
import type { Db, Tx } from '../../db/client';
import { bookingSettings } from '../../db/schema';
import type { HoursRules } from './availability';

type OpeningHours = z.output<typeof OpeningHoursSchema>;
type Policy = z.output<typeof PolicySchema>;
export type SettingsRow = typeof bookingSettings.$inferSelect;

/**
 * A professional who never saved hours is closed every day (nothing is bookable until they say when they
 * work), in UTC until they choose their zone; the policy defaults are a 24-hour window and no fees.
 */
const DEFAULTS: Omit<SettingsRow, 'partnerId' | 'updatedAt'> = {
  timeZone: 'UTC',
  weekly: [],
  overrides: [],
  minNoticeMinutes: 120,
  maxDaysAhead: 60,
  slotStepMinutes: 15,
  cancellationWindowHours: 24,
  lateCancelFeePercent: 0,
  noShowFeePercent: 0,
  policyNote: '',
  calendarToken: null,
  depositProvider: null,
  depositAccountId: null,
  depositAccountReady: false,
};

export async function settingsOf(db: Db | Tx, partnerId: string): Promise<SettingsRow> {
  const [row] = await db.select().from(bookingSettings).where(eq(bookingSettings.partnerId, partnerId));
  return row ?? { partnerId, updatedAt: new Date(0), ...DEFAULTS };
}

export const rulesOf = (s: SettingsRow): HoursRules => ({
  timeZone: s.timeZone,
  weekly: s.weekly,
  overrides: s.overrides,
  minNoticeMinutes: s.minNoticeMinutes,
  maxDaysAhead: s.maxDaysAhead,
  slotStepMinutes: s.slotStepMinutes,
});

export const hoursView = (s: SettingsRow): OpeningHours => ({
  timeZone: s.timeZone,
  weekly: s.weekly,
  overrides: s.overrides.map((o) => ({ date: o.date, hours: o.hours, label: o.label })),
  minNoticeMinutes: s.minNoticeMinutes,
  maxDaysAhead: s.maxDaysAhead,
  slotStepMinutes: s.slotStepMinutes as OpeningHours['slotStepMinutes'],
});

export const policyView = (s: SettingsRow): Policy => ({
  cancellationWindowHours: s.cancellationWindowHours,
  lateCancelFeePercent: s.lateCancelFeePercent,
  noShowFeePercent: s.noShowFeePercent,
  note: s.policyNote,
});

/** Creates the row on first save; only the given columns change. */
export async function writeSettings(db: Db | Tx, partnerId: string, set: Partial<Omit<SettingsRow, 'partnerId'>>): Promise<SettingsRow> {
  const [row] = await db
    .insert(bookingSettings)
    .values({ partnerId, ...DEFAULTS, ...set })
    .onConflictDoUpdate({ target: bookingSettings.partnerId, set: { ...set, updatedAt: new Date() } })
    .returning();
  return row;
}

export const saveHours = (db: Db, partnerId: string, h: OpeningHours) =>
  writeSettings(db, partnerId, {
    timeZone: h.timeZone,
    weekly: [...h.weekly].sort((a, b) => a.weekday - b.weekday),
    overrides: [...h.overrides].sort((a, b) => a.date.localeCompare(b.date)),
    minNoticeMinutes: h.minNoticeMinutes,
    maxDaysAhead: h.maxDaysAhead,
    slotStepMinutes: h.slotStepMinutes,
  }).then(hoursView);

export const savePolicy = (db: Db, partnerId: string, p: Policy) =>
  writeSettings(db, partnerId, {
    cancellationWindowHours: p.cancellationWindowHours,
    lateCancelFeePercent: p.lateCancelFeePercent,
    noShowFeePercent: p.noShowFeePercent,
    policyNote: p.note,
  }).then(policyView);
