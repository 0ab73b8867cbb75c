import { ArrowRight, Infinity as InfinityIcon, Lock, Sparkles } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { PARTNER_PLANS, PURCHASE_TERMS } from '@shared/billing/catalogue';
import { buttonClass } from '@web/components/ui/button';
import { PageTitle } from '@web/components/ui/page-title';
import { useMe } from '@web/features/auth/public';
import { CheckoutAlert } from '../components/checkout-alert';
import { PackGrid } from '../components/pack-grid';
import { PlanCard } from '../components/plan-card';
import { PricingFaq } from '../components/pricing-faq';
import { useCheckout } from '../hooks/use-checkout';
import { packCheckoutFailure } from '../lib/checkout-messages';

const PROMISES = [
  { icon: InfinityIcon, text: 'Credits never expire' },
  { icon: Sparkles, text: 'One credit = one try-on' },
  { icon: Lock, text: 'Secure card checkout' },
];

/** Spec §2 /pricing: credit packs (one-time), partner listing plans, FAQ. A signed-out buyer goes to /login and comes back here. */
export default function PricingPage() {
  const { me } = useMe();
  const navigate = useNavigate();
  const checkout = useCheckout('pack', packCheckoutFailure);

  const buy = (packId: string) => {
    if (!me) {
      navigate('/login', { state: { from: '/pricing' } });
      return;
    }
    void checkout.start(packId);
  };

  return (
    <div className="bg-gradient-to-b from-brand-50/60 via-stone-50 to-stone-50">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Pricing</p>
          <div className="mx-auto mt-2 max-w-2xl [&_h1]:text-4xl [&_h1]:sm:text-5xl [&_p]:mx-auto">
            <PageTitle sub="Buy a pack of AI try-on credits once and use them whenever inspiration strikes. Hair professionals list their business with a simple monthly or yearly plan.">
              Simple pricing, no subscriptions for try-ons
            </PageTitle>
          </div>
          <ul className="-mt-2 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-stone-700">
            {PROMISES.map(({ icon: Icon, text }) => (
              <li key={text} className="inline-flex items-center gap-1.5">
                <Icon className="h-4 w-4 text-brand-600" aria-hidden /> {text}
              </li>
            ))}
          </ul>
        </div>

        <section aria-labelledby="packs-heading" className="mt-12">
          <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
            <h2 id="packs-heading" className="font-display text-2xl font-semibold text-stone-900">
              AI credit bundles
            </h2>
            {me && (
              <p className="text-sm text-stone-600">
                Your balance: <span className="font-semibold tabular-nums text-stone-900">{me.credits}</span> {me.credits === 1 ? 'credit' : 'credits'}
              </p>
            )}
          </div>
          {checkout.error && (
            <div className="mb-6">
              <CheckoutAlert failure={checkout.error} />
            </div>
          )}
          <PackGrid pending={checkout.pending} onBuy={buy} />
        </section>

        <section aria-labelledby="plans-heading" className="mt-20">
          <div className="grid gap-8 lg:grid-cols-[1fr_2fr] lg:items-start">
            <div>
              <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">For hair professionals</p>
              <h2 id="plans-heading" className="mt-2 font-display text-2xl font-semibold text-stone-900 sm:text-3xl">
                Partner listing plans
              </h2>
              <p className="mt-3 text-stone-600">
                Get found by clients who already know the look they want: a verified directory profile, portfolio and reviews. No commissions, ever.
              </p>
              <p className="mt-3 text-sm text-stone-500">{PURCHASE_TERMS.plans}</p>
              <Link to="/partners/subscribe" className={buttonClass({ variant: 'secondary', className: 'mt-6' })}>
                Choose your partner plan <ArrowRight className="h-4 w-4" aria-hidden />
              </Link>
            </div>
            <div className="grid gap-6 pt-3 sm:grid-cols-2">
              {PARTNER_PLANS.map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  action={
                    <Link
                      to={`/partners/subscribe?plan=${plan.id}`}
                      className={buttonClass({ variant: plan.badge === 'Most Popular' ? 'primary' : 'secondary', size: 'lg', className: 'w-full' })}
                    >
                      Choose {plan.name}
                    </Link>
                  }
                />
              ))}
            </div>
          </div>
        </section>

        <div className="mt-20">
          <PricingFaq />
        </div>
      </div>
    </div>
  );
}
