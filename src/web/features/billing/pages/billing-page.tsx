import { ArrowRight, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { MSG } from '@shared/messages';
import { buttonClass } from '@web/components/ui/button';
import { LoadingScreen } from '@web/components/ui/loading-screen';
import { PageTitle } from '@web/components/ui/page-title';
import { useMe } from '@web/features/auth/public';
import { useLedger } from '../api/billing-api';
import { CheckoutAlert } from '../components/checkout-alert';
import { LedgerList } from '../components/ledger-list';
import { PackGrid } from '../components/pack-grid';
import { SignInPrompt } from '../components/sign-in-prompt';
import { useCheckout } from '../hooks/use-checkout';
import { packCheckoutFailure } from '../lib/checkout-messages';
import { useCreditToast } from '../hooks/use-credit-toast';
import { useLiveLedger } from '../hooks/use-live-ledger';

/** Spec §2 /billing: balance (live), packs, the latest 8 ledger entries; its own loading and signed-out states. */
export default function BillingPage() {
  const { me, loading } = useMe();
  const ledger = useLedger(!!me);
  const checkout = useCheckout('pack', packCheckoutFailure);
  useCreditToast();
  useLiveLedger();

  if (loading) return <LoadingScreen label={MSG.loadingBilling} />;
  if (!me) return <SignInPrompt from="/billing">Sign in to see your balance, buy credits and review your history.</SignInPrompt>;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
      <PageTitle
        sub="Your balance, credit packs and recent activity."
        meta={{ title: 'Billing & Credits — Tress', description: 'Your credit balance, credit packs and recent activity.' }}
      >
        {'Billing & Credits'}
      </PageTitle>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <section aria-labelledby="balance-heading" className="rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-white shadow-sm sm:p-8">
          <h2 id="balance-heading" className="text-sm font-medium uppercase tracking-wider text-brand-100">
            Current balance
          </h2>
          <p className="mt-3 flex items-baseline gap-2">
            <span className="font-display text-6xl font-semibold tabular-nums" data-testid="billing-balance">
              {me.credits}
            </span>
            <span className="text-lg text-brand-100">{me.credits === 1 ? 'credit' : 'credits'}</span>
          </p>
          <p className="mt-3 text-sm text-brand-100">Each try-on uses one credit. Credits never expire.</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/app" className={buttonClass({ variant: 'secondary', className: '!bg-white !text-brand-900 !ring-0 hover:!bg-brand-50' })}>
              <Sparkles className="h-4 w-4" aria-hidden /> Open the Studio
            </Link>
            {me.professional.isPartner && (
              <Link
                to="/partners/subscribe"
                className="inline-flex items-center gap-1 rounded-full px-3 py-2.5 text-sm font-semibold text-white underline-offset-4 hover:underline"
              >
                Partner plan <ArrowRight className="h-4 w-4" aria-hidden />
              </Link>
            )}
          </div>
        </section>

        <section aria-labelledby="history-heading" className="rounded-3xl bg-white p-6 ring-1 ring-stone-200 sm:p-8">
          <h2 id="history-heading" className="font-display text-xl font-semibold text-stone-900">
            Recent activity
          </h2>
          <div className="mt-3">
            {ledger.isPending ? (
              <ul aria-hidden className="space-y-3 py-2">
                {[0, 1, 2].map((i) => (
                  <li key={i} className="h-10 animate-pulse rounded-xl bg-stone-100" />
                ))}
              </ul>
            ) : ledger.isError ? (
              <p className="text-sm text-red-700" role="alert">
                Could not load your history. Please refresh the page.
              </p>
            ) : (
              <LedgerList entries={ledger.data.entries} />
            )}
          </div>
        </section>
      </div>

      <section aria-labelledby="buy-heading" className="mt-12">
        <h2 id="buy-heading" className="mb-4 font-display text-2xl font-semibold text-stone-900">
          Buy credits
        </h2>
        {checkout.error && (
          <div className="mb-6">
            <CheckoutAlert failure={checkout.error} />
          </div>
        )}
        <PackGrid pending={checkout.pending} onBuy={(id) => void checkout.start(id)} />
      </section>
    </div>
  );
}
