import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { ROUTES } from '@shared/routes';

export function CreditsBadge({ credits }: { credits: number }) {
  return (
    <Link
      to={ROUTES.billing}
      className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
      data-testid="credits-badge"
    >
      <Sparkles className="h-4 w-4" aria-hidden />
      <span className="tabular-nums">{credits}</span>
      <span className="sr-only sm:not-sr-only">{credits === 1 ? 'credit' : 'credits'}</span>
      <span className="sr-only">, buy more</span>
    </Link>
  );
}
