import { Sparkles } from 'lucide-react';
import { ButtonLink } from '@web/components/ui/button';

/** The live balance (updated over SSE by the root layout) with a way to buy more. */
export function CreditsCard({ credits }: { credits: number }) {
  return (
    <section aria-labelledby="credits-title" className="rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white shadow-sm">
      <h2 id="credits-title" className="flex items-center gap-2 text-sm font-semibold text-white/80">
        <Sparkles className="h-4 w-4" aria-hidden />
        Credits
      </h2>
      <p className="mt-1 font-display text-4xl font-semibold tabular-nums" data-testid="studio-credits" aria-live="polite">
        {credits}
      </p>
      <p className="text-sm text-white/80">{credits === 1 ? '1 credit left' : `${credits} credits left`} · 1 per look</p>
      <ButtonLink to="/billing" variant="secondary" size="sm" className="mt-4 w-full">
        Buy Credits
      </ButtonLink>
    </section>
  );
}
