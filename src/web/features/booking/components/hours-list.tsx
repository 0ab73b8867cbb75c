import type { DayHours } from '@shared/booking/schemas';
import { WEEKDAYS, zoneCity } from '../lib/time';

type Day = DayHours & { weekday: number };

/** "09:00–17:00 (break 13:00–14:00)", or Closed. */
const dayText = (d: Day | undefined) =>
  d ? `${d.open}–${d.close}${d.breaks.length ? ` (break ${d.breaks.map((b) => `${b.start}–${b.end}`).join(', ')})` : ''}` : 'Closed';

/** The week's opening hours in the salon's zone, today's row marked. */
export function HoursList({ weekly, timeZone, today }: { weekly: Day[]; timeZone: string; today: number }) {
  return (
    <div>
      <dl className="divide-y divide-stone-100 text-sm">
        {WEEKDAYS.map((name, i) => {
          const d = weekly.find((w) => w.weekday === i + 1);
          const isToday = today === i + 1;
          return (
            <div key={name} className={`flex justify-between gap-3 py-1.5 ${isToday ? 'font-semibold text-stone-900' : 'text-stone-700'}`}>
              <dt>
                {name}
                {isToday && <span className="sr-only"> (today)</span>}
              </dt>
              <dd className={`text-right tabular-nums ${d ? '' : 'text-stone-500'}`}>{dayText(d)}</dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-2 text-xs text-stone-500">{zoneCity(timeZone)} time</p>
    </div>
  );
}
