import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, RefreshCw } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useToast } from '@web/components/ui/toast';
import { errorMessage } from '@web/lib/api';
import { bookingKeys, partnerBookingApi } from '../api/booking-api';

/** The private calendar feed to subscribe to in Google or Apple Calendar; renewing it stops the old address. */
export function CalendarFeedCard() {
  const q = useQuery({ queryKey: bookingKeys.feed, queryFn: ({ signal }) => partnerBookingApi.calendarFeed(signal) });
  const qc = useQueryClient();
  const toast = useToast();
  const renew = useMutation({
    mutationFn: () => partnerBookingApi.renewCalendarFeed(),
    onSuccess: (feed) => {
      qc.setQueryData(bookingKeys.feed, feed);
      toast('New calendar address ready. The old one no longer works.');
    },
  });
  const url = q.data ? new URL(q.data.url, window.location.origin).toString() : '';
  return (
    <div className="space-y-3 text-sm">
      <p className="text-stone-600">Add your bookings to Google Calendar or Apple Calendar: subscribe to this private address. Keep it to yourself.</p>
      {q.isPending ? (
        <div className="h-10 animate-pulse rounded-xl bg-stone-100" />
      ) : q.isError ? (
        <p className="text-red-700">{errorMessage(q.error, 'Couldn’t load your calendar address.')}</p>
      ) : (
        <div className="flex flex-col gap-2">
          <input
            readOnly
            value={url}
            aria-label="Private calendar address"
            onFocus={(e) => e.target.select()}
            className="w-full rounded-xl border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-xs text-stone-800"
          />
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                void navigator.clipboard.writeText(url).then(
                  () => toast('Calendar address copied.'),
                  () => toast('Select the address and copy it.', 'info'),
                )
              }
            >
              <Copy className="h-4 w-4" aria-hidden />
              Copy
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={renew.isPending}
              onClick={() => window.confirm('Make a new address? Calendars subscribed to the old one stop updating.') && renew.mutate()}
            >
              <RefreshCw className="h-4 w-4" aria-hidden />
              Renew
            </Button>
          </div>
        </div>
      )}
      {renew.isError && <p className="text-red-700">{errorMessage(renew.error, 'Couldn’t renew the address.')}</p>}
    </div>
  );
}
