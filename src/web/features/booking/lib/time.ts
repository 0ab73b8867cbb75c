/**
 * Dates and times for booking pages. An instant from the server carries the salon's offset; it is shown in
 * the salon's zone (Intl with timeZone), with the visitor's own time beside it when their zone differs.
 * Dates ("YYYY-MM-DD") are calendar days in the salon's zone, added with plain UTC arithmetic.
 */

const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(timeZone: string | undefined, opts: Intl.DateTimeFormatOptions) {
  const key = `${timeZone ?? ''}|${JSON.stringify(opts)}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat('en-GB', { ...opts, timeZone })));
  return f;
}

export const visitorTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "10:30" in the zone. */
export const clock = (iso: string, timeZone?: string) => fmt(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** "Tuesday 3 November 2026" in the zone. */
export const longDay = (iso: string, timeZone?: string) =>
  fmt(timeZone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));

/** The calendar date of an instant in the zone: "2026-11-03". */
export function dateIn(iso: string | Date, timeZone: string): string {
  const parts = fmt(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(typeof iso === 'string' ? new Date(iso) : iso);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export const todayIn = (timeZone: string) => dateIn(new Date(), timeZone);

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return ((new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay() + 6) % 7) + 1;
}

/** "Tue 3 Nov" for a calendar date (no zone involved). */
export const dateLabel = (date: string) => fmt('UTC', { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(`${date}T12:00:00Z`));

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Minutes east of UTC of the zone at an instant. */
function offsetMinutes(at: number, timeZone: string): number {
  const parts = fmt(timeZone, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((wall - Math.floor(at / 1000) * 1000) / 60_000);
}

/**
 * The instant of a wall-clock time in the zone, as ISO 8601 with its offset: "2026-11-02T09:00:00-05:00".
 * A time skipped by a daylight-saving change moves forward by the gap (as Temporal's 'compatible'); a
 * repeated one takes the earlier instant.
 */
export function zonedInstant(date: string, time: string, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, hh!, mm!);
  // the offset an hour either side of the wall time covers both readings of a change
  const candidates = [...new Set([offsetMinutes(wall - 3600_000 * 14, timeZone), offsetMinutes(wall, timeZone), offsetMinutes(wall + 3600_000 * 14, timeZone)])]
    .map((off) => wall - off * 60_000)
    .filter((at) => offsetMinutes(at, timeZone) * 60_000 === wall - at)
    .sort((a, b) => a - b);
  const at = candidates[0] ?? wall - offsetMinutes(wall - 3600_000 * 14, timeZone) * 60_000;
  const off = offsetMinutes(at, timeZone);
  const local = new Date(at + off * 60_000).toISOString().slice(0, 19);
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** "1 h 30 min", "45 min". */
export function duration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h && m ? `${h} h ${m} min` : h ? `${h} h` : `${m} min`;
}

/** A zone's city for people: "America/New_York" → "New York". */
export const zoneCity = (timeZone: string) => (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
