import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Settings2, Trash2 } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '@web/components/ui/button';
import { LoadingScreen } from '@web/components/ui/loading-screen';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-title';
import { useToast } from '@web/components/ui/toast';
import { ApiError, errorMessage } from '@web/lib/api';
import { useUrlParams } from '@web/lib/use-url-params';
import { bookingKeys, partnerBookingApi } from '../api/booking-api';
import { BlockTimeForm } from '../components/block-time-form';
import type { Booking } from '../components/booking-card';
import { BookingDetail } from '../components/booking-detail';
import { CalendarFeedCard } from '../components/calendar-feed-card';
import { STATE_LABEL } from '../lib/states';
import { addDays, clock, dateIn, dateLabel, longDay, todayIn, visitorTimeZone, weekdayOf, zoneCity } from '../lib/time';

type View = 'day' | 'week' | 'list';
type Block = { id: string; start: string; end: string; label: string };
const VIEWS: { id: View; label: string }[] = [
  { id: 'day', label: 'Day' },
  { id: 'week', label: 'Week' },
  { id: 'list', label: 'List' },
];
const LIVE = new Set(['held', 'pending', 'confirmed', 'completed', 'no_show']);
const CARD = 'rounded-3xl bg-white p-5 ring-1 ring-stone-200 sm:p-6';
const HOUR_PX = 56;

function range(view: View, date: string): [string, string] {
  if (view === 'day') return [date, date];
  if (view === 'week') {
    const monday = addDays(date, 1 - weekdayOf(date));
    return [monday, addDays(monday, 6)];
  }
  return [date, addDays(date, 27)];
}

/** A booking as a chip in the week view and the list. */
function Chip({ b, tz, selected, onSelect }: { b: Booking; tz: string; selected: boolean; onSelect: () => void }) {
  const tone = b.state === 'pending' ? 'bg-amber-50 ring-amber-300' : b.state === 'confirmed' ? 'bg-brand-50 ring-brand-200' : 'bg-stone-50 ring-stone-200';
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      className={`block w-full rounded-xl px-2.5 py-1.5 text-left text-xs ring-1 transition hover:ring-brand-400 ${tone} ${selected ? 'ring-2 ring-brand-600' : ''}`}
    >
      <span className="font-semibold tabular-nums text-stone-900">{clock(b.start, tz)}</span> <span className="text-stone-800">{b.client.name}</span>
      <span className="block truncate text-stone-600">{b.service.name}</span>
    </button>
  );
}

