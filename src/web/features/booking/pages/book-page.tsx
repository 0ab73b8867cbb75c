import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarCheck, CreditCard, ShieldCheck } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { BOOKING_SOURCES, type BookingSource } from '@shared/booking/sources';
import { bookingPaths } from '@shared/booking/paths';
import { Button } from '@web/components/ui/button';
import { TextArea } from '@web/components/ui/field';
import { LoadingScreen } from '@web/components/ui/loading-screen';
import { Notice } from '@web/components/ui/notice';
import { usePageMeta } from '@web/components/ui/page-title';
import { useToast } from '@web/components/ui/toast';
import { ApiError, call, errorMessage } from '@web/lib/api';
import { bookingApi } from '../api/booking-api';
import { LookPicker } from '../components/look-picker';
import { durationLabel, ServiceSummary } from '../components/service-summary';
import { SlotPicker, TimeWithLocal, ZoneNote, type Slot } from '../components/slot-picker';
import { usePublicServices } from '../hooks/use-services';
import { matchingService } from '../lib/book-link';
import { depositCents, money, priceLabel } from '../lib/money';
import { policyLines } from '../lib/policy';
import { clock, longDay } from '../lib/time';

const STEP = 'rounded-3xl bg-white p-5 ring-1 ring-stone-200 sm:p-7';
const newKey = () => crypto.randomUUID();

/** The nearest free times a lost race answers with (409), read from the error's details. */
function nearestOf(e: unknown): Slot[] {
  if (!(e instanceof ApiError) || e.status !== 409 || !e.details || typeof e.details !== 'object') return [];
  const nearest = (e.details as { nearest?: unknown }).nearest;
  return Array.isArray(nearest) ? nearest.filter((s): s is Slot => typeof s?.start === 'string' && typeof s?.end === 'string') : [];
}

function StepHeading({ n, id, children }: { n: number; id: string; children: string }) {
  return (
    <h2 id={id} className="mb-4 flex items-center gap-3 font-display text-xl font-semibold text-stone-900">
      <span className="grid h-7 w-7 place-items-center rounded-full bg-stone-900 font-sans text-sm text-white" aria-hidden>
        {n}
      </span>
      {children}
    </h2>
  );
}

