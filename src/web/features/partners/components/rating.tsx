import { Star } from 'lucide-react';
import { formatRating } from '@shared/partners/format';

/** Spec §9: the rating to 1 decimal with its count, or 'New ★'. */
export function RatingBadge({ average, count, size = 'sm' }: { average: number; count: number; size?: 'sm' | 'md' }) {
  const text = formatRating(average, count);
  if (count === 0)
    return (
      <span className={`inline-flex items-center rounded-full bg-brand-50 px-2 py-0.5 font-semibold text-brand-800 ${size === 'md' ? 'text-sm' : 'text-xs'}`}>
        {text}
      </span>
    );
  return (
    <span
      className={`inline-flex items-center gap-1 font-semibold text-stone-900 ${size === 'md' ? 'text-base' : 'text-sm'}`}
      aria-label={`Rated ${text} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`}
    >
      <Star className={`${size === 'md' ? 'h-5 w-5' : 'h-4 w-4'} fill-amber-400 text-amber-400`} aria-hidden />
      {text}
      <span className="font-normal text-stone-500">({count})</span>
    </span>
  );
}

/** Read-only row of five stars. */
export function Stars({ value, className = 'h-4 w-4' }: { value: number; className?: string }) {
  return (
    <span className="inline-flex" aria-label={`${value} out of 5 stars`} role="img">
      {[1, 2, 3, 4, 5].map((i) => (
        <Star key={i} className={`${className} ${i <= value ? 'fill-amber-400 text-amber-400' : 'fill-stone-200 text-stone-200'}`} aria-hidden />
      ))}
    </span>
  );
}
