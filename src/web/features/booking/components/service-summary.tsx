import { Clock, Sparkles } from 'lucide-react';
import type { z } from 'zod';
import type { ServiceViewSchema } from '@shared/booking/views';
import { styleTagLabel } from '@shared/partners/style-tags';
import { depositLabel, priceLabel } from '../lib/money';
import { duration } from '../lib/time';

export type Service = z.infer<typeof ServiceViewSchema>;

/** How long the visit takes, saying when part of it is waiting for colour to develop. */
export function durationLabel(s: Service): string {
  const d = s.duration;
  return d.processingMinutes ? `${duration(s.totalMinutes)} (${duration(d.processingMinutes)} processing)` : duration(s.totalMinutes);
}

/** A service's name, price, length, tags and the conditions a client should know before booking. */
export function ServiceSummary({ s, deposits }: { s: Service; deposits: 'online' | 'pay-at-salon' }) {
  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-semibold text-stone-900">{s.name}</p>
        <p className="font-semibold tabular-nums text-stone-900">{priceLabel(s.price, s.currency)}</p>
      </div>
      <p className="mt-0.5 flex items-center gap-1 text-sm text-stone-600">
        <Clock className="h-3.5 w-3.5" aria-hidden />
        {durationLabel(s)}
        {s.confirmation === 'request' && <span className="ml-2 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900">On request</span>}
      </p>
      {s.description && <p className="mt-1 text-sm text-stone-600">{s.description}</p>}
      {(s.deposit || s.consultationForNewColourClients || s.patchTestLeadHours > 0) && (
        <ul className="mt-1.5 space-y-0.5 text-xs text-stone-600">
          {s.deposit && (
            <li>
              {depositLabel(s.deposit, s.price, s.currency)}
              {deposits === 'pay-at-salon' ? ', paid at the salon' : ', paid online when you book'}
            </li>
          )}
          {s.consultationForNewColourClients && <li>New colour clients start with a consultation.</li>}
          {s.patchTestLeadHours > 0 && <li>Needs an allergy patch test at least {s.patchTestLeadHours} hours before.</li>}
        </ul>
      )}
      {s.styleTags.length > 0 && (
        <p className="mt-1.5 flex flex-wrap items-center gap-1 text-xs text-brand-900">
          <Sparkles className="h-3 w-3" aria-hidden />
          {s.styleTags.map(styleTagLabel).join(' · ')}
        </p>
      )}
    </div>
  );
}
