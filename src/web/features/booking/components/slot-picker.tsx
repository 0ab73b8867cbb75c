import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { errorMessage } from '@web/lib/api';
import { bookingApi, bookingKeys } from '../api/booking-api';
import { addDays, clock, dateIn, dateLabel, todayIn, visitorTimeZone, zoneCity } from '../lib/time';

export interface Slot {
  start: string;
  end: string;
}

/** A time in the salon's zone, with the visitor's own beside it when their zone differs. */
export function TimeWithLocal({ iso, timeZone, stacked = false }: { iso: string; timeZone: string; stacked?: boolean }) {
  const mine = visitorTimeZone();
  const other = mine !== timeZone && clock(iso, mine) !== clock(iso, timeZone);
  return (
    <>
      {clock(iso, timeZone)}
      {other && (
        <span className={`font-normal ${stacked ? 'block whitespace-nowrap text-[11px]' : 'ml-1 text-xs'}`}>
          {stacked ? `${clock(iso, mine)} your time` : `(${clock(iso, mine)} your time)`}
        </span>
      )}
    </>
  );
}

/**
 * Says which zone the times are in, when the visitor's clock reads differently at the times shown (or now): a
 * visitor on UTC looking at a London salon in winter sees the same clock, and no own time beside each.
 */
export function ZoneNote({ timeZone, times }: { timeZone: string; times?: string[] }) {
  const mine = visitorTimeZone();
  const at = times?.length ? times : [new Date().toISOString()];
  if (mine === timeZone || at.every((iso) => clock(iso, mine) === clock(iso, timeZone))) return null;
  return (
    <p className="text-xs text-stone-500">
      Times are in {zoneCity(timeZone)} time, where the salon is; your own time ({zoneCity(mine)}) is shown with each.
    </p>
  );
}

/** A day's times in three parts, each showing its first few until the visitor asks for all. */
const PARTS = [
  { label: 'Morning', from: 0, to: 12 },
  { label: 'Afternoon', from: 12, to: 17 },
  { label: 'Evening', from: 17, to: 24 },
];
const PART_PREVIEW = 12;

const useSlots = (idOrSlug: string, serviceId: string, from: string, to: string) =>
  useQuery({
    queryKey: bookingKeys.availability(idOrSlug, serviceId, from, to),
    queryFn: ({ signal }) => bookingApi.availability(idOrSlug, serviceId, from, to, signal),
    enabled: Boolean(serviceId),
    staleTime: 30_000,
  });

/**
 * The soonest free times for a service, then a week to browse day by day. Every time is the salon's;
 * `exclude` leaves out the booking's own current time when rescheduling.
 */
