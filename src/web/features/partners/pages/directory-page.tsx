import { List, Map as MapIcon, Sparkles } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { COLOUR_WORDS } from '@shared/hair/colour-words';
import { TECHNIQUES } from '@shared/hair/techniques';
import { DEFAULT_RADIUS_KM, formatDistance, RADII_KM } from '@shared/geo/distance';
import { MSG } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-title';
import { useUrlParams } from '@web/lib/use-url-params';
import { DirectoryFilters } from '../components/directory-filters';
import { NearFilter } from '../components/near-filter';
import { PartnerCard } from '../components/partner-card';
import { PlacePicker } from '../components/place-picker';
import { useDirectory } from '../hooks/use-directory';

// d3-geo and the land outlines load only when a map is shown (landing budget, decision 062)
const PlacesMap = lazy(() => import('../components/places-map'));

const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';
const valid = (v: string | null, ids: readonly string[]) => (v && ids.includes(v) ? v : '');
const num = (v: string | null) => (v !== null && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);

/** /professionals: public directory, searched and sorted by the database, loaded page by page as you scroll. */
export default function DirectoryPage() {
  const [params, setParams] = useUrlParams();
  const q = params.get('q') ?? '';
  const style = valid(
    params.get('style'),
    TECHNIQUES.map((t) => t.id),
  );
  const colour = valid(
    params.get('colour'),
    COLOUR_WORDS.map((c) => c.id),
  );
  const near = num(params.get('near'));
  const lat = near ? undefined : num(params.get('lat'));
  const lng = near ? undefined : num(params.get('lng'));
  const radius = (RADII_KM as readonly number[]).includes(num(params.get('radius')) ?? 0) ? num(params.get('radius'))! : DEFAULT_RADIUS_KM;
  const nearActive = Boolean(near) || (lat !== undefined && lng !== undefined);
  const available = params.get('available') === 'week' ? 'week' : undefined;
  // a look from the studio travels on to the profile, so booking there preselects its service and attaches it
  const look = params.get('look')?.slice(0, 64) || undefined;
  const carry =
    style || colour || look ? `?${new URLSearchParams(Object.entries({ style, colour, look }).filter((e): e is [string, string] => Boolean(e[1])))}` : '';
  const query = useDirectory({
    q: q.trim(),
    style: style || undefined,
    colour: colour || undefined,
    available,
    ...(nearActive ? { near, lat, lng, radius } : {}),
  });
  const [showMap, setShowMap] = useState<boolean | null>(null);
  const onChange = useCallback(
    (next: { q?: string; style?: string; colour?: string; available?: string; near?: string; lat?: string; lng?: string; radius?: string }) =>
      setParams((p) => {
        for (const [k, v] of Object.entries(next)) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
      }),
    [setParams],
  );

  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const io = new IntersectionObserver((entries) => entries[0]?.isIntersecting && !isFetchingNextPage && void fetchNextPage(), { rootMargin: '600px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const pages = query.data?.pages ?? [];
  const featured = pages[0]?.featured ?? [];
  const items = pages.flatMap((p) => p.items);
  const filtered = Boolean(q || style || colour || available);
  const centre = pages[0]?.near ?? null;
  const mapOpen = showMap ?? nearActive;
  const pins = items.flatMap((p) =>
    p.point
      ? [
          {
            id: p.id,
            name: p.businessName,
            lat: p.point.lat,
            lng: p.point.lng,
            note: p.distanceKm !== null ? formatDistance(p.distanceKm) : p.location,
            href: `/professionals/${p.slug ?? p.id}${carry}`,
          },
        ]
      : [],
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
      <PageTitle sub="Colourists, stylists and barbers with real portfolios and reviews. Found a look in the studio? Filter by its technique and colour.">
        Find a hair professional
      </PageTitle>
      <DirectoryFilters q={q} style={style} colour={colour} available={Boolean(available)} onChange={onChange} />
      <NearFilter
        label={centre?.label ?? 'the place you chose'}
        radius={radius}
        active={nearActive}
        onChange={onChange}
        picker={(onPick) => (
          <PlacePicker
            className="flex-1"
            label="Near"
            value={near && centre ? centre.label : ''}
            onPick={onPick}
            placeholder="Type a town or city, e.g. Leeds"
          />
        )}
      />
      {pins.length > 0 && (
        <div className="mt-6">
          <button
            type="button"
            aria-pressed={mapOpen}
            onClick={() => setShowMap(!mapOpen)}
            className="mb-3 inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-100"
          >
            {mapOpen ? <List className="h-4 w-4" aria-hidden /> : <MapIcon className="h-4 w-4" aria-hidden />}
            {mapOpen ? 'Hide the map (the list below has everyone)' : 'Show on a map'}
          </button>
          {mapOpen && (
            <Suspense fallback={<div className="aspect-[2/1] animate-pulse rounded-3xl bg-stone-100" />}>
              <PlacesMap
                pins={pins}
                centre={centre}
                label={centre ? `${pins.length} shown within ${centre.radiusKm} km of ${centre.label}` : `${pins.length} professionals on the map`}
              />
            </Suspense>
          )}
        </div>
      )}

      <div className="mt-8" aria-live="polite" aria-busy={query.isFetching}>
        {query.isError ? (
          <Notice tone="warning" title={MSG.directoryLoadFailed}>
            {query.error.message || 'Please try again.'}
            <div className="mt-3">
              <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </div>
          </Notice>
        ) : query.isPending ? (
          <div className={GRID} aria-label="Loading professionals">
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="h-80 animate-pulse rounded-3xl bg-stone-100" />
            ))}
          </div>
        ) : items.length === 0 ? (
          <div className="rounded-3xl bg-white px-6 py-16 text-center ring-1 ring-stone-200">
            <h2 className="font-display text-2xl font-semibold text-stone-900">{MSG.directoryEmpty}</h2>
            <p className="mt-2 text-stone-600">
              {nearActive
                ? `Nobody listed within ${radius} km yet. Try a wider radius or another town.`
                : filtered
                  ? available
                    ? 'Nobody matching is free this week. Try without “Available this week”.'
                    : 'Try another word, or clear the technique and colour filters.'
                  : 'Check back soon: new professionals join every week.'}
            </p>
            {(filtered || nearActive) && (
              <Button
                className="mt-6"
                variant="secondary"
                onClick={() => onChange({ q: '', style: '', colour: '', available: '', near: '', lat: '', lng: '', radius: '' })}
              >
                Clear search
              </Button>
            )}
          </div>
        ) : (
          <>
            {featured.length > 0 && (
              <section
                aria-labelledby="featured-heading"
                className="mb-10 rounded-3xl bg-gradient-to-br from-amber-50 to-brand-50 p-5 ring-1 ring-amber-200 sm:p-6"
              >
                <h2 id="featured-heading" className="mb-1 flex items-center gap-2 font-display text-xl font-semibold text-stone-900">
                  <Sparkles className="h-5 w-5 text-amber-600" aria-hidden />
                  Featured annual members
                </h2>
                <p className="mb-5 text-sm text-stone-600">Priority placement for professionals on a yearly plan{filtered ? ' that match your search' : ''}.</p>
                <div className={GRID}>
                  {featured.map((p) => (
                    <PartnerCard key={p.id} p={p} featured carry={carry} />
                  ))}
                </div>
              </section>
            )}
            <h2 className="sr-only">All professionals</h2>
            <div className={GRID}>
              {items.map((p) => (
                <PartnerCard key={p.id} p={p} carry={carry} />
              ))}
            </div>
            <div ref={sentinel} className="mt-10 flex justify-center">
              {hasNextPage && (
                <Button variant="secondary" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                  {isFetchingNextPage ? 'Loading…' : 'Show more professionals'}
                </Button>
              )}
            </div>
          </>
        )}
      </div>

      <aside className="mt-16 flex flex-col items-start justify-between gap-4 rounded-3xl bg-stone-900 px-6 py-8 text-white sm:flex-row sm:items-center sm:px-10">
        <div>
          <h2 className="font-display text-2xl font-semibold">Are you a hair professional?</h2>
          <p className="mt-1 text-stone-300">List your business and meet clients who already know the look they want.</p>
        </div>
        <Link to="/partners" className="rounded-full bg-white px-5 py-2.5 text-sm font-semibold text-stone-900 hover:bg-brand-50">
          List your business
        </Link>
      </aside>
    </div>
  );
}
