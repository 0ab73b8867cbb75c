import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { z } from 'zod';
import type { OpeningHoursSchema } from '@shared/booking/schemas';
import { MSG } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { useToast } from '@web/components/ui/toast';
import { errorMessage } from '@web/lib/api';
import { bookingKeys, partnerBookingApi } from '../api/booking-api';
import { bookingSchemas } from '../lib/booking-schemas';
import { todayIn, visitorTimeZone, WEEKDAYS } from '../lib/time';

type Hours = z.input<typeof OpeningHoursSchema>;
type Span = { start: string; end: string };
type Day = { open: string; close: string; breaks: Span[] };

const TIME =
  'rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm tabular-nums focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200';
const SELECT =
  'block w-full rounded-xl border border-stone-300 bg-white px-3 py-2.5 text-stone-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200';
const zones = () => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [visitorTimeZone()]);

/** A fresh salon's week: Tuesday to Saturday, 09:00–17:00, in the browser's zone. */
export const defaultHours = (): Hours => ({
  timeZone: visitorTimeZone(),
  weekly: [2, 3, 4, 5, 6].map((weekday) => ({ weekday, open: '09:00', close: '17:00', breaks: [] })),
  overrides: [],
  minNoticeMinutes: 120,
  maxDaysAhead: 60,
  slotStepMinutes: 15,
});

