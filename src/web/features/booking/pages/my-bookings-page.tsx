import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '@web/components/ui/button';
import { LoadingScreen } from '@web/components/ui/loading-screen';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-title';
import { errorMessage } from '@web/lib/api';
import { bookingApi, bookingKeys } from '../api/booking-api';
import { BookingCard, type Booking } from '../components/booking-card';

/** Polls the paid booking until the provider's confirmation has moved it on from "held". */
function usePaidBooking(id: string | null) {
  return useQuery({
    queryKey: bookingKeys.one(id ?? ''),
    queryFn: ({ signal }) => bookingApi.one(id!, signal),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data?.state === 'held' && q.state.dataUpdateCount < 60 ? 1000 : false),
  });
}

/** /bookings (signed in): upcoming and past bookings, with reschedule, cancel, pay and book again. */
export default function MyBookingsPage() {
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const paidId = params.get('paid');
  const unpaidId = params.get('unpaid');
  const bookedId = params.get('booked');
  const q = useQuery({ queryKey: bookingKeys.mine, queryFn: ({ signal }) => bookingApi.mine(signal) });
  const paid = usePaidBooking(paidId);
  const paidState = paid.data?.state;
  useEffect(() => {
    if (paidState && paidState !== 'held') void qc.invalidateQueries({ queryKey: bookingKeys.mine });
  }, [paidState, qc]);

  const refresh = () => qc.invalidateQueries({ queryKey: ['booking'] });
  const actionsFor = (b: Booking) => ({
    reschedule: async (start: string) => {
      await bookingApi.reschedule(b.id, start);
      await refresh();
    },
    cancel: async () => {
      await bookingApi.cancel(b.id);
      await refresh();
    },
    pay: async () => window.location.assign((await bookingApi.pay(b.id)).checkoutUrl),
    rebook: true,
  });

  if (q.isPending) return <LoadingScreen />;
  const highlight = paidId ?? bookedId ?? unpaidId;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <PageTitle sub="Your appointments with Tress professionals. Each one also arrives by email with a calendar invite.">My bookings</PageTitle>
      <div className="mb-6 space-y-3">
        {paidId &&
          (paid.data && paid.data.state !== 'held' ? (
            <Notice tone="success" title={paid.data.state === 'pending' ? 'Deposit paid: your request is with the salon' : 'Deposit paid: you’re booked'}>
              A confirmation is on its way to your inbox.
            </Notice>
          ) : (
            <Notice tone="info" title="Confirming your payment…">
              This takes a few seconds.
            </Notice>
          ))}
        {unpaidId && (
          <Notice tone="warning" title="The deposit wasn’t paid">
            Your time is held for a few minutes: pay the deposit below to keep it.
          </Notice>
        )}
        {q.isError && (
          <Notice tone="error" title="Couldn’t load your bookings">
            {errorMessage(q.error, 'Please try again.')}
          </Notice>
        )}
      </div>
      {q.data && (
        <>
          <section aria-labelledby="upcoming-heading">
            <h2 id="upcoming-heading" className="mb-3 font-display text-xl font-semibold text-stone-900">
              Upcoming
            </h2>
            {q.data.upcoming.length === 0 ? (
              <div className="rounded-3xl bg-white p-8 text-center ring-1 ring-stone-200">
                <p className="text-stone-600">Nothing booked yet.</p>
                <ButtonLink to="/professionals" className="mt-4">
                  <CalendarPlus className="h-4 w-4" aria-hidden />
                  Find a professional
                </ButtonLink>
              </div>
            ) : (
              <div className="space-y-4">
                {q.data.upcoming.map((b) => (
                  <BookingCard key={b.id} b={b} actions={actionsFor(b)} highlight={b.id === highlight} />
                ))}
              </div>
            )}
          </section>
          {q.data.past.length > 0 && (
            <section aria-labelledby="past-heading" className="mt-10">
              <h2 id="past-heading" className="mb-3 font-display text-xl font-semibold text-stone-900">
                Past and cancelled
              </h2>
              <div className="space-y-4">
                {q.data.past.map((b) => (
                  <BookingCard key={b.id} b={b} actions={actionsFor(b)} highlight={b.id === highlight} />
                ))}
              </div>
            </section>
          )}
        </>
      )}
    </div>
  );
}