/** /professionals/:idOrSlug/book (signed in): service, time, look and note, the policy and deposit, then Book. */
export default function BookPage() {
  const { idOrSlug = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const profile = useQuery({
    queryKey: ['partners', 'profile', idOrSlug],
    queryFn: ({ signal }) => call('GET /api/partners/:idOrSlug', { params: { idOrSlug }, query: {} }, { signal }),
  });
  const menu = usePublicServices(idOrSlug);
  const source = (BOOKING_SOURCES as readonly string[]).includes(params.get('source') ?? '') ? (params.get('source') as BookingSource) : 'profile';
  const [serviceChoice, setService] = useState<string | null>(params.get('service'));
  const [start, setStart] = useState<string | null>(params.get('start'));
  const [look, setLook] = useState<string | null>(params.get('look'));
  const [note, setNote] = useState('');
  const [history, setHistory] = useState('');
  const [nearest, setNearest] = useState<Slot[]>([]);
  const key = useRef(newKey());
  usePageMeta(profile.data ? { title: `Book with ${profile.data.businessName} — Tress` } : undefined);

  const bookable = useMemo(() => menu.data?.services.filter((s) => s.bookableOnline) ?? [], [menu.data]);
  const service =
    bookable.find((s) => s.id === serviceChoice) ?? matchingService(bookable, params.get('style')) ?? (bookable.length === 1 ? bookable[0] : undefined);

  const book = useMutation({
    mutationFn: () => {
      const parts = [note.trim(), history.trim() && `Hair history: ${history.trim()}`].filter(Boolean);
      return bookingApi.create({
        serviceId: service!.id,
        start: start!,
        idempotencyKey: key.current,
        note: parts.length ? parts.join('\n\n') : undefined,
        creationId: look ?? undefined,
        source,
      });
    },
    onSuccess: ({ booking, payment }) => {
      if (payment) return window.location.assign(payment.checkoutUrl);
      toast(booking.state === 'pending' ? 'Request sent' : 'You’re booked');
      navigate(`${bookingPaths.mine}?booked=${encodeURIComponent(booking.id)}`);
    },
    onError: (e) => {
      const n = nearestOf(e);
      if (n.length || (e instanceof ApiError && e.status === 409)) {
        // the time went to someone else: a new attempt gets a new key
        key.current = newKey();
        setNearest(n);
        setStart(null);
      }
    },
  });

  if (profile.isPending || menu.isPending) return <LoadingScreen />;
  if (profile.isError || !profile.data)
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <Notice tone="error" title="Couldn’t open booking">
          {errorMessage(profile.error, 'Please try again.')}
        </Notice>
      </div>
    );
  const p = profile.data;
  const data = menu.data;
  if (!data || bookable.length === 0)
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="font-display text-3xl font-semibold text-stone-900">Online booking isn’t open</h1>
        <p className="mt-3 text-stone-600">{p.businessName} doesn’t take bookings online yet. Send them a message from their profile instead.</p>
        <Link to={`/professionals/${idOrSlug}#contact`} className="mt-6 inline-block font-semibold text-brand-800 hover:underline">
          Message {p.businessName}
        </Link>
      </div>
    );
  const tz = data.timeZone;
  const deposit = service?.deposit ? depositCents(service.deposit, service.price) : null;
  const depositOnline = service?.deposit && data.deposits === 'online';
  const isColour = service?.consultationForNewColourClients;
  const raced = book.error instanceof ApiError && book.error.status === 409;

  return (
    <div className="mx-auto max-w-6xl px-4 pb-24 pt-8 sm:px-6 sm:pt-12 lg:pb-12">
      <Link to={`/professionals/${idOrSlug}`} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-stone-600 hover:text-stone-950">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {p.businessName}
      </Link>
      <h1 className="font-display text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">Book with {p.businessName}</h1>
      {p.location && <p className="mt-1 text-stone-600">{p.location}</p>}

      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_360px]">
        <div className="min-w-0 space-y-6">
          <section className={STEP} aria-labelledby="step-service">
            <StepHeading n={1} id="step-service">
              Choose a service
            </StepHeading>
            <fieldset aria-labelledby="step-service">
              <div className="space-y-2">
                {bookable.map((s) => (
                  <label
                    key={s.id}
                    className={`flex cursor-pointer gap-3 rounded-2xl p-4 ring-1 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${s.id === service?.id ? 'bg-brand-50/60 ring-brand-300' : 'ring-stone-200 hover:bg-stone-50'}`}
                  >
                    <input
                      type="radio"
                      name="service"
                      className="mt-1 accent-brand-700"
                      checked={s.id === service?.id}
                      onChange={() => {
                        setService(s.id);
                        setStart(null);
                        setNearest([]);
                      }}
                    />
                    <div className="min-w-0 flex-1">
                      <ServiceSummary s={s} deposits={data.deposits} />
                    </div>
                  </label>
                ))}
              </div>
            </fieldset>
          </section>

          <section className={STEP} aria-labelledby="step-time">
            <StepHeading n={2} id="step-time">
              Pick a time
            </StepHeading>
            {!service ? (
              <p className="text-sm text-stone-600">Choose a service first.</p>
            ) : (
              <>
                {raced && (
                  <div className="mb-4">
                    <Notice tone="warning" title="That time was just taken">
                      {nearest.length
                        ? 'Someone booked it a moment before you. These are the nearest free times:'
                        : 'Someone booked it a moment before you. Please pick another time.'}
                    </Notice>
                    {nearest.length > 0 && (
                      <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Nearest free times">
                        {nearest.map((s) => (
                          <button
                            key={s.start}
                            type="button"
                            onClick={() => {
                              setStart(s.start);
                              book.reset();
                            }}
                            className="rounded-xl bg-white px-3 py-2 text-sm font-semibold ring-1 ring-amber-300 hover:bg-amber-50"
                          >
                            {longDay(s.start, tz).split(' ').slice(0, 3).join(' ')} · <TimeWithLocal iso={s.start} timeZone={tz} />
                          </button>
                        ))}
                      </div>
                    )}
                  </div>
                )}
                <SlotPicker idOrSlug={idOrSlug} serviceId={service.id} timeZone={tz} selected={start} onPick={(s) => (setStart(s.start), book.reset())} />
              </>
            )}
          </section>

          <section className={STEP} aria-labelledby="step-details">
            <StepHeading n={3} id="step-details">
              Show what you want
            </StepHeading>
            <p className="mb-3 text-sm text-stone-600">
              Attach a look you tried: {p.fullName.split(' ')[0] || p.businessName} sees the render, your photo as it is today and the colourist’s read.
            </p>
            <LookPicker selected={look} onSelect={setLook} />
            <div className="mt-5 space-y-4">
              <TextArea
                label="A note for your appointment (optional)"
                rows={3}
                maxLength={2000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                placeholder="Anything they should know: the length you want to keep, a date you’re getting ready for…"
              />
              {isColour && (
                <TextArea
                  label="Your hair history (for the consultation)"
                  rows={3}
                  maxLength={800}
                  value={history}
                  onChange={(e) => setHistory(e.target.value)}
                  placeholder="Colour, bleach, henna, relaxers or keratin in the last two years, and any reaction to hair dye."
                />
              )}
            </div>
          </section>
        </div>

        <aside className="space-y-4 self-start lg:sticky lg:top-24">
          <section aria-labelledby="summary-heading" className="rounded-3xl bg-stone-900 p-6 text-white">
            <h2 id="summary-heading" className="font-display text-xl font-semibold">
              Your appointment
            </h2>
            {service ? (
              <dl className="mt-4 space-y-3 text-sm">
                <div>
                  <dt className="text-stone-400">Service</dt>
                  <dd className="font-semibold">{service.name}</dd>
                  <dd className="text-stone-300">
                    {durationLabel(service)} · {priceLabel(service.price, service.currency)}
                  </dd>
                </div>
                <div>
                  <dt className="text-stone-400">When</dt>
                  {start ? (
                    <>
                      <dd className="font-semibold">{longDay(start, tz)}</dd>
                      <dd className="tabular-nums">
                        <TimeWithLocal iso={start} timeZone={tz} />
                      </dd>
                    </>
                  ) : (
                    <dd className="text-stone-300">Pick a time</dd>
                  )}
                </div>
                {service.deposit && (
                  <div>
                    <dt className="text-stone-400">Deposit</dt>
                    <dd className="font-semibold">
                      {deposit !== null ? money(deposit, service.currency) : `${service.deposit.kind === 'percent' ? `${service.deposit.percent} %` : ''}`}
                      {service.deposit.appliesTo === 'new' && <span className="font-normal text-stone-300"> if this is your first visit</span>}
                    </dd>
                    <dd className="text-stone-300">{depositOnline ? 'Paid now by card, taken off the price on the day.' : 'Paid at the salon.'}</dd>
                  </div>
                )}
              </dl>
            ) : (
              <p className="mt-3 text-sm text-stone-300">Choose a service to begin.</p>
            )}
            {book.isError && !raced && (
              <p role="alert" className="mt-4 rounded-xl bg-red-500/15 px-3 py-2 text-sm text-red-100">
                {errorMessage(book.error, 'Couldn’t book. Please try again.')}
              </p>
            )}
            <Button className="mt-5 w-full" size="lg" disabled={!service || !start || book.isPending} onClick={() => book.mutate()}>
              {depositOnline ? <CreditCard className="h-4 w-4" aria-hidden /> : <CalendarCheck className="h-4 w-4" aria-hidden />}
              {book.isPending
                ? 'Booking…'
                : service?.confirmation === 'request'
                  ? depositOnline
                    ? 'Request and pay deposit'
                    : 'Send request'
                  : depositOnline
                    ? 'Book and pay deposit'
                    : 'Book'}
            </Button>
            {service?.confirmation === 'request' && (
              <p className="mt-2 text-xs text-stone-300">{p.businessName} confirms requests within 24 hours; until then nothing is final.</p>
            )}
          </section>
          <section aria-labelledby="policy-heading" className="rounded-3xl bg-white p-6 ring-1 ring-stone-200">
            <h2 id="policy-heading" className="flex items-center gap-2 font-semibold text-stone-900">
              <ShieldCheck className="h-4 w-4 text-emerald-700" aria-hidden />
              {p.businessName}’s policy
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-700">
              {policyLines(data.policy).map((l) => (
                <li key={l}>{l}</li>
              ))}
              {service?.patchTestLeadHours ? <li>This colour needs an allergy patch test at least {service.patchTestLeadHours} hours before.</li> : null}
            </ul>
            {data.policy.note && <p className="mt-2 whitespace-pre-line text-sm text-stone-600">{data.policy.note}</p>}
          </section>
          <ZoneNote timeZone={tz} times={start ? [start] : undefined} />
        </aside>
      </div>
      {service && start && (
        // on a phone the summary is below the steps: a bar keeps the chosen time and the way to it in view
        <div className="fixed inset-x-0 bottom-0 z-30 flex items-center justify-between gap-3 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur lg:hidden">
          <p className="min-w-0 truncate text-sm font-semibold text-stone-900">
            {longDay(start, tz).split(' ').slice(0, 3).join(' ')} · {clock(start, tz)}
          </p>
          <Button size="sm" onClick={() => document.getElementById('summary-heading')?.scrollIntoView({ behavior: 'smooth', block: 'start' })}>
            Review and book
          </Button>
        </div>
      )}
    </div>
  );
}
