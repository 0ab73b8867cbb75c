import { CalendarCheck, MapPin, Navigation } from 'lucide-react';
import { Link } from 'react-router';
import { DISPLAY } from '@shared/constants';
import { formatDistance } from '@shared/geo/distance';
import type { PartnerCard as Card } from '@shared/partners/views';
import { AnnualBadge, VerifiedBadge } from './badges';
import { PartnerAvatar } from './partner-avatar';
import { RatingBadge } from './rating';

const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** "Tue 10:30": the wall time the instant carries in the salon's own offset, whatever the visitor's zone. */
function nextFreeLabel(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return `${WEEKDAY[new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay()]} ${iso.slice(11, 16)}`;
}

/** A directory card: cover from the portfolio, name, place, rating, badges and 3 service tags (docs/product.md §9). */
export function PartnerCard({ p, featured = false, carry = '' }: { p: Card; featured?: boolean; carry?: string }) {
  return (
    <Link
      to={`/professionals/${p.slug ?? p.id}${carry}`}
      state={{ via: 'directory' }}
      className={`group flex flex-col overflow-hidden rounded-3xl bg-white ring-1 transition hover:-translate-y-0.5 hover:shadow-lg focus-visible:-translate-y-0.5 ${featured ? 'ring-amber-300' : 'ring-stone-200'}`}
    >
      <div className="relative aspect-[4/3] bg-gradient-to-br from-brand-50 to-stone-100">
        {p.coverImageUrl && (
          <img src={p.coverImageUrl} alt="" loading="lazy" className="h-full w-full object-cover transition duration-500 group-hover:scale-[1.03]" />
        )}
        <div className="absolute left-3 top-3 flex flex-wrap gap-1.5">
          {p.isVerified && <VerifiedBadge className="bg-white/95" />}
          {p.annual && <AnnualBadge className="bg-white/95" />}
        </div>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="-mt-12 mb-3 flex items-end justify-between gap-3">
          <PartnerAvatar url={p.profileImageUrl} name={p.businessName} className="h-16 w-16 shadow-md" />
          <RatingBadge average={p.averageRating} count={p.ratingCount} />
        </div>
        <h3 className="font-display text-lg font-semibold leading-snug text-stone-900 group-hover:text-brand-800">{p.businessName}</h3>
        <p className="text-sm text-stone-600">{p.fullName}</p>
        {p.location && (
          <p className="mt-1 flex items-center gap-1 text-sm text-stone-500">
            <MapPin className="h-3.5 w-3.5" aria-hidden />
            {p.location}
          </p>
        )}
        {p.distanceKm !== null && (
          <p className="mt-1 flex items-center gap-1 text-sm font-medium text-brand-800" data-testid="distance">
            <Navigation className="h-3.5 w-3.5" aria-hidden />
            {formatDistance(p.distanceKm)}
          </p>
        )}
        {p.nextFree && (
          <p
            className="mt-1 flex items-center gap-1 text-sm font-medium text-emerald-800"
            data-testid="next-free"
            title={`Next free time for ${p.nextFree.serviceName}`}
          >
            <CalendarCheck className="h-3.5 w-3.5" aria-hidden />
            Next: {nextFreeLabel(p.nextFree.start)}
          </p>
        )}
        {p.services.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Services">
            {p.services.slice(0, DISPLAY.cardServiceTags).map((s) => (
              <li key={s} className="rounded-full bg-stone-100 px-2.5 py-1 text-xs font-medium text-stone-700">
                {s}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Link>
  );
}
