import { Star } from 'lucide-react';

const LABELS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** Five radio buttons drawn as stars: arrow keys move between them, each has a name. */
export function StarInput({ value, onChange }: { value: number; onChange: (v: number) => void }) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-stone-700">Your rating</legend>
      <div className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((i) => (
          <label
            key={i}
            className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
          >
            <input
              type="radio"
              name="rating"
              value={i}
              checked={value === i}
              onChange={() => onChange(i)}
              className="sr-only"
              aria-label={`${i} ${i === 1 ? 'star' : 'stars'} — ${LABELS[i]}`}
            />
            <Star
              className={`h-8 w-8 transition ${i <= value ? 'fill-amber-400 text-amber-400' : 'fill-stone-100 text-stone-300 hover:text-amber-300'}`}
              aria-hidden
            />
          </label>
        ))}
        <span className="ml-2 text-sm text-stone-600">{LABELS[value] ?? ''}</span>
      </div>
    </fieldset>
  );
}
