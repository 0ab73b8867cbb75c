import { Temporal } from 'temporal-polyfill';
import type { DayHours } from '@shared/booking/schemas';

/**
 * Free start times, computed in the salon's IANA zone with Temporal (decision 148): every wall-clock time
 * of the weekly hours is turned into an instant on its own date, so 09:00 in New York is 13:00Z before the
 * November switch and 14:00Z after it, and a wall time that does not exist on a spring-forward night is
 * not offered. Durations are exact time: a two-hour colour across a switch still takes two hours.
 */

/** An interval of exact time in epoch milliseconds, start inclusive and end exclusive. */
export interface Interval {
  start: number;
  end: number;
}

/** A service's parts, in minutes. */
export interface ServiceShape {
  chairMinutes: number;
  processingMinutes: number;
  finishMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  patchTestLeadHours?: number;
}

export interface HoursRules {
  timeZone: string;
  weekly: (DayHours & { weekday: number })[];
  overrides: { date: string; hours: DayHours | null }[];
  minNoticeMinutes: number;
  maxDaysAhead: number;
  slotStepMinutes: number;
}

const MINUTE = 60_000;

/** How long the client is in the salon: chair, processing and finish. */
export const clientMinutes = (s: ServiceShape) => s.chairMinutes + s.processingMinutes + s.finishMinutes;

/**
 * The busy blocks a booking takes: the chair part (with the buffer before) and the finish part (with the
 * buffer after), apart when the service has processing time so another client fits in the gap (decision 147).
 */
export function blocksFor(s: ServiceShape, start: number): Interval[] {
  const chairEnd = start + s.chairMinutes * MINUTE;
  const before = start - s.bufferBeforeMinutes * MINUTE;
  if (s.processingMinutes === 0) return [{ start: before, end: chairEnd + (s.finishMinutes + s.bufferAfterMinutes) * MINUTE }];
  const finishStart = chairEnd + s.processingMinutes * MINUTE;
  return [
    { start: before, end: chairEnd },
    { start: finishStart, end: finishStart + (s.finishMinutes + s.bufferAfterMinutes) * MINUTE },
  ];
}

