import { Gift, ImageIcon, RotateCcw, ShoppingBag } from 'lucide-react';
import { LEDGER_LABELS, type LedgerHistory, type LedgerKind } from '@shared/billing/schemas';
import { MSG } from '@shared/messages';

const ICONS: Record<LedgerKind, typeof Gift> = { credit: ShoppingBag, generation: ImageIcon, welcome: Gift, refund: RotateCcw };
const when = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Spec §3 ledger: 'credit' is a purchase, generation is Image Generation (negative); the latest 8. */
export function LedgerList({ entries }: { entries: LedgerHistory['entries'] }) {
  if (entries.length === 0) return <p className="rounded-2xl bg-stone-50 px-4 py-8 text-center text-sm text-stone-600">{MSG.noTransactions}</p>;
  return (
    <ul className="divide-y divide-stone-100" data-testid="ledger">
      {entries.map((e) => {
        const Icon = ICONS[e.type];
        const label = e.type === 'credit' && e.packName ? `${LEDGER_LABELS.credit} · ${e.packName} pack` : LEDGER_LABELS[e.type];
        return (
          <li key={e.id} className="flex items-center gap-3 py-3">
            <span
              className={`grid h-9 w-9 flex-none place-items-center rounded-full ${e.amount > 0 ? 'bg-emerald-50 text-emerald-700' : 'bg-stone-100 text-stone-600'}`}
            >
              <Icon className="h-4 w-4" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-stone-900">{label}</p>
              <p className="text-xs text-stone-500">
                <time dateTime={e.createdAt}>{when.format(new Date(e.createdAt))}</time>
              </p>
            </div>
            <span className={`text-sm font-semibold tabular-nums ${e.amount > 0 ? 'text-emerald-700' : 'text-stone-700'}`}>
              {e.amount > 0 ? `+${e.amount}` : `−${Math.abs(e.amount)}`}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
