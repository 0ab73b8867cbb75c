import { useQueryClient } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PARTNER_PLANS, PURCHASE_TERMS } from '@shared/billing/catalogue';
import { MSG } from '@shared/messages';
import { isSubscribed } from '@shared/partners/access';
import { Button, buttonClass } from '@web/components/ui/button';
import { LoadingScreen } from '@web/components/ui/loading-screen';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-title';
import { useMe } from '@web/features/auth/public';
import { SUBSCRIPTION_KEY, useSubscription } from '../api/billing-api';
import { CheckoutAlert } from '../components/checkout-alert';
import { PlanCard } from '../components/plan-card';
import { PricingFaq } from '../components/pricing-faq';
import { SubscriptionPanel } from '../components/subscription-panel';
import { useCheckout } from '../hooks/use-checkout';
import { planCheckoutFailure } from '../lib/checkout-messages';

/** Spec §2 /partners/subscribe: choose Monthly or Yearly and go to checkout; a subscribed partner gets Manage billing. */
export default function PartnersSubscribePage() {
  const { me, loading } = useMe();
  const [params] = useSearchParams();
  const wanted = params.get('plan');
  const summary = useSubscription(!!me);
  const checkout = useCheckout('plan', planCheckoutFailure);
  const qc = useQueryClient();

  useEffect(() => {
    const onLive = (e: Event) => {
      if ((e as CustomEvent<{ type: string }>).detail?.type === 'professional') void qc.invalidateQueries({ queryKey: SUBSCRIPTION_KEY });
    };
    window.addEventListener('tress:live', onLive);
    return () => window.removeEventListener('tress:live', onLive);
  }, [qc]);

  if (loading) return <LoadingScreen />;
  const s = summary.data;
  const subscribed = !!s && isSubscribed(s.status);
  const needsPartner = !!me && !!s && !s.isPartner;

  // Signed out, the server answers 401 and the page shows 'You must be logged in to select a plan.'
  const choose = (planId: string) => void checkout.start(planId);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <PageTitle
        meta={{
          title: 'Choose your partner plan — Tress',
          description: 'Monthly or yearly listing in the Tress directory of hair professionals. No commissions.',
        }}
        sub="List your business in the Tress directory. Pick a plan, pay securely, then complete your profile to go live."
      >
        Choose your partner plan
      </PageTitle>

      <div className="space-y-6">
        {!me && (
          <Notice tone="info" title="Sign in to subscribe">
            <p>
              Your plan is attached to your account.{' '}
              <Link to="/login" state={{ from: '/partners/subscribe' }} className="font-semibold underline underline-offset-2">
                Sign in
              </Link>{' '}
              or{' '}
              <Link to="/partners/signup" className="font-semibold underline underline-offset-2">
                create a professional account
              </Link>
              .
            </p>
          </Notice>
        )}
        {needsPartner && (
          <Notice tone="warning" title="One step first: join as a professional">
            <p>
              Tell us your name and business so we can create your listing, then come back to choose a plan.{' '}
              <Link to="/partners/signup" className="font-semibold underline underline-offset-2">
                Join as a Professional
              </Link>
            </p>
          </Notice>
        )}
        {s?.isPartner && (subscribed || s.canManage) && <SubscriptionPanel summary={s} />}
        {checkout.error && (
          <div>
            <CheckoutAlert failure={checkout.error} />
            {checkout.error.message === MSG.subscribeSignedOut && (
              <Link to="/login" state={{ from: '/partners/subscribe' }} className={buttonClass({ size: 'sm', className: 'mt-3' })}>
                <LogIn className="h-4 w-4" aria-hidden /> Sign in
              </Link>
            )}
          </div>
        )}
      </div>

      <div className="mt-10 grid gap-6 pt-3 sm:grid-cols-2">
        {PARTNER_PLANS.map((plan) => {
          const current = subscribed && s?.plan === plan.id;
          return (
            <PlanCard
              key={plan.id}
              plan={plan}
              selected={wanted === plan.id}
              highlight={!wanted && plan.badge === 'Most Popular'}
              action={
                needsPartner ? (
                  <Link to="/partners/signup" className={buttonClass({ size: 'lg', variant: 'secondary', className: 'w-full' })}>
                    Join as a Professional
                  </Link>
                ) : (
                  <Button
                    size="lg"
                    className="w-full"
                    variant={wanted === plan.id || (!wanted && plan.badge === 'Most Popular') ? 'primary' : 'secondary'}
                    disabled={checkout.pending !== null || subscribed}
                    onClick={() => choose(plan.id)}
                  >
                    {checkout.pending === plan.id ? 'Redirecting…' : current ? 'Current plan' : `Choose ${plan.name}`}
                  </Button>
                )
              }
            />
          );
        })}
      </div>
      <p className="mt-5 text-sm text-stone-600">
        {PURCHASE_TERMS.plans} {PURCHASE_TERMS.cards}
      </p>

      <div className="mt-16">
        <PricingFaq audience="partners" title="About partner plans" />
      </div>
    </div>
  );
}