/** The opening of one date: its override if any, else its weekday's hours; null when closed. */
function hoursOn(rules: HoursRules, date: Temporal.PlainDate): DayHours | null {
  const override = rules.overrides.find((o) => o.date === date.toString());
  if (override) return override.hours;
  return rules.weekly.find((w) => w.weekday === date.dayOfWeek) ?? null;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The open spans of a day in wall-clock minutes: the opening hours less the breaks. */
function openSpans(h: DayHours): [number, number][] {
  const breaks = h.breaks.map((b) => [minutesOf(b.start), minutesOf(b.end)] as const).sort((a, b) => a[0] - b[0]);
  const spans: [number, number][] = [];
  let from = minutesOf(h.open);
  for (const [bs, be] of breaks) {
    if (bs > from) spans.push([from, bs]);
    from = Math.max(from, be);
  }
  const close = minutesOf(h.close);
  if (close > from) spans.push([from, close]);
  return spans;
}

/** The instant of a wall-clock minute of a date in the zone, or null when that wall time does not exist that day. */
function instantAt(date: Temporal.PlainDate, minute: number, timeZone: string): Temporal.ZonedDateTime | null {
  const day = minute >= 1440 ? date.add({ days: 1 }) : date;
  const m = minute % 1440;
  const plainTime = new Temporal.PlainTime(Math.floor(m / 60), m % 60);
  const zdt = day.toZonedDateTime({ timeZone, plainTime });
  // 'compatible' moves a time in a spring-forward gap later; such a time is not on the clock that day
  return zdt.hour * 60 + zdt.minute === m ? zdt : null;
}

interface Candidate {
  start: Temporal.ZonedDateTime;
  startMs: number;
  endMs: number;
}

/** Every start on a date that fits the hours, ignoring notice and busy time. */
function candidatesOn(rules: HoursRules, s: ServiceShape, date: Temporal.PlainDate): Candidate[] {
  const h = hoursOn(rules, date);
  if (!h) return [];
  const length = clientMinutes(s) * MINUTE;
  const out: Candidate[] = [];
  for (const [from, to] of openSpans(h)) {
    const spanEnd = instantAt(date, to, rules.timeZone) ?? instantAt(date, to + 60, rules.timeZone);
    if (!spanEnd) continue;
    const spanEndMs = spanEnd.epochMilliseconds;
    for (let m = from; m < to; m += rules.slotStepMinutes) {
      const start = instantAt(date, m, rules.timeZone);
      if (!start) continue;
      const startMs = start.epochMilliseconds;
      if (startMs + length > spanEndMs) break;
      out.push({ start, startMs, endMs: startMs + length });
    }
  }
  return out;
}

/** First index of `busy` (sorted, non-overlapping) whose end is after `t`. */
function firstEndingAfter(busy: Interval[], t: number): number {
  let lo = 0;
  let hi = busy.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (busy[mid].end > t) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const overlapsAny = (busy: Interval[], b: Interval) => {
  const i = firstEndingAfter(busy, b.start);
  return i < busy.length && busy[i].start < b.end;
};

/** The earliest instant a client may book this service now: minimum notice, or the patch-test lead if longer. */
const earliestMs = (rules: HoursRules, s: ServiceShape, now: number) => now + Math.max(rules.minNoticeMinutes, (s.patchTestLeadHours ?? 0) * 60) * MINUTE;
const today = (rules: HoursRules, now: number) => Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(rules.timeZone).toPlainDate();
const lastBookableDay = (rules: HoursRules, now: number) => today(rules, now).add({ days: rules.maxDaysAhead });

export interface Slot {
  start: string;
  end: string;
  startMs: number;
}

const iso = (zdt: Temporal.ZonedDateTime) => zdt.toString({ timeZoneName: 'never', smallestUnit: 'second' });

/** Which free starts to list: salon dates `from` to `to` (inclusive) as seen at `now`, around `busy`, at most `limit`. */
export interface SlotWindow {
  from: string;
  to: string;
  now: number;
  busy?: Interval[];
  limit?: number;
}

/**
 * Free starts between two dates of the salon's calendar (inclusive), after the notice and within the
 * horizon, whose blocks miss every busy interval. `busy` must be sorted by start and not overlap (the
 * exclusion constraint guarantees it for one professional).
 */
export function freeSlots(rules: HoursRules, s: ServiceShape, { from, to, now, busy = [], limit = Infinity }: SlotWindow): Slot[] {
  const earliest = earliestMs(rules, s, now);
  const first = Temporal.PlainDate.compare(Temporal.PlainDate.from(from), today(rules, now)) < 0 ? today(rules, now) : Temporal.PlainDate.from(from);
  const lastAsked = Temporal.PlainDate.from(to);
  const horizon = lastBookableDay(rules, now);
  const last = Temporal.PlainDate.compare(lastAsked, horizon) > 0 ? horizon : lastAsked;
  const out: Slot[] = [];
  for (let d = first; Temporal.PlainDate.compare(d, last) <= 0; d = d.add({ days: 1 })) {
    for (const c of candidatesOn(rules, s, d)) {
      if (c.startMs < earliest) continue;
      if (blocksFor(s, c.startMs).some((b) => overlapsAny(busy, b))) continue;
      out.push({ start: iso(c.start), end: iso(c.start.add({ minutes: clientMinutes(s) })), startMs: c.startMs });
      if (out.length >= limit) return out;
    }
  }
  return out;
}

export type StartProblem = 'past' | 'too-soon' | 'too-far' | 'closed' | 'outside-hours';

/** Why a start cannot be booked by the hours alone (busy time is the constraint's job), or null when it can. */
export function startProblem(rules: HoursRules, s: ServiceShape, startMs: number, now: number): StartProblem | null {
  if (startMs <= now) return 'past';
  if (startMs < earliestMs(rules, s, now)) return 'too-soon';
  const date = Temporal.Instant.fromEpochMilliseconds(startMs).toZonedDateTimeISO(rules.timeZone).toPlainDate();
  if (Temporal.PlainDate.compare(date, lastBookableDay(rules, now)) > 0) return 'too-far';
  if (!hoursOn(rules, date)) return 'closed';
  return candidatesOn(rules, s, date).some((c) => c.startMs === startMs) ? null : 'outside-hours';
}

/** The salon's date of an instant, and a date some days after it, as YYYY-MM-DD. */
export function salonDate(timeZone: string, ms: number, plusDays = 0): string {
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone).toPlainDate().add({ days: plusDays }).toString();
}

/** An instant as ISO 8601 with the salon's offset. */
export const inZone = (timeZone: string, ms: number) => iso(Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone));
