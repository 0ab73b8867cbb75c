import { ChevronDown } from 'lucide-react';
import { PRICING_FAQ, type FaqEntry } from '@shared/billing/faq';

/** The pricing FAQ as native disclosure widgets (keyboard and screen-reader friendly without script). */
export function PricingFaq({ audience, title = 'Questions, answered' }: { audience?: FaqEntry['audience']; title?: string }) {
  const entries = audience ? PRICING_FAQ.filter((e) => e.audience === audience) : PRICING_FAQ;
  return (
    <section aria-labelledby="pricing-faq" className="mx-auto max-w-3xl">
      <h2 id="pricing-faq" className="font-display text-2xl font-semibold text-stone-900 sm:text-3xl">
        {title}
      </h2>
      <div className="mt-6 divide-y divide-stone-200 rounded-3xl bg-white ring-1 ring-stone-200">
        {entries.map((e) => (
          <details key={e.question} className="group px-5 py-4 sm:px-6">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg font-medium text-stone-900 [&::-webkit-details-marker]:hidden">
              {e.question}
              <ChevronDown className="h-5 w-5 flex-none text-stone-500 transition group-open:rotate-180" aria-hidden />
            </summary>
            <p className="mt-3 text-sm leading-relaxed text-stone-600">{e.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