/** /partner/bookings (professional): requests first, then the day, the week or a list; block time and the calendar feed. */
export default function PartnerBookingsPage() {
  const [params, setParams] = useUrlParams();
  const qc = useQueryClient();
  const toast = useToast();
  const hours = useQuery({
    queryKey: bookingKeys.hours,
    queryFn: async ({ signal }) => {
      try {
        return await partnerBookingApi.hours(signal);
      } catch (e) {
        if (e instanceof ApiError && e.code === 'not-found') return null;
        throw e;
      }
    },
  });
  const tz = hours.data?.timeZone ?? visitorTimeZone();
  const view = (['day', 'week', 'list'] as const).find((v) => v === params.get('view')) ?? 'week';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : todayIn(tz);
  const selectedId = params.get('booking');
  const [from, to] = range(view, date);
  const agenda = useQuery({
    queryKey: bookingKeys.agenda(from, to),
    queryFn: ({ signal }) => partnerBookingApi.agenda(from, to, signal),
    enabled: !hours.isPending,
    refetchInterval: 60_000,
  });
  const set = (next: Record<string, string | null>) =>
    setParams((p) => {
      for (const [k, v] of Object.entries(next)) {
        if (v) p.set(k, v);
        else p.delete(k);
      }
    });
  const unblock = useMutation({
    mutationFn: (id: string) => partnerBookingApi.unblock(id),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['booking', 'partner', 'agenda'] });
      toast('Time freed.', 'info');
    },
    onError: (e) => toast(errorMessage(e, 'Couldn’t free that time.'), 'error'),
  });
  const bookings = useMemo(() => agenda.data?.bookings ?? [], [agenda.data]);
  const pending = bookings.filter((b) => b.state === 'pending');
  const shown = bookings.filter((b) => LIVE.has(b.state)).sort((a, b) => a.start.localeCompare(b.start));
  const blocks = agenda.data?.blocks ?? [];
  const selected = bookings.find((b) => b.id === selectedId) ?? null;
  useEffect(() => {
    if (selected) document.getElementById('booking-detail')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [selected]);

  if (hours.isPending) return <LoadingScreen />;
  const step = view === 'day' ? 1 : view === 'week' ? 7 : 28;
  const days = Array.from({ length: view === 'week' ? 7 : 1 }, (_, i) => addDays(from, i));
  const onDay = (d: string) => shown.filter((b) => dateIn(b.start, tz) === d);
  const blocksOn = (d: string) => blocks.filter((b) => dateIn(b.start, tz) <= d && dateIn(b.end, tz) >= d);
  const pick = (b: Booking) => set({ booking: b.id === selectedId ? null : b.id });

  const blockChip = (bl: Block) => (
    <div key={bl.id} className="flex items-center justify-between gap-1 rounded-xl bg-stone-200/70 px-2.5 py-1.5 text-xs text-stone-700">
      <span>
        <span className="font-semibold tabular-nums">
          {clock(bl.start, tz)}–{clock(bl.end, tz)}
        </span>{' '}
        {bl.label || 'Blocked'}
      </span>
      <button
        type="button"
        className="rounded p-0.5 hover:bg-stone-300"
        aria-label={`Free the blocked time ${bl.label || ''} at ${clock(bl.start, tz)}`}
        onClick={() => unblock.mutate(bl.id)}
      >
        <Trash2 className="h-3.5 w-3.5" aria-hidden />
      </button>
    </div>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
      <PageTitle sub={`Your appointments through Tress, in ${zoneCity(tz)} time.`}>Bookings</PageTitle>
      {!hours.data && (
        <div className="mb-6">
          <Notice tone="info" title="Online booking is not open yet">
            Add your services and opening hours so clients can book you.{' '}
            <Link to="/partner/services" className="font-semibold underline">
              Set them up
            </Link>
          </Notice>
        </div>
      )}
      {pending.length > 0 && (
        <section aria-labelledby="requests-heading" className="mb-8 rounded-3xl bg-amber-50 p-5 ring-1 ring-amber-200 sm:p-6">
          <h2 id="requests-heading" className="mb-3 font-display text-xl font-semibold text-stone-900">
            {pending.length === 1 ? '1 request waiting for you' : `${pending.length} requests waiting for you`}
          </h2>
          <ul className="space-y-3">
            {pending.map((b) => (
              <li key={b.id} className="rounded-2xl bg-white p-4 ring-1 ring-amber-200">
                <BookingDetail b={b} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="rounded-full p-2 ring-1 ring-stone-200 hover:bg-stone-100"
            aria-label="Earlier"
            onClick={() => set({ date: addDays(date, -step) })}
          >
            <ChevronLeft className="h-4 w-4" aria-hidden />
          </button>
          <button
            type="button"
            className="rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ring-stone-200 hover:bg-stone-100"
            onClick={() => set({ date: null })}
          >
            Today
          </button>
          <button
            type="button"
            className="rounded-full p-2 ring-1 ring-stone-200 hover:bg-stone-100"
            aria-label="Later"
            onClick={() => set({ date: addDays(date, step) })}
          >
            <ChevronRight className="h-4 w-4" aria-hidden />
          </button>
          <h2 className="ml-1 font-semibold text-stone-900" aria-live="polite">
            {view === 'day' ? longDay(`${date}T12:00:00Z`, 'UTC') : `${dateLabel(from)} – ${dateLabel(to)}`}
          </h2>
        </div>
        <div className="flex items-center gap-2">
          <div role="group" aria-label="View" className="flex rounded-full bg-stone-100 p-1">
            {VIEWS.map((v) => (
              <button
                key={v.id}
                type="button"
                aria-pressed={view === v.id}
                onClick={() => set({ view: v.id })}
                className={`rounded-full px-3 py-1 text-sm font-semibold ${view === v.id ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-600'}`}
              >
                {v.label}
              </button>
            ))}
          </div>
          <ButtonLink to="/partner/services" variant="ghost" size="sm">
            <Settings2 className="h-4 w-4" aria-hidden />
            Services & hours
          </ButtonLink>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[1fr_360px]">
        <div className="min-w-0">
          {agenda.isError && <Notice tone="error">{errorMessage(agenda.error, 'Couldn’t load your bookings.')}</Notice>}
          {view === 'week' && (
            <div className="overflow-x-auto rounded-3xl bg-white ring-1 ring-stone-200">
              <div className="grid min-w-[760px] grid-cols-7 divide-x divide-stone-100">
                {days.map((d) => (
                  <div key={d} className="min-h-64 p-2">
                    <button
                      type="button"
                      onClick={() => set({ view: 'day', date: d })}
                      className={`mb-2 w-full rounded-lg px-1 py-1 text-center text-xs font-semibold hover:bg-stone-100 ${d === todayIn(tz) ? 'text-brand-800' : 'text-stone-600'}`}
                    >
                      {dateLabel(d)}
                    </button>
                    <div className="space-y-1.5">
                      {blocksOn(d).map(blockChip)}
                      {onDay(d).map((b) => (
                        <Chip key={b.id} b={b} tz={tz} selected={b.id === selectedId} onSelect={() => pick(b)} />
                      ))}
                    </div>
                  </div>
                ))}
              </div>
            </div>
          )}
          {view === 'day' && (
            <DayTimeline
              date={date}
              tz={tz}
              bookings={onDay(date)}
              blocks={blocksOn(date)}
              selectedId={selectedId}
              onSelect={pick}
              blockChip={blockChip}
              loading={agenda.isPending}
            />
          )}
          {view === 'list' && (
            <div className="rounded-3xl bg-white ring-1 ring-stone-200">
              {shown.length === 0 && !agenda.isPending ? (
                <p className="p-6 text-center text-sm text-stone-600">No bookings in these four weeks.</p>
              ) : (
                <ul className="divide-y divide-stone-100">
                  {shown.map((b) => (
                    <li key={b.id}>
                      <button
                        type="button"
                        onClick={() => pick(b)}
                        aria-pressed={b.id === selectedId}
                        className="flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-stone-50 sm:items-center sm:gap-4 sm:px-5"
                      >
                        <span className="w-24 shrink-0 text-sm tabular-nums text-stone-900 sm:w-28">
                          <span className="block font-semibold">{dateLabel(dateIn(b.start, tz))}</span>
                          {clock(b.start, tz)}–{clock(b.end, tz)}
                        </span>
                        <span className="min-w-0 flex-1">
                          <span className="block truncate font-semibold text-stone-900">{b.client.name}</span>
                          <span className="block truncate text-sm text-stone-600">{b.service.name}</span>
                          {/* on a phone the state goes under the name, which keeps the width the name needs */}
                          <StateChip b={b} className="mt-1 sm:hidden" />
                        </span>
                        <StateChip b={b} className="hidden sm:inline-block" />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
        <aside className="space-y-6">
          {selected && (
            <section id="booking-detail" aria-label="Selected booking" className={CARD}>
              <BookingDetail b={selected} onClose={() => set({ booking: null })} />
            </section>
          )}
          <section aria-labelledby="block-heading" className={CARD}>
            <h2 id="block-heading" className="mb-3 font-semibold text-stone-900">
              Block time
            </h2>
            <BlockTimeForm key={date} timeZone={tz} date={date} />
          </section>
          <section aria-labelledby="feed-heading" className={CARD}>
            <h2 id="feed-heading" className="mb-2 font-semibold text-stone-900">
              Calendar feed
            </h2>
            <CalendarFeedCard />
          </section>
        </aside>
      </div>
    </div>
  );
}

/** One day as a timeline from the first to the last hour with something on it (08:00–19:00 at least). */
function DayTimeline({
  date,
  tz,
  bookings,
  blocks,
  selectedId,
  onSelect,
  blockChip,
  loading,
}: {
  date: string;
  tz: string;
  bookings: Booking[];
  blocks: Block[];
  selectedId: string | null;
  onSelect: (b: Booking) => void;
  blockChip: (b: Block) => React.ReactNode;
  loading: boolean;
}) {
  const minutesOf = (iso: string) => {
    const [h, m] = clock(iso, tz).split(':').map(Number);
    return dateIn(iso, tz) < date ? 0 : dateIn(iso, tz) > date ? 24 * 60 : h! * 60 + m!;
  };
  const starts = bookings.map((b) => minutesOf(b.start));
  const ends = bookings.map((b) => minutesOf(b.end));
  const first = Math.min(8, ...starts.map((m) => Math.floor(m / 60)));
  const last = Math.max(19, ...ends.map((m) => Math.ceil(m / 60)));
  const hoursList = Array.from({ length: last - first }, (_, i) => first + i);
  return (
    <div className="rounded-3xl bg-white p-4 ring-1 ring-stone-200">
      {blocks.length > 0 && <div className="mb-3 space-y-1.5">{blocks.map(blockChip)}</div>}
      {!loading && bookings.length === 0 && <p className="mb-3 text-sm text-stone-600">Nothing booked on this day.</p>}
      <div className="relative" style={{ height: (last - first) * HOUR_PX }}>
        {hoursList.map((h, i) => (
          <div key={h} className="absolute inset-x-0 flex border-t border-stone-100" style={{ top: i * HOUR_PX }}>
            <span className="w-12 -translate-y-2 bg-white pr-2 text-right text-xs tabular-nums text-stone-500">{String(h).padStart(2, '0')}:00</span>
          </div>
        ))}
        {bookings.map((b) => {
          const top = ((minutesOf(b.start) - first * 60) / 60) * HOUR_PX;
          const height = Math.max(28, ((minutesOf(b.end) - minutesOf(b.start)) / 60) * HOUR_PX - 2);
          return (
            <button
              key={b.id}
              type="button"
              onClick={() => onSelect(b)}
              aria-pressed={b.id === selectedId}
              className={`absolute left-14 right-1 flex flex-col items-start justify-start overflow-hidden rounded-xl px-3 py-1.5 text-left text-xs ring-1 ${b.state === 'pending' ? 'bg-amber-50 ring-amber-300' : 'bg-brand-50 ring-brand-200'} ${b.id === selectedId ? 'ring-2 ring-brand-600' : ''}`}
              style={{ top, height }}
            >
              <span>
                <span className="font-semibold tabular-nums text-stone-900">
                  {clock(b.start, tz)}–{clock(b.end, tz)}
                </span>{' '}
                <span className="font-semibold text-stone-900">{b.client.name}</span> · <span className="text-stone-700">{b.service.name}</span>
              </span>
              {b.service.processingMinutes > 0 && (
                <span className="block text-stone-600">{b.service.processingMinutes} min processing: free for another client</span>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}

function StateChip({ b, className }: { b: Booking; className: string }) {
  return (
    <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_LABEL[b.state].tone} ${className}`}>
      {b.state === 'pending' ? 'Request' : STATE_LABEL[b.state].text}
    </span>
  );
}
