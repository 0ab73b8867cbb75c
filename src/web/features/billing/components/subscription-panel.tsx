import { BadgeCheck, CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { planById } from '@shared/billing/catalogue';
import type { SubscriptionSummary } from '@shared/billing/schemas';
import { isSubscribed } from '@shared/partners/access';
import { Button, buttonClass } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { errorMessage } from '@web/lib/api';
import { openBillingPortal } from '../api/billing-api';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : null);
const STATUS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment overdue',
  canceled: 'Canceled',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  inactive: 'Not subscribed',
};

/** The partner's current plan, renewal date and the Manage billing link to the provider's portal. */
export function SubscriptionPanel({ summary }: { summary: SubscriptionSummary }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const plan = summary.plan ? planById(summary.plan) : undefined;
  const live = isSubscribed(summary.status);
  const date = day(summary.currentPeriodEnd);
  const manage = async () => {
    setBusy(true);
    setError(null);
    try {
      window.location.assign(await openBillingPortal());
    } catch (e) {
      setBusy(false);
      setError(errorMessage(e, 'The billing portal is not available right now. Please try again.'));
    }
  };
  return (
    <section aria-labelledby="current-plan" className="rounded-3xl bg-white p-6 ring-1 ring-stone-200 sm:p-8" data-testid="subscription-panel">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="current-plan" className="flex items-center gap-2 font-display text-xl font-semibold text-stone-900">
            {live && <BadgeCheck className="h-5 w-5 text-emerald-600" aria-hidden />}
            {plan ? `${plan.name} plan` : 'Your plan'}
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            <span
              className={`mr-2 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${live ? 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200' : 'bg-stone-100 text-stone-700'}`}
            >
              {STATUS[summary.status] ?? summary.status}
            </span>
            {live && date && (summary.cancelAtPeriodEnd ? `Ends on ${date}; renewal canceled.` : `Renews on ${date}.`)}
            {!live && summary.status === 'past_due' && 'Update your card in the billing portal to keep your listing.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          {summary.canManage && (
            <Button variant="secondary" onClick={() => void manage()} disabled={busy}>
              <CreditCard className="h-4 w-4" aria-hidden /> {busy ? 'Opening…' : 'Manage billing'}
            </Button>
          )}
          {live && (
            <Link to="/partner/profile" className={buttonClass({})}>
              Manage Listing
            </Link>
          )}
        </div>
      </div>
      {error && (
        <div className="mt-4">
          <Notice tone="error">{error}</Notice>
        </div>
      )}
    </section>
  );
}
