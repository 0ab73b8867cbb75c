import { Check } from 'lucide-react';
import { formatUsd, PARTNER_PLANS, perInterval, PURCHASE_TERMS } from '@shared/billing/catalogue';
import { ButtonLink } from '@web/components/ui/button';

/** The Monthly and Yearly cards, from the one plan catalogue in src/shared/billing. */
export function PartnerPlans({ ctaTo, ctaLabel }: { ctaTo: string; ctaLabel: string }) {
  return (
    <div>
      <div className="grid gap-6 md:grid-cols-2">
        {PARTNER_PLANS.map((plan) => {
          const highlight = plan.interval === 'year';
          return (
            <div
              key={plan.id}
              className={`relative flex flex-col rounded-3xl p-7 ring-1 sm:p-8 ${highlight ? 'bg-stone-900 text-white ring-stone-900' : 'bg-white text-stone-900 ring-stone-200'}`}
            >
              {plan.badge && (
                <span
                  className={`absolute -top-3 left-7 rounded-full px-3 py-1 text-xs font-semibold ${highlight ? 'bg-amber-300 text-stone-900' : 'bg-brand-700 text-white'}`}
                >
                  {plan.badge}
                </span>
              )}
              <h3 className="font-display text-2xl font-semibold">{plan.name}</h3>
              <p className={`mt-1 text-sm ${highlight ? 'text-stone-300' : 'text-stone-600'}`}>{plan.tagline}</p>
              <p className="mt-6 flex items-baseline gap-1">
                <span className="font-display text-5xl font-semibold tracking-tight">{formatUsd(plan.amount)}</span>
                <span className={highlight ? 'text-stone-300' : 'text-stone-500'}>{perInterval(plan)}</span>
              </p>
              <ul className="mt-6 flex-1 space-y-2.5">
                {plan.features.map((f) => (
                  <li key={f} className="flex items-start gap-2 text-sm">
                    <Check className={`mt-0.5 h-4 w-4 shrink-0 ${highlight ? 'text-amber-300' : 'text-brand-700'}`} aria-hidden />
                    {f}
                  </li>
                ))}
              </ul>
              <ButtonLink
                to={`${ctaTo}${ctaTo.includes('?') ? '&' : '?'}plan=${plan.id}`}
                variant={highlight ? 'secondary' : 'primary'}
                size="lg"
                className="mt-8 w-full"
              >
                {ctaLabel}
              </ButtonLink>
            </div>
          );
        })}
      </div>
      <p className="mt-4 text-center text-sm text-stone-500">{PURCHASE_TERMS.plans}</p>
    </div>
  );
}
