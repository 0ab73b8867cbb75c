import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TIMINGS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { buttonClass } from '@web/components/ui/button';
import { usePageMeta } from '@web/components/ui/page-title';
import { ME_KEY, useMe } from '@web/features/auth/public';
import { LEDGER_KEY, useCheckoutStatus } from '../api/billing-api';
import { markCreditToast } from '../hooks/use-credit-toast';

/**
 * Spec §2 /checkout/success: 'Payment Successful!'. flow=partner goes to /partner/profile after 2 s;
 * otherwise the live balance, links to /billing and /app, and the credit toast flag for the next page.
 */
export default function CheckoutSuccessPage() {
  usePageMeta({ title: 'Payment successful — Tress' });
  const [params] = useSearchParams();
  const partnerFlow = params.get('flow') === 'partner';
  const sessionId = params.get('session_id');
  const { me } = useMe();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const status = useCheckoutStatus(sessionId, !!me);
  const confirmed = status.data?.status === 'completed';
  const slow = status.slow;

  useEffect(() => {
    void qc.invalidateQueries({ queryKey: ME_KEY });
    void qc.invalidateQueries({ queryKey: LEDGER_KEY });
    if (!partnerFlow) markCreditToast();
  }, [qc, partnerFlow]);

  useEffect(() => {
    if (confirmed) void qc.invalidateQueries({ queryKey: ME_KEY });
  }, [confirmed, qc]);

  // Spec: flow=partner goes to /partner/profile after 2 s — once the webhook has made the plan
  // active and /api/me knows it, so the professional guard lets the partner in.
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!partnerFlow) return;
    const timer = setTimeout(() => setWaited(true), TIMINGS.partnerRedirectMs);
    return () => clearTimeout(timer);
  }, [partnerFlow]);
  const settled = confirmed || slow || !sessionId || !me || status.isError || status.data?.status === 'expired';
  useEffect(() => {
    if (!partnerFlow || !waited || !settled) return;
    let cancelled = false;
    void qc.refetchQueries({ queryKey: ME_KEY }).then(() => {
      if (!cancelled) navigate('/partner/profile', { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [partnerFlow, waited, settled, qc, navigate]);

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="grid h-16 w-16 place-items-center rounded-full bg-emerald-50 text-emerald-600 ring-8 ring-emerald-50/50">
        <CheckCircle2 className="h-9 w-9" aria-hidden />
      </span>
      <h1 className="mt-6 font-display text-3xl font-semibold text-stone-900 sm:text-4xl">{MSG.paymentSuccessful}</h1>
      {partnerFlow ? (
        <>
          <p className="mt-3 text-stone-600" role="status">
            {settled ? (
              'Thank you for subscribing. Taking you to your listing so you can complete your profile…'
            ) : (
              <span className="inline-flex items-center gap-2">
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Confirming your subscription…
              </span>
            )}
          </p>
          <Link to="/partner/profile" replace className={buttonClass({ className: 'mt-8' })}>
            Go to my listing now
          </Link>
        </>
      ) : (
        <>
          <p className="mt-3 text-stone-600" role="status" aria-live="polite">
            {slow ? (
              'Your card provider is still confirming the payment. Your balance updates here by itself, and a receipt is on its way by email.'
            ) : sessionId && me && !confirmed && status.data?.status !== 'expired' && !status.isError ? (
              <span className="inline-flex items-center gap-2">
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Confirming your payment…
              </span>
            ) : status.data?.credits ? (
              `${status.data.credits} credits from the ${status.data.name} pack are in your account. They never expire.`
            ) : (
              'Thank you for your purchase. Your credits never expire.'
            )}
          </p>
          {me && (
            <div className="mt-8 w-full rounded-3xl bg-white p-6 ring-1 ring-stone-200">
              <p className="text-sm font-medium uppercase tracking-wider text-stone-500">Your balance</p>
              <p className="mt-1 font-display text-5xl font-semibold tabular-nums text-stone-900" data-testid="success-balance">
                {me.credits}
              </p>
              <p className="text-sm text-stone-500">{me.credits === 1 ? 'credit' : 'credits'}</p>
            </div>
          )}
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/app" className={buttonClass({})}>
              Start creating
            </Link>
            <Link to="/billing" className={buttonClass({ variant: 'secondary' })}>
              View billing
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
