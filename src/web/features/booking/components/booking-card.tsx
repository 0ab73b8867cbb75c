import { useQuery } from '@tanstack/react-query';
import { CalendarClock, MapPin, RotateCcw, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { BookingViewSchema } from '@shared/booking/views';
import { Button, ButtonLink } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { bookingApi, bookingKeys } from '../api/booking-api';
import { bookLink } from '../lib/book-link';
import { priceLabel } from '../lib/money';
import { cancelConsequence } from '../lib/policy';
import { depositStatusText, STATE_LABEL } from '../lib/states';
import { duration, longDay } from '../lib/time';
import { SlotPicker, TimeWithLocal } from './slot-picker';

export type Booking = z.infer<typeof BookingViewSchema>;

export interface BookingActions {
  reschedule: (start: string) => Promise<unknown>;
  cancel: () => Promise<unknown>;
  pay?: () => Promise<unknown>;
  /** Signed-in clients can book the same service again. */
  rebook?: boolean;
}

/** One booking for its client: when and where, its state and deposit, and what can be done with it now. */
export function BookingCard({ b, actions, highlight = false }: { b: Booking; actions: BookingActions; highlight?: boolean }) {
  const [mode, setMode] = useState<'idle' | 'reschedule' | 'cancel'>('idle');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // null once the salon left Tress (decision 191): the booking stays, its links and actions go
  const partnerKey = b.partner.slug ?? b.partner.id;
  const serviceId = b.service.id;
  const policy = useQuery({
    queryKey: bookingKeys.services(partnerKey ?? ''),
    queryFn: ({ signal }) => bookingApi.services(partnerKey!, signal),
    enabled: mode === 'cancel' && partnerKey !== null,
    staleTime: 60_000,
  });
  const state = STATE_LABEL[b.state];
  const deposit = depositStatusText(b.deposit, b.currency);
  const run = async (f: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await f();
      setMode('idle');
    } catch (e) {
      setError(errorMessage(e, 'That didn’t work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <article
      aria-label={`${b.service.name} with ${b.partner.businessName}`}
      className={`rounded-3xl bg-white p-5 ring-1 sm:p-6 ${highlight ? 'ring-2 ring-brand-400' : 'ring-stone-200'}`}
    >
      <div className="flex gap-4">
        {b.creation && <img src={b.creation.afterUrl} alt={`Your look: ${b.creation.prompt}`} className="h-24 w-20 shrink-0 rounded-xl object-cover" />}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${state.tone}`}>
              {b.state === 'cancelled_by_client' && b.late ? 'Cancelled late' : state.text}
            </span>
            {deposit && <span className="text-xs text-stone-600">{deposit}</span>}
          </div>
          <h3 className="mt-1.5 font-display text-lg font-semibold text-stone-900">{b.service.name}</h3>
          <p className="text-sm text-stone-700">
            {partnerKey ? (
              <Link to={`/professionals/${partnerKey}`} className="font-medium hover:text-brand-800 hover:underline">
                {b.partner.businessName}
              </Link>
            ) : (
              <span className="font-medium">{b.partner.businessName}</span>
            )}
            {b.partner.location && (
              <span className="ml-2 inline-flex items-center gap-0.5 text-stone-500">
                <MapPin className="h-3.5 w-3.5" aria-hidden />
                {b.partner.location}
              </span>
            )}
          </p>
          <p className="mt-1 text-sm font-semibold text-stone-900" data-testid="booking-when">
            {longDay(b.start, b.timeZone)} · <TimeWithLocal iso={b.start} timeZone={b.timeZone} />
          </p>
          <p className="text-xs text-stone-500">
            {duration(b.service.totalMinutes)} · {priceLabel(b.price, b.currency)}
          </p>
          {b.state === 'pending' && b.expiresAt && (
            <p className="mt-1 text-xs text-amber-800">
              {b.partner.businessName} answers by {longDay(b.expiresAt, b.timeZone)}, <TimeWithLocal iso={b.expiresAt} timeZone={b.timeZone} />.
            </p>
          )}
          {b.state === 'held' && b.expiresAt && (
            <p className="mt-1 text-xs text-amber-800">
              The time is held for you until <TimeWithLocal iso={b.expiresAt} timeZone={b.timeZone} />.
            </p>
          )}
          {!partnerKey && (
            <p className="mt-2 rounded-xl bg-stone-50 px-3 py-2 text-sm text-stone-700">
              {b.state === 'cancelled_by_professional'
                ? `${b.partner.businessName} closed their account on Tress and cancelled this appointment. We emailed you when they did.`
                : `${b.partner.businessName} is no longer on Tress. This visit stays here for your records.`}
            </p>
          )}
          {b.history.at(-1)?.message && b.history.at(-1)?.actor === 'professional' && (
            <p className="mt-2 rounded-xl bg-stone-50 px-3 py-2 text-sm text-stone-700">“{b.history.at(-1)!.message}”</p>
          )}
        </div>
      </div>

      <div className="mt-4 flex flex-wrap gap-2">
        {actions.pay && b.state === 'held' && b.deposit.status === 'due' && (
          <Button size="sm" disabled={busy} onClick={() => void run(actions.pay!)}>
            Pay deposit
          </Button>
        )}
        {/* inside the policy's window the server refuses a move: only cancelling (late) is left */}
        {b.can.reschedule && !b.can.cancelIsLate && (
          <Button size="sm" variant="secondary" aria-expanded={mode === 'reschedule'} onClick={() => setMode(mode === 'reschedule' ? 'idle' : 'reschedule')}>
            <CalendarClock className="h-4 w-4" aria-hidden />
            Reschedule
          </Button>
        )}
        {b.can.cancel && (
          <Button size="sm" variant="ghost" aria-expanded={mode === 'cancel'} onClick={() => setMode(mode === 'cancel' ? 'idle' : 'cancel')}>
            <X className="h-4 w-4" aria-hidden />
            Cancel booking
          </Button>
        )}
        {actions.rebook &&
          partnerKey &&
          serviceId &&
          ['completed', 'cancelled_by_client', 'cancelled_by_professional', 'declined', 'expired', 'no_show'].includes(b.state) && (
            <ButtonLink to={bookLink(partnerKey, { service: serviceId, source: 'profile' })} size="sm" variant="secondary">
              <RotateCcw className="h-4 w-4" aria-hidden />
              Book again
            </ButtonLink>
          )}
        {actions.rebook && partnerKey && b.state === 'completed' && (
          <ButtonLink to={`/professionals/${partnerKey}#reviews-heading`} size="sm" variant="ghost">
            Leave a review
          </ButtonLink>
        )}
      </div>

      {mode === 'reschedule' && partnerKey && serviceId && (
        <div className="mt-4 rounded-2xl bg-stone-50 p-4">
          <h4 className="mb-3 font-semibold text-stone-900">Choose a new time</h4>
          <SlotPicker
            idOrSlug={partnerKey}
            serviceId={serviceId}
            timeZone={b.timeZone}
            selected={null}
            exclude={b.start}
            onPick={(s) => {
              if (!busy) void run(() => actions.reschedule(s.start));
            }}
          />
        </div>
      )}
      {mode === 'cancel' && (
        <div className="mt-4 rounded-2xl bg-red-50 p-4 ring-1 ring-red-100">
          <p className="text-sm text-red-950">{cancelConsequence({ ...b, late: b.can.cancelIsLate }, policy.data?.policy, b.partner.businessName)}</p>
          <div className="mt-3 flex gap-2">
            <Button size="sm" variant="danger" disabled={busy || policy.isPending} onClick={() => void run(actions.cancel)}>
              {busy ? 'Cancelling…' : 'Cancel this booking'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setMode('idle')}>
              Keep it
            </Button>
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
    </article>
  );
}
