import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { bookingApi, bookingKeys } from '../api/booking-api';

/** The client's saved looks to attach: the render goes to the professional with its colourist's read. */
export function LookPicker({ selected, onSelect }: { selected: string | null; onSelect: (id: string | null) => void }) {
  const q = useQuery({ queryKey: bookingKeys.creations, queryFn: ({ signal }) => bookingApi.myCreations(signal) });
  if (q.isPending) return <div className="h-24 animate-pulse rounded-2xl bg-stone-100" />;
  const looks = q.data ?? [];
  if (looks.length === 0)
    return (
      <p className="text-sm text-stone-600">
        No saved looks yet. Try one in the{' '}
        <Link to="/app" className="font-medium text-brand-800 underline-offset-2 hover:underline">
          studio
        </Link>{' '}
        to show exactly what you want.
      </p>
    );
  const chosen = looks.find((c) => c.id === selected);
  return (
    <div className="space-y-3">
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Your saved looks">
        {looks.slice(0, 12).map((c) => {
          const on = c.id === selected;
          return (
            <li key={c.id}>
              <button
                type="button"
                aria-pressed={on}
                aria-label={`Attach ${c.applied || c.prompt}`}
                onClick={() => onSelect(on ? null : c.id)}
                className={`relative block aspect-[3/4] w-full overflow-hidden rounded-xl ring-2 transition ${on ? 'ring-brand-600' : 'ring-transparent hover:ring-stone-300'}`}
              >
                <img src={c.thumbUrl} alt="" className="h-full w-full object-cover" loading="lazy" />
                {on && (
                  <span className="absolute right-1.5 top-1.5 rounded-full bg-brand-700 p-1 text-white">
                    <Check className="h-3.5 w-3.5" aria-hidden />
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {chosen && (
        <div className="flex gap-3 rounded-2xl bg-stone-50 p-3 text-sm ring-1 ring-stone-200">
          <img src={chosen.inputUrl} alt="Your hair today" className="h-20 w-16 shrink-0 rounded-lg object-cover" />
          <div className="min-w-0">
            <p className="font-semibold text-stone-900">{chosen.applied || chosen.prompt}</p>
            {chosen.analysis ? (
              <p className="mt-0.5 text-stone-600">
                Colourist’s read: level {chosen.analysis.currentLevel}
                {chosen.analysis.targetLevel !== null && ` to ${chosen.analysis.targetLevel}`}. {chosen.analysis.note}
              </p>
            ) : (
              <p className="mt-0.5 text-stone-600">Sent with your photo as it is today.</p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
