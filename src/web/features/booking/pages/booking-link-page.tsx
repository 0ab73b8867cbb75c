import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LoadingScreen } from '@web/components/ui/loading-screen';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-title';
import { ApiError, errorMessage } from '@web/lib/api';
import { bookingApi, bookingKeys } from '../api/booking-api';
import { BookingCard } from '../components/booking-card';

/** /bookings/manage/:token: the signed link from a booking email; reschedule or cancel without signing in. */
export default function BookingLinkPage() {
  const { token = '' } = useParams();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: bookingKeys.link(token), queryFn: ({ signal }) => bookingApi.link(token, signal), retry: false });
  if (q.isPending) return <LoadingScreen />;
  const set = (b: Awaited<ReturnType<typeof bookingApi.link>>) => qc.setQueryData(bookingKeys.link(token), b);
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <PageTitle sub="The link from your email lets you change this appointment without signing in.">Your booking</PageTitle>
      {q.isError || !q.data ? (
        <Notice tone="warning" title={q.error instanceof ApiError && q.error.code === 'not-found' ? 'This link no longer works' : 'Couldn’t load your booking'}>
          {q.error instanceof ApiError && q.error.code === 'not-found'
            ? 'It may have been replaced by a newer email. Open the latest email about this booking, or sign in to see your bookings.'
            : errorMessage(q.error, 'Please try again.')}
        </Notice>
      ) : (
        <BookingCard
          b={q.data}
          actions={{
            reschedule: async (start) => set(await bookingApi.linkReschedule(token, start)),
            cancel: async () => set(await bookingApi.linkCancel(token)),
          }}
        />
      )}
    </div>
  );
}
