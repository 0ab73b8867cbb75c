import { CREDIT_PACKS, PURCHASE_TERMS } from '@shared/billing/catalogue';
import { ShieldCheck } from 'lucide-react';
import { PackCard } from './pack-card';

/** The three packs side by side, with the terms a buyer decides on (docs/product.md §1: non-refundable, never expire). */
export function PackGrid({ pending, onBuy }: { pending: string | null; onBuy: (packId: string) => void }) {
  return (
    <div>
      <div className="grid gap-6 pt-3 md:grid-cols-3">
        {CREDIT_PACKS.map((pack) => (
          <PackCard key={pack.id} pack={pack} redirecting={pending === pack.id} disabled={pending !== null} onBuy={() => onBuy(pack.id)} />
        ))}
      </div>
      <p id="purchase-terms" className="mt-5 flex items-start gap-2 text-sm text-stone-600">
        <ShieldCheck className="mt-0.5 h-4 w-4 flex-none text-stone-500" aria-hidden />
        <span>
          {PURCHASE_TERMS.packs} {PURCHASE_TERMS.cards}
        </span>
      </p>
    </div>
  );
}