function Labelled({ label, children }: { label: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-700">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** Hours of one day with its breaks. */
function DayRow({ name, day, onChange }: { name: string; day: Day; onChange: (d: Day) => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input type="time" className={TIME} aria-label={`${name} opens`} value={day.open} onChange={(e) => onChange({ ...day, open: e.target.value })} />
      <span aria-hidden>–</span>
      <input type="time" className={TIME} aria-label={`${name} closes`} value={day.close} onChange={(e) => onChange({ ...day, close: e.target.value })} />
      {day.breaks.map((b, i) => (
        <span key={i} className="inline-flex items-center gap-1 rounded-lg bg-stone-100 px-2 py-1 text-xs text-stone-700">
          break
          <input
            type="time"
            className={TIME}
            aria-label={`${name} break ${i + 1} starts`}
            value={b.start}
            onChange={(e) => onChange({ ...day, breaks: day.breaks.map((x, j) => (j === i ? { ...x, start: e.target.value } : x)) })}
          />
          –
          <input
            type="time"
            className={TIME}
            aria-label={`${name} break ${i + 1} ends`}
            value={b.end}
            onChange={(e) => onChange({ ...day, breaks: day.breaks.map((x, j) => (j === i ? { ...x, end: e.target.value } : x)) })}
          />
          <button
            type="button"
            className="rounded p-1 hover:bg-stone-200"
            aria-label={`Remove ${name} break ${i + 1}`}
            onClick={() => onChange({ ...day, breaks: day.breaks.filter((_, j) => j !== i) })}
          >
            <Trash2 className="h-3.5 w-3.5" aria-hidden />
          </button>
        </span>
      ))}
      {day.breaks.length < 6 && (
        <button
          type="button"
          className="text-xs font-semibold text-brand-800 hover:underline"
          onClick={() => onChange({ ...day, breaks: [...day.breaks, { start: '13:00', end: '14:00' }] })}
        >
          + Break
        </button>
      )}
    </div>
  );
}

/** Weekly hours with breaks, dates that differ, and the booking window, in the salon's time zone. */
export function HoursEditor({ initial }: { initial: Hours }) {
  const [h, setH] = useState<Hours>(initial);
  const [error, setError] = useState<string | null>(null);
  const qc = useQueryClient();
  const toast = useToast();
  const update = (next: Partial<Hours>) => {
    setH((x) => ({ ...x, ...next }));
    setError(null);
  };
  const save = useMutation({
    mutationFn: () => partnerBookingApi.saveHours(h),
    onSuccess: async (saved) => {
      qc.setQueryData(bookingKeys.hours, saved);
      await qc.invalidateQueries({ queryKey: ['booking', 'services'] });
      toast('Opening hours saved.');
    },
    onError: (e) => setError(errorMessage(e, 'Couldn’t save your hours. Please try again.')),
  });
  const weekly = h.weekly;
  const setDay = (weekday: number, d: Day | null) =>
    update({ weekly: [...weekly.filter((w) => w.weekday !== weekday), ...(d ? [{ weekday, ...d }] : [])].sort((a, b) => a.weekday - b.weekday) });
  const overrides = h.overrides;
  const browserZone = visitorTimeZone();

  return (
    <form
      className="space-y-6"
      onFocus={bookingSchemas.warm}
      onSubmit={async (e) => {
        e.preventDefault();
        const schemas = await bookingSchemas().catch(() => null);
        if (!schemas) return setError(MSG.networkFailed);
        const parsed = schemas.OpeningHoursSchema.safeParse(h);
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the hours.');
        save.mutate();
      }}
    >
      <div className="max-w-md">
        <Labelled label="Time zone of the salon">
          {(id) => (
            <select id={id} className={SELECT} value={h.timeZone} onChange={(e) => update({ timeZone: e.target.value })}>
              {zones().map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        {h.timeZone !== browserZone && (
          <button type="button" className="mt-1 text-xs font-semibold text-brand-800 hover:underline" onClick={() => update({ timeZone: browserZone })}>
            Use this device’s zone ({browserZone.replace(/_/g, ' ')})
          </button>
        )}
      </div>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-stone-700">Weekly hours</legend>
        <div className="divide-y divide-stone-100 rounded-2xl ring-1 ring-stone-200">
          {WEEKDAYS.map((name, i) => {
            const d = weekly.find((w) => w.weekday === i + 1);
            return (
              <div key={name} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center">
                <label className="flex w-36 shrink-0 items-center gap-2 text-sm font-medium text-stone-800">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-700"
                    checked={Boolean(d)}
                    onChange={(e) => setDay(i + 1, e.target.checked ? { open: '09:00', close: '17:00', breaks: [] } : null)}
                  />
                  {name}
                </label>
                {d ? (
                  <DayRow name={name} day={{ ...d, breaks: d.breaks ?? [] }} onChange={(x) => setDay(i + 1, x)} />
                ) : (
                  <span className="text-sm text-stone-500">Closed</span>
                )}
              </div>
            );
          })}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-sm font-medium text-stone-700">Dates that differ</legend>
        <p className="mb-2 text-xs text-stone-500">Holidays, days off, or a late opening for a wedding party.</p>
        <div className="space-y-2">
          {overrides.map((o, i) => {
            const put = (next: Partial<typeof o>) => update({ overrides: overrides.map((x, j) => (j === i ? { ...x, ...next } : x)) });
            return (
              <div key={i} className="flex flex-wrap items-center gap-2 rounded-2xl bg-stone-50 px-3 py-2">
                <input
                  type="date"
                  className={TIME}
                  aria-label={`Date ${i + 1}`}
                  value={o.date}
                  min={todayIn(h.timeZone)}
                  onChange={(e) => put({ date: e.target.value })}
                />
                <select
                  className={TIME}
                  aria-label={`Date ${i + 1} is`}
                  value={o.hours ? 'open' : 'closed'}
                  onChange={(e) => put({ hours: e.target.value === 'open' ? { open: '10:00', close: '16:00', breaks: [] } : null })}
                >
                  <option value="closed">Closed</option>
                  <option value="open">Open</option>
                </select>
                {o.hours && <DayRow name={`Date ${i + 1}`} day={{ ...o.hours, breaks: o.hours.breaks ?? [] }} onChange={(d) => put({ hours: d })} />}
                <input
                  className={`${TIME} min-w-0 flex-1`}
                  aria-label={`Date ${i + 1} note`}
                  placeholder="Why (optional)"
                  maxLength={80}
                  value={o.label ?? ''}
                  onChange={(e) => put({ label: e.target.value })}
                />
                <button
                  type="button"
                  className="rounded p-1.5 text-stone-600 hover:bg-stone-200"
                  aria-label={`Remove date ${i + 1}`}
                  onClick={() => update({ overrides: overrides.filter((_, j) => j !== i) })}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </button>
              </div>
            );
          })}
          <Button variant="secondary" size="sm" onClick={() => update({ overrides: [...overrides, { date: todayIn(h.timeZone), hours: null, label: '' }] })}>
            <Plus className="h-4 w-4" aria-hidden />
            Add a date
          </Button>
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-3">
        <Labelled label="Soonest a client can book">
          {(id) => (
            <select id={id} className={SELECT} value={h.minNoticeMinutes} onChange={(e) => update({ minNoticeMinutes: Number(e.target.value) })}>
              {[0, 30, 60, 120, 240, 720, 1440, 2880].map((m) => (
                <option key={m} value={m}>
                  {m === 0
                    ? 'Any time'
                    : m < 60
                      ? `${m} minutes ahead`
                      : m < 1440
                        ? `${m / 60} hours ahead`
                        : `${m / 1440} ${m === 1440 ? 'day' : 'days'} ahead`}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label="Furthest ahead">
          {(id) => (
            <select id={id} className={SELECT} value={h.maxDaysAhead} onChange={(e) => update({ maxDaysAhead: Number(e.target.value) })}>
              {[14, 30, 60, 90, 180, 365].map((d) => (
                <option key={d} value={d}>
                  {d} days
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label="Start times every">
          {(id) => (
            <select
              id={id}
              className={SELECT}
              value={h.slotStepMinutes}
              onChange={(e) => update({ slotStepMinutes: Number(e.target.value) as Hours['slotStepMinutes'] })}
            >
              {[5, 10, 15, 20, 30, 60].map((m) => (
                <option key={m} value={m}>
                  {m} minutes
                </option>
              ))}
            </select>
          )}
        </Labelled>
      </div>

      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save hours'}
      </Button>
    </form>
  );
}