export function SlotPicker({
  idOrSlug,
  serviceId,
  timeZone,
  selected,
  onPick,
  exclude,
}: {
  idOrSlug: string;
  serviceId: string;
  timeZone: string;
  selected: string | null;
  onPick: (slot: Slot) => void;
  exclude?: string;
}) {
  const today = todayIn(timeZone);
  const [weekStart, setWeekStart] = useState(today);
  const weekEnd = addDays(weekStart, 6);
  const soon = useSlots(idOrSlug, serviceId, today, addDays(today, 27));
  const week = useSlots(idOrSlug, serviceId, weekStart, weekEnd);
  const soonest = (soon.data?.slots ?? []).filter((s) => s.start !== exclude).slice(0, 6);
  const byDay = useMemo(() => {
    const days = new Map<string, Slot[]>();
    for (let i = 0; i < 7; i++) days.set(addDays(weekStart, i), []);
    for (const s of week.data?.slots ?? []) if (s.start !== exclude) days.get(dateIn(s.start, timeZone))?.push(s);
    return days;
  }, [week.data, weekStart, timeZone, exclude]);
  const firstOpen = [...byDay.entries()].find(([, s]) => s.length)?.[0] ?? weekStart;
  const [dayChoice, setDay] = useState<string | null>(null);
  const [expanded, setExpanded] = useState(false);
  const day = dayChoice && byDay.has(dayChoice) ? dayChoice : firstOpen;
  const daySlots = byDay.get(day) ?? [];
  const parts = PARTS.map((p) => ({
    label: p.label,
    slots: daySlots.filter((s) => {
      const hour = Number(clock(s.start, timeZone).slice(0, 2));
      return hour >= p.from && hour < p.to;
    }),
  })).filter((p) => p.slots.length > 0);

  const slotButton = (s: Slot, withDay = false) => {
    const on = selected === s.start;
    return (
      <button
        key={s.start}
        type="button"
        aria-pressed={on}
        onClick={() => onPick(s)}
        className={`rounded-xl px-2.5 py-2 text-left text-sm font-semibold tabular-nums ring-1 transition ${on ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-stone-900 ring-stone-300 hover:ring-brand-400'}`}
      >
        {withDay && <span className="mr-1 font-normal">{dateLabel(dateIn(s.start, timeZone))}</span>}
        <TimeWithLocal iso={s.start} timeZone={timeZone} stacked />
      </button>
    );
  };

  if (soon.isError) return <p className="text-sm text-red-700">{errorMessage(soon.error, 'Couldn’t load free times. Please try again.')}</p>;
  return (
    <div className="space-y-5">
      <div>
        <h4 className="mb-2 text-sm font-semibold text-stone-700">Soonest free times</h4>
        {soon.isPending ? (
          <div className="h-10 animate-pulse rounded-xl bg-stone-100" />
        ) : soonest.length === 0 ? (
          <p className="text-sm text-stone-600">No free time in the next four weeks. Try another service, or send a message.</p>
        ) : (
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap" role="group" aria-label="Soonest free times">
            {soonest.map((s) => slotButton(s, true))}
          </div>
        )}
      </div>
      <div>
        <div className="mb-2 flex items-center justify-between gap-2">
          <h4 className="text-sm font-semibold text-stone-700">
            Week of {dateLabel(weekStart)} – {dateLabel(weekEnd)}
          </h4>
          <div className="flex gap-1">
            <button
              type="button"
              className="rounded-full p-2 text-stone-700 ring-1 ring-stone-200 hover:bg-stone-100 disabled:opacity-40"
              disabled={weekStart <= today}
              onClick={() => {
                setWeekStart(addDays(weekStart, -7) < today ? today : addDays(weekStart, -7));
                setDay(null);
              }}
              aria-label="Earlier week"
            >
              <ChevronLeft className="h-4 w-4" aria-hidden />
            </button>
            <button
              type="button"
              className="rounded-full p-2 text-stone-700 ring-1 ring-stone-200 hover:bg-stone-100"
              onClick={() => {
                setWeekStart(addDays(weekStart, 7));
                setDay(null);
              }}
              aria-label="Later week"
            >
              <ChevronRight className="h-4 w-4" aria-hidden />
            </button>
          </div>
        </div>
        <div className="grid grid-cols-7 gap-1" role="group" aria-label="Days of the week">
          {[...byDay.entries()].map(([d, s]) => (
            <button
              key={d}
              type="button"
              aria-pressed={d === day}
              onClick={() => {
                setDay(d);
                setExpanded(false);
              }}
              className={`flex flex-col items-center rounded-xl px-1 py-2 text-xs ring-1 ${d === day ? 'bg-stone-900 text-white ring-stone-900' : s.length ? 'bg-white text-stone-800 ring-stone-200 hover:bg-stone-50' : 'bg-stone-50 text-stone-500 ring-stone-100'}`}
            >
              <span className="font-semibold">{dateLabel(d).split(' ')[0]}</span>
              <span className="text-base font-semibold tabular-nums">{d.slice(8).replace(/^0/, '')}</span>
              <span className="mt-0.5 tabular-nums">
                {week.isPending ? (
                  '…'
                ) : s.length ? (
                  <>
                    {s.length}
                    <span className="hidden sm:inline"> free</span>
                    <span className="sr-only sm:hidden"> free</span>
                  </>
                ) : (
                  'none'
                )}
              </span>
            </button>
          ))}
        </div>
        <div className="mt-3 min-h-12">
          {week.isPending ? (
            <div className="h-10 animate-pulse rounded-xl bg-stone-100" />
          ) : daySlots.length === 0 ? (
            <p className="text-sm text-stone-600">Nothing free on {dateLabel(day)}.</p>
          ) : (
            <div role="group" aria-label={`Free times on ${dateLabel(day)}`} className="space-y-3">
              {parts.map((part) => (
                <div key={part.label}>
                  <p className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-stone-500">{part.label}</p>
                  <div className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-6">
                    {(expanded ? part.slots : part.slots.slice(0, PART_PREVIEW)).map((s) => slotButton(s))}
                  </div>
                </div>
              ))}
              {!expanded && parts.some((p) => p.slots.length > PART_PREVIEW) && (
                <button type="button" className="text-sm font-semibold text-brand-800 hover:underline" onClick={() => setExpanded(true)}>
                  Show all {daySlots.length} times on {dateLabel(day)}
                </button>
              )}
            </div>
          )}
        </div>
      </div>
      <ZoneNote timeZone={timeZone} times={[...soonest, ...daySlots].map((s) => s.start)} />
    </div>
  );
}
