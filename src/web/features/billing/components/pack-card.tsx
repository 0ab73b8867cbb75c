import { Check, Sparkles } from 'lucide-react';
import { formatUsd, perCredit, type CreditPack } from '@shared/billing/catalogue';
import { Button } from '@web/components/ui/button';

/** One credit pack: credits, price, per-credit price and what it includes; the buy button shows Redirecting… while checkout starts. */
export function PackCard({ pack, redirecting, disabled, onBuy }: { pack: CreditPack; redirecting: boolean; disabled: boolean; onBuy: () => void }) {
  return (
    <article
      aria-labelledby={`pack-${pack.id}`}
      data-testid={`pack-${pack.id}`}
      className={`relative flex flex-col rounded-3xl bg-white p-6 shadow-sm sm:p-7 ${pack.isBestValue ? 'ring-2 ring-brand-600' : 'ring-1 ring-stone-200'}`}
    >
      {pack.isBestValue && (
        <span className="absolute -top-3 left-6 inline-flex items-center gap-1 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white shadow-sm">
          <Sparkles className="h-3.5 w-3.5" aria-hidden /> Best Value
        </span>
      )}
      <h3 id={`pack-${pack.id}`} className="font-display text-xl font-semibold text-stone-900">
        {pack.name}
      </h3>
      <p className="mt-1 text-sm text-stone-600">{pack.tagline}</p>
      <p className="mt-5 flex items-baseline gap-2">
        <span className="font-display text-4xl font-semibold tracking-tight text-stone-900">{formatUsd(pack.amount)}</span>
        <span className="text-sm text-stone-500">one-time</span>
      </p>
      <p className="mt-1 text-sm font-medium text-brand-800">
        <span className="tabular-nums">{pack.credits}</span> credits · {perCredit(pack)} per try-on
      </p>
      <ul className="mt-5 flex-1 space-y-2.5 text-sm text-stone-700">
        {pack.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check className="mt-0.5 h-4 w-4 flex-none text-brand-600" aria-hidden />
            {f}
          </li>
        ))}
      </ul>
      <Button
        className="mt-6 w-full"
        size="lg"
        variant={pack.isBestValue ? 'primary' : 'secondary'}
        disabled={disabled}
        onClick={onBuy}
        aria-describedby="purchase-terms"
      >
        {redirecting ? 'Redirecting…' : `Buy ${pack.name}`}
      </Button>
    </article>
  );
}
