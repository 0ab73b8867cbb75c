import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatUsd, perInterval, type PartnerPlan } from '@shared/billing/catalogue';

/** A partner listing plan; the caller supplies the action (a link on /pricing and /partners, checkout on /partners/subscribe). */
export function PlanCard({
  plan,
  action,
  highlight = plan.badge === 'Most Popular',
  selected = false,
}: {
  plan: PartnerPlan;
  action: ReactNode;
  highlight?: boolean;
  selected?: boolean;
}) {
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      data-testid={`plan-${plan.id}`}
      className={`relative flex flex-col rounded-3xl bg-white p-6 shadow-sm sm:p-7 ${highlight || selected ? 'ring-2 ring-brand-600' : 'ring-1 ring-stone-200'}`}
    >
      {plan.badge && (
        <span
          className={`absolute -top-3 left-6 rounded-full px-3 py-1 text-xs font-semibold shadow-sm ${highlight ? 'bg-brand-700 text-white' : 'bg-amber-100 text-amber-900 ring-1 ring-amber-200'}`}
        >
          {plan.badge}
        </span>
      )}
      <h3 id={`plan-${plan.id}`} className="font-display text-xl font-semibold text-stone-900">
        {plan.name}
      </h3>
      <p className="mt-1 text-sm text-stone-600">{plan.tagline}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="font-display text-4xl font-semibold tracking-tight text-stone-900">{formatUsd(plan.amount)}</span>
        <span className="text-sm text-stone-500">{perInterval(plan)}</span>
      </p>
      <ul className="mt-5 flex-1 space-y-2.5 text-sm text-stone-700">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check className="mt-0.5 h-4 w-4 flex-none text-brand-600" aria-hidden />
            {f}
          </li>
        ))}
      </ul>
      <div className="mt-6">{action}</div>
    </article>
  );
}
