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
  const a = q.data;
  const name = a.provider === 'stripe' ? 'Stripe' : 'the test payment provider';
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex gap-3">
        {a.connected ? (
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden />
        ) : (
          <Landmark className="mt-0.5 h-5 w-5 shrink-0 text-stone-500" aria-hidden />
        )}
        <div className="text-sm">
          <p className="font-semibold text-stone-900">
            {a.connected ? `Deposits are paid to your own ${a.provider === 'stripe' ? 'Stripe' : 'test'} account` : 'Deposits are paid at the salon'}
          </p>
          <p className="text-stone-600">
            {a.connected
              ? 'Clients pay deposits online when they book. The money goes straight to you: Tress takes no commission and never holds it.'
              : `Connect your own account with ${name} to take deposits online when clients book. Tress takes no commission.`}
          </p>
        </div>
      </div>
      {(!a.connected || a.connectUrl) && (
        <Button variant={a.connected ? 'secondary' : 'primary'} size="sm" disabled={connect.isPending} onClick={() => connect.mutate()} className="shrink-0">
          {connect.isPending ? 'Opening…' : a.connected ? 'Finish connecting' : 'Connect payouts'}
        </Button>
      )}
      {connect.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(connect.error, 'Couldn’t open the connection page. Please try again.')}
        </p>
      )}
    </div>
  );
}
