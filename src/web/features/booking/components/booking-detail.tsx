import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { TextArea } from '@web/components/ui/field';
import { useToast } from '@web/components/ui/toast';
import { errorMessage } from '@web/lib/api';
import { partnerBookingApi } from '../api/booking-api';
import { priceLabel } from '../lib/money';
import { depositStatusText, STATE_LABEL } from '../lib/states';
import { clock, duration, longDay } from '../lib/time';
import type { Booking } from './booking-card';

type Action = 'accept' | 'decline' | 'complete' | 'no-show' | 'cancel';
const DONE: Record<Action, string> = {
  accept: 'Request accepted: the client has been told.',
  decline: 'Request declined.',
  complete: 'Marked completed.',
  'no-show': 'Marked as a no-show.',
  cancel: 'Booking cancelled: the client gets a full refund of any deposit.',
};
const ACTOR = { client: 'Client', professional: 'You', system: 'Tress' } as const;

/** A booking as the professional sees it: the client, their look and notes, the history, and what to do next. */
export function BookingDetail({ b, onClose }: { b: Booking; onClose?: () => void }) {
  const [asking, setAsking] = useState<'decline' | 'cancel' | null>(null);
  const [message, setMessage] = useState('');
  const qc = useQueryClient();
  const toast = useToast();
  const act = useMutation({
    mutationFn: (action: Action) => partnerBookingApi.act(b.id, { action, message: message.trim() || undefined }),
    onSuccess: async (_, action) => {
      setAsking(null);
      setMessage('');
      await qc.invalidateQueries({ queryKey: ['booking', 'partner', 'agenda'] });
      toast(DONE[action]);
    },
  });
  const tz = b.timeZone;
  const state = STATE_LABEL[b.state];
  const deposit = depositStatusText(b.deposit, b.currency);
  return (
    <article aria-label={`Booking: ${b.client.name}, ${b.service.name}`} className="space-y-4">
      <div className="flex items-start justify-between gap-3">
        <div>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${state.tone}`}>{b.state === 'pending' ? 'Request' : state.text}</span>
          <h3 className="mt-2 font-display text-xl font-semibold text-stone-900">{b.client.name}</h3>
          <p className="text-sm text-stone-600">
            {b.client.newClient ? 'New client' : 'Returning client'}
            {b.client.email && (
              <>
                {' · '}
                <a href={`mailto:${b.client.email}`} className="text-brand-800 hover:underline">
                  {b.client.email}
                </a>
              </>
            )}
          </p>
        </div>
        {onClose && (
          <Button variant="ghost" size="sm" onClick={onClose}>
            Close
          </Button>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-stone-500">Service</dt>
          <dd className="font-semibold text-stone-900">{b.service.name}</dd>
          <dd className="text-stone-600">
            {duration(b.service.totalMinutes)}
            {b.service.processingMinutes > 0 && `, ${duration(b.service.processingMinutes)} processing`}
          </dd>
        </div>
        <div>
          <dt className="text-stone-500">When</dt>
          <dd className="font-semibold text-stone-900">{longDay(b.start, tz)}</dd>
          <dd className="tabular-nums text-stone-600">
            {clock(b.start, tz)}–{clock(b.end, tz)}
          </dd>
        </div>
        <div>
          <dt className="text-stone-500">Price</dt>
          <dd className="text-stone-900">{priceLabel(b.price, b.currency)}</dd>
          {deposit && <dd className="text-stone-600">{deposit}</dd>}
        </div>
        {b.source && (
          <div>
            <dt className="text-stone-500">Booked through Tress</dt>
            <dd className="text-stone-900">
              {{ studio: 'From a studio look', portfolio: 'From your portfolio', directory: 'From the directory', profile: 'From your profile' }[b.source]}
            </dd>
          </div>
        )}
      </dl>
      {b.creation && (
        <figure className="rounded-2xl bg-stone-50 p-3 ring-1 ring-stone-200">
          <div className="grid grid-cols-2 gap-2">
            <img src={b.creation.beforeUrl} alt="The client’s hair today" className="aspect-[3/4] w-full rounded-xl object-cover" />
            <img src={b.creation.afterUrl} alt={`The look they want: ${b.creation.prompt}`} className="aspect-[3/4] w-full rounded-xl object-cover" />
          </div>
          <figcaption className="mt-2 text-sm text-stone-700">
            <span className="font-semibold text-stone-900">“{b.creation.prompt}”</span>
            {b.creation.summary && <span className="block text-stone-600">Colourist’s read: {b.creation.summary}</span>}
          </figcaption>
        </figure>
      )}
      {b.note && (
        <div>
          <h4 className="text-sm font-semibold text-stone-900">Their note</h4>
          <p className="mt-1 whitespace-pre-line rounded-xl bg-stone-50 px-3 py-2 text-sm text-stone-700">{b.note}</p>
        </div>
      )}

      <div className="flex flex-wrap gap-2">
        {b.state === 'pending' && (
          <>
            <Button size="sm" disabled={act.isPending} onClick={() => act.mutate('accept')}>
              Accept
            </Button>
            <Button size="sm" variant="secondary" disabled={act.isPending} onClick={() => setAsking('decline')}>
              Decline
            </Button>
          </>
        )}
        {b.can.finish && (
          <>
            <Button size="sm" disabled={act.isPending} onClick={() => act.mutate('complete')}>
              Mark completed
            </Button>
            <Button size="sm" variant="secondary" disabled={act.isPending} onClick={() => act.mutate('no-show')}>
              No-show
            </Button>
          </>
        )}
        {['confirmed', 'held'].includes(b.state) && b.can.cancel && (
          <Button size="sm" variant="ghost" disabled={act.isPending} onClick={() => setAsking('cancel')}>
            Cancel booking
          </Button>
        )}
      </div>
      {asking && (
        <div className="rounded-2xl bg-stone-50 p-4">
          <TextArea
            label={asking === 'decline' ? 'A word for the client (optional)' : 'Tell the client why (optional)'}
            rows={2}
            maxLength={500}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          {asking === 'cancel' && <p className="mt-2 text-xs text-stone-600">When you cancel, any deposit is refunded to the client in full.</p>}
          <div className="mt-3 flex gap-2">
            <Button size="sm" variant="danger" disabled={act.isPending} onClick={() => act.mutate(asking)}>
              {asking === 'decline' ? 'Decline request' : 'Cancel booking'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setAsking(null)}>
              Back
            </Button>
          </div>
        </div>
      )}
      {act.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(act.error, 'That didn’t work. Please try again.')}
        </p>
      )}
      {b.history.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold text-stone-700">History</summary>
          <ol className="mt-2 space-y-1 text-stone-600">
            {b.history.map((h, i) => (
              <li key={i}>
                <span className="tabular-nums">
                  {longDay(h.at, tz)}, {clock(h.at, tz)}
                </span>
                : {ACTOR[h.actor]} — {STATE_LABEL[h.to].text.toLowerCase()}
                {h.message && ` (“${h.message}”)`}
              </li>
            ))}
          </ol>
        </details>
      )}
    </article>
  );
}
