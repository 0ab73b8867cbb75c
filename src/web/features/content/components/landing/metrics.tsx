import { useQuery } from '@tanstack/react-query';
import { landingFacts } from '@shared/content/stats';
import { call } from '@web/lib/api';
import { Reveal } from '../reveal';

/** Tiles shown while the figures load, so the band keeps its height (no layout shift). */
const PLACEHOLDER_TILES = 4;

/** Spec §1 metrics band: only computed figures, the most telling first (decision 110). */
export function Metrics() {
  const { data } = useQuery({ queryKey: ['landing-stats'], queryFn: () => call('GET /api/stats'), staleTime: 60_000 });
  const facts = data ? landingFacts(data) : null;
  if (facts && facts.length === 0) return null;
  const columns = ['', 'md:grid-cols-1', 'md:grid-cols-2', 'md:grid-cols-3', 'md:grid-cols-4'][facts?.length ?? PLACEHOLDER_TILES];
  return (
    <Reveal labelledBy="metrics-title" className="border-y border-stone-200 bg-white">
      <h2 id="metrics-title" className="sr-only">
        Tress in numbers
      </h2>
      <dl className={`mx-auto grid max-w-7xl grid-cols-2 gap-y-8 px-4 py-10 sm:px-6 ${columns}`} aria-busy={!facts}>
        {facts
          ? facts.map((f) => (
              <div key={f.key} className="flex flex-col text-center" data-metric={f.key}>
                <dt className="text-sm text-stone-600">{f.label}</dt>
                <dd className="order-first font-display text-3xl font-semibold text-stone-900 sm:text-4xl">{f.value}</dd>
              </div>
            ))
          : Array.from({ length: PLACEHOLDER_TILES }, (_, i) => (
              <div key={i} className="flex flex-col items-center gap-1" aria-hidden>
                <span className="h-9 w-20 rounded-lg bg-stone-100 sm:h-10" />
                <span className="h-4 w-28 rounded bg-stone-100" />
              </div>
            ))}
      </dl>
    </Reveal>
  );
}
