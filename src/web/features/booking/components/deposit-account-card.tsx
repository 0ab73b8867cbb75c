import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, Landmark } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { bookingKeys, partnerBookingApi } from '../api/booking-api';

/** Deposits go straight to the professional's own payment account; without one, deposits are paid at the salon. */
export function DepositAccountCard() {
  const q = useQuery({ queryKey: bookingKeys.deposits, queryFn: ({ signal }) => partnerBookingApi.depositAccount(signal) });
  const connect = useMutation({
    mutationFn: () => partnerBookingApi.connectDepositAccount(),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  if (q.isPending) return <div className="h-20 animate-pulse rounded-2xl bg-stone-100" />;
  if (q.isError) return <p className="text-sm text-red-700">{errorMessage(q.error, 'Couldn’t load your payment account.')}</p>;
  const { status, provider } = q.data;
  const ready = status === 'ready';
  const name = provider === 'stripe' ? 'Stripe' : 'the test payment provider';
  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-3">
          {ready ? (
            <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden />
          ) : (
            <Landmark className="mt-0.5 h-5 w-5 shrink-0 text-stone-500" aria-hidden />
          )}
          <div className="text-sm">
            <p className="font-semibold text-stone-900">{ready ? 'Deposits are paid online, to your own account' : 'Deposits are paid at the salon'}</p>
            <p className="text-stone-600">
              {ready
                ? 'Clients pay a service’s deposit by card when they book. The money goes straight to you: Tress takes no commission and never holds it. Refunds follow your cancellation policy.'
                : status === 'incomplete'
                  ? `Finish setting up your account with ${name} to take deposits online when clients book. Tress takes no commission.`
                  : `Connect your own account with ${name} to take deposits online when clients book. Tress takes no commission.`}
            </p>
          </div>
        </div>
        {!ready && (
          <Button size="sm" disabled={connect.isPending} onClick={() => connect.mutate()} className="shrink-0">
            {connect.isPending ? 'Opening…' : status === 'incomplete' ? 'Finish setting up' : 'Connect payouts'}
          </Button>
        )}
      </div>
      {connect.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(connect.error, 'Couldn’t open the set-up page. Please try again.')}
        </p>
      )}
    </div>
  );
}
