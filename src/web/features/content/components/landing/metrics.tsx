import { useQuery } from '@tanstack/react-query';
import { CLAIMED_STATS, formatCount, formatSeconds, readLandingStats, type LandingStats } from '@shared/content/stats';
import { api } from '@web/lib/api';
import { Reveal } from '../reveal';

async function fetchStats(): Promise<LandingStats> {
  return readLandingStats(await api.get('/api/stats'));
}

/** Spec §1 metrics: measured figures where the product has them, the launch claims until then. */
export function Metrics() {
  const { data } = useQuery({ queryKey: ['landing-stats'], queryFn: fetchStats, placeholderData: CLAIMED_STATS, staleTime: 60_000 });
  const s = data ?? CLAIMED_STATS;
  const items = [
    { key: 'styles', value: formatCount(s.stylesGenerated.value), label: 'styles generated', live: s.stylesGenerated.live },
    { key: 'rating', value: s.averageRating.value.toFixed(1), label: 'average rating', live: s.averageRating.live },
    { key: 'photos', value: formatCount(s.photosTriedOn.value), label: 'photos tried on', live: s.photosTriedOn.live },
    { key: 'render', value: formatSeconds(s.averageRenderSeconds.value), label: 'average render time', live: s.averageRenderSeconds.live },
  ];
  return (
    <Reveal labelledBy="metrics-title" className="border-y border-stone-200 bg-white">
      <h2 id="metrics-title" className="sr-only">
        Tress in numbers
      </h2>
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-y-8 px-4 py-10 sm:px-6 md:grid-cols-4">
        {items.map((m) => (
          <div key={m.key} className="text-center" data-metric={m.key} data-live={m.live}>
            <dt className="text-sm text-stone-600">{m.label}</dt>
            <dd className="order-first font-display text-3xl font-semibold text-stone-900 sm:text-4xl">{m.value}</dd>
          </div>
        ))}
      </dl>
    </Reveal>
  );
}
