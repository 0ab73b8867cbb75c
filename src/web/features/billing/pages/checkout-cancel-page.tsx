import { XCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '@shared/messages';
import { buttonClass } from '@web/components/ui/button';
import { usePageMeta } from '@web/components/ui/page-title';

/** Spec §2 /checkout/cancel: a plain 'Payment canceled'; nothing was charged. */
export default function CheckoutCancelPage() {
  usePageMeta({ title: 'Payment canceled — Tress' });
  const [params] = useSearchParams();
  const partnerFlow = params.get('flow') === 'partner';
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="grid h-16 w-16 place-items-center rounded-full bg-stone-100 text-stone-500">
        <XCircle className="h-9 w-9" aria-hidden />
      </span>
      <h1 className="mt-6 font-display text-3xl font-semibold text-stone-900 sm:text-4xl">{MSG.paymentCanceled}</h1>
      <p className="mt-3 text-stone-600">No payment was taken. You can pick up where you left off whenever you like.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={partnerFlow ? '/partners/subscribe' : '/pricing'} className={buttonClass({})}>
          {partnerFlow ? 'Back to plans' : 'Back to pricing'}
        </Link>
        <Link to="/" className={buttonClass({ variant: 'secondary' })}>
          Home
        </Link>
      </div>
    </div>
  );
}
