import { GENERATION_COST } from '@shared/constants';
import { CUT_VARIATIONS } from '@shared/studio/variations';

/** "1 credit", "3 credits". */
export const creditWords = (credits: number) => `${credits} ${credits === 1 ? 'credit' : 'credits'}`;
/** What `n` variations cost, in words. */
export const creditsFor = (n: number) => creditWords(n * GENERATION_COST);

/**
 * For a cut: how many variations to draw at once (issue 36), each its own credit, said before Generate.
 * A radio group, so it is one tab stop and the arrow keys move along it.
 */
export function VariationsPicker({ value, onChange, credits }: { value: number; onChange(n: number): void; credits: number }) {
  const counts = Array.from({ length: CUT_VARIATIONS.max }, (_, i) => i + 1);
  return (
    <fieldset className="mt-3 rounded-2xl bg-stone-50 px-4 py-3 ring-1 ring-stone-200" data-testid="variations-picker">
      <legend className="sr-only">Variations of the cut</legend>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm font-semibold text-stone-900" aria-hidden>
            Variations
          </p>
          <p className="text-xs text-stone-600">Each one draws the cut a little differently, side by side. One credit each.</p>
        </div>
        <div className="flex gap-1 rounded-full bg-white p-1 ring-1 ring-stone-200">
          {counts.map((n) => (
            <label
              key={n}
              className={`relative flex h-9 w-9 cursor-pointer items-center justify-center rounded-full text-sm font-semibold transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400 ${
                value === n ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-stone-100'
              } ${n * GENERATION_COST > credits ? 'opacity-40' : ''}`}
            >
              <input
                type="radio"
                name="variations"
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                className="sr-only"
                aria-label={`${n} ${n === 1 ? 'variation' : 'variations'}, ${creditsFor(n)}`}
              />
              {n}
            </label>
          ))}
        </div>
      </div>
    </fieldset>
  );
}
