import { Link } from 'react-router';
import { DISPLAY } from '@shared/constants';
import { MSG } from '@shared/messages';
import { useCreations } from '../hooks/use-creations';

/** Spec §9: the 6 latest creations, each opening in My Creations. */
export function RecentCreations() {
  const { data, isPending, isError } = useCreations(DISPLAY.recentCreations);
  return (
    <section aria-labelledby="recent-title" className="rounded-3xl bg-white p-5 ring-1 ring-stone-200">
      <div className="flex items-baseline justify-between">
        <h2 id="recent-title" className="font-display text-lg font-semibold text-stone-900">
          Recent creations
        </h2>
        <Link to="/creations" className="text-sm font-semibold text-brand-700 hover:text-brand-900">
          View all
        </Link>
      </div>
      {isPending ? (
        <div className="mt-3 grid grid-cols-3 gap-2" aria-hidden>
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="aspect-[4/5] animate-pulse rounded-xl bg-stone-100" />
          ))}
        </div>
      ) : isError ? (
        <p className="mt-2 text-sm text-stone-600">Your creations could not be loaded.</p>
      ) : data.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{MSG.noCreations} Save a result to keep it here.</p>
      ) : (
        <ul className="mt-3 grid grid-cols-3 gap-2" data-testid="recent-creations">
          {data.map((c) => (
            <li key={c.id}>
              <Link
                to={`/creations?open=${c.id}`}
                className="block overflow-hidden rounded-xl ring-1 ring-stone-200 transition hover:ring-brand-400"
                title={c.prompt}
              >
                <img src={c.thumbUrl} alt={c.prompt} loading="lazy" className="aspect-[4/5] w-full object-cover" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
