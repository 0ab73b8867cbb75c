import { ArrowLeft, AtSign, CalendarDays, Globe, MapPin, Palette, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { MSG } from '@shared/messages';
import { socialUrl } from '@shared/partners/format';
import { STYLE_TAGS, styleTagLabel } from '@shared/partners/style-tags';
import { ButtonLink } from '@web/components/ui/button';
import { LoadingScreen } from '@web/components/ui/loading-screen';
import { Notice } from '@web/components/ui/notice';
import { usePageMeta } from '@web/components/ui/page-title';
import { useMe } from '@web/features/auth/public';
import { BookButton, BookingPanel, HoursCard, type Carry } from '@web/features/booking/public';
import { ApiError, errorMessage } from '@web/lib/api';
import { AnnualBadge, VerifiedBadge } from '../components/badges';
import { InquiryForm } from '../components/inquiry-form';
import { Lightbox } from '../components/lightbox';
import { PartnerAvatar } from '../components/partner-avatar';
import { RatingBadge } from '../components/rating';
import { ReviewsSection } from '../components/reviews-section';
import { ShareButton } from '../components/share-button';
import { useLivePartner, useProfessional } from '../hooks/use-professional';

// d3-geo and the land outlines load when the map is opened, not with the page (decisions 062 and 162)
const PlacesMap = lazy(() => import('../components/places-map'));

/** The studio with this portfolio photo as the colour reference, and the technique its tags name. */
function tryOnLink(imageUrl: string, tags: string[], pro: string) {
  const technique = tags.find((t) => STYLE_TAGS.some((s) => s.id === t && s.kind === 'technique'));
  const prompt = technique ? `this colour as ${styleTagLabel(technique).toLowerCase()}` : 'this colour';
  return `/app?${new URLSearchParams({ prompt, reference: imageUrl, pro })}`;
}

const since = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });

/** /professionals/{slug or id}: portfolio with lightbox, links, share, live reviews, inquiries. */
export default function ProfessionalPage() {
  const { idOrSlug = '' } = useParams();
  const location = useLocation();
  const [search] = useSearchParams();
  const attach = search.get('inquire')?.slice(0, 64) || undefined;
  const via = (location.state as { via?: string } | null)?.via === 'directory' ? 'directory' : undefined;
  const query = useProfessional(idOrSlug, via);
  const look = search.get('look')?.slice(0, 64) || undefined;
  const carry: Carry = {
    style: search.get('style') ?? undefined,
    colour: search.get('colour') ?? undefined,
    look,
    source: look ? 'studio' : via ? 'directory' : 'profile',
  };
  const p = query.data;
  const [open, setOpen] = useState<number | null>(null);
  const [mapOpen, setMapOpen] = useState(false);
  const { me } = useMe();
  useLivePartner(p?.id, idOrSlug);
  const loadedId = p?.id;
  useEffect(() => {
    if (attach && loadedId && location.hash === '#contact') document.getElementById('contact')?.scrollIntoView({ block: 'center' });
  }, [attach, loadedId, location.hash]);
  usePageMeta(
    p
      ? {
          title: `${p.businessName}${p.location ? ` in ${p.location}` : ''} — Tress`,
          description: p.bio.slice(0, 160) || `${p.businessName}: ${p.services.slice(0, 4).join(', ')}`,
        }
      : undefined,
  );

  if (query.isPending) return <LoadingScreen />;
  if (query.isError || !p) {
    const missing = query.error instanceof ApiError && query.error.code === 'not-found';
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        {missing ? (
          <>
            <h1 className="font-display text-3xl font-semibold text-stone-900">Professional not found</h1>
            <p className="mt-3 text-stone-600">{MSG.professionalNotFound}</p>
          </>
        ) : (
          <Notice tone="warning" title="Couldn’t load this profile">
            {errorMessage(query.error, 'Please try again.')}
          </Notice>
        )}
        <ButtonLink to="/professionals" variant="secondary" className="mt-8">
          Browse the directory
        </ButtonLink>
      </div>
    );
  }
  const links = (
    [
      ['website', p.website, Globe, 'Website'],
      ['instagram', p.instagram, AtSign, 'Instagram'],
      ['facebook', p.facebook, Users, 'Facebook'],
    ] as const
  )
    .map(([kind, value, Icon, label]) => ({ href: socialUrl(kind, value), Icon, label, value }))
    .filter((l) => l.href);
  const cover = p.portfolio[0]?.url;
  const own = me?.id === p.id;

  return (
    <article className="pb-16">
      <div className="relative h-44 overflow-hidden bg-gradient-to-br from-brand-100 via-stone-100 to-amber-50 sm:h-64">
        {cover && <img src={cover} alt="" className="h-full w-full scale-110 object-cover opacity-60 blur-md" />}
        <div className="absolute inset-0 bg-gradient-to-t from-stone-50 via-transparent" />
      </div>
      <div className="mx-auto -mt-20 max-w-6xl px-4 sm:-mt-24 sm:px-6">
        <Link
          to="/professionals"
          className="relative mb-4 inline-flex items-center gap-1 rounded-full bg-white/90 px-3 py-1.5 text-sm font-medium text-stone-700 shadow-sm hover:text-stone-950"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          All professionals
        </Link>
        <header className="relative flex flex-col gap-5 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:flex-row sm:items-center sm:p-8">
          <PartnerAvatar url={p.profileImageUrl} name={p.businessName} className="h-24 w-24 text-3xl shadow-md sm:h-28 sm:w-28" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              {p.isVerified && <VerifiedBadge />}
              {p.annual && <AnnualBadge />}
            </div>
            <h1 className="mt-2 font-display text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">{p.businessName}</h1>
            <p className="mt-1 text-stone-600">{p.fullName}</p>
            <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-stone-600">
              <RatingBadge average={p.averageRating} count={p.ratingCount} size="md" />
              {p.location && (
                <span className="inline-flex items-center gap-1">
                  <MapPin className="h-4 w-4" aria-hidden />
                  {p.location}
                </span>
              )}
              <span className="inline-flex items-center gap-1">
                <CalendarDays className="h-4 w-4" aria-hidden />
                On Tress since {since.format(new Date(p.memberSince))}
              </span>
            </div>
          </div>
          <div className="flex shrink-0 gap-2">
            {!own && <BookButton partner={p} carry={carry} />}
            <ShareButton title={p.businessName} text={`${p.businessName} on Tress`} />
          </div>
        </header>

        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_340px] lg:grid-rows-[auto_1fr]">
          <section className="rounded-3xl bg-white p-6 ring-1 ring-stone-200 lg:col-start-2 lg:row-start-1">
            <h2 className="font-display text-xl font-semibold text-stone-900">About</h2>
            <p className="mt-3 whitespace-pre-line text-stone-700">{p.bio || `${p.businessName} has not written a bio yet.`}</p>
            {p.services.length > 0 && (
              <>
                <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-stone-500">Services</h3>
                <ul className="mt-2 flex flex-wrap gap-1.5">
                  {p.services.map((s) => (
                    <li key={s} className="rounded-full bg-stone-100 px-3 py-1 text-sm text-stone-800">
                      {s}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {p.styleTags.length > 0 && (
              <>
                <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-stone-500">Looks in the portfolio</h3>
                <ul className="mt-2 flex flex-wrap gap-1.5">
                  {p.styleTags.map((t) => (
                    <li key={t}>
                      <Link
                        to={`/styles?q=${encodeURIComponent(styleTagLabel(t))}`}
                        className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-900 hover:bg-brand-100"
                      >
                        {styleTagLabel(t)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {links.length > 0 && (
              <ul className="mt-6 space-y-2 border-t border-stone-100 pt-5">
                {links.map(({ href, Icon, label, value }) => (
                  <li key={label}>
                    <a
                      href={href!}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="inline-flex max-w-full items-center gap-2 text-sm font-medium text-stone-700 hover:text-brand-800"
                    >
                      <Icon className="h-4 w-4 shrink-0" aria-hidden />
                      <span className="truncate">
                        <span className="sr-only">{label}: </span>
                        {value.replace(/^https?:\/\/(www\.)?/, '')}
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <div className="min-w-0 space-y-8 lg:col-start-1 lg:row-span-2 lg:row-start-1">
            <BookingPanel partner={p} own={own} carry={carry} />
            <section aria-labelledby="portfolio-heading">
              <h2 id="portfolio-heading" className="mb-4 font-display text-2xl font-semibold text-stone-900">
                Portfolio
              </h2>
              {p.portfolio.length === 0 ? (
                <p className="rounded-2xl bg-white p-6 text-stone-600 ring-1 ring-stone-200">No portfolio pictures yet.</p>
              ) : (
                <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                  {p.portfolio.map((img, i) => (
                    <li key={img.id} className="space-y-1.5">
                      <button
                        type="button"
                        onClick={() => setOpen(i)}
                        className="group relative block aspect-square w-full overflow-hidden rounded-2xl bg-stone-100"
                        aria-label={`Open image ${i + 1} of ${p.portfolio.length}${img.tags.length ? `: ${img.tags.map(styleTagLabel).join(', ')}` : ''}`}
                      >
                        <img src={img.url} alt="" loading="lazy" className="h-full w-full object-cover transition duration-500 group-hover:scale-105" />
                        {img.tags.length > 0 && (
                          <span className="absolute inset-x-2 bottom-2 truncate rounded-full bg-black/55 px-2.5 py-1 text-left text-xs font-medium text-white">
                            {img.tags.map(styleTagLabel).join(' · ')}
                          </span>
                        )}
                      </button>
                      {!own && (
                        <Link
                          to={tryOnLink(img.url, img.tags, p.slug ?? p.id)}
                          className="flex items-center justify-center gap-1.5 rounded-full py-1.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
                          aria-label={`Try the colour of image ${i + 1} on me`}
                        >
                          <Palette className="h-3.5 w-3.5" aria-hidden />
                          Try this colour on me
                        </Link>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <ReviewsSection partner={p} idOrSlug={idOrSlug} />
          </div>

          <div className="space-y-8 self-start lg:col-start-2 lg:row-start-2">
            <HoursCard partner={p} />
            {p.point &&
              (mapOpen ? (
                <Suspense fallback={<div className="aspect-[2/1] animate-pulse rounded-3xl bg-stone-100" />}>
                  <PlacesMap
                    pins={[{ id: p.id, name: p.businessName, lat: p.point.lat, lng: p.point.lng, note: p.location }]}
                    label={p.location ? `${p.businessName}: ${p.location}` : p.businessName}
                  />
                </Suspense>
              ) : (
                <button
                  type="button"
                  onClick={() => setMapOpen(true)}
                  className="inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-100"
                >
                  <MapPin className="h-4 w-4" aria-hidden />
                  Show on a map
                </button>
              ))}
            <section id="contact" className="scroll-mt-24 rounded-3xl bg-stone-900 p-6 text-white">
              <h2 className="font-display text-xl font-semibold">{own ? 'This is your listing' : 'Get in touch'}</h2>
              {own ? (
                <>
                  <p className="mb-4 mt-1 text-sm text-stone-300">This is how clients see you. Their messages arrive by email and on your listing page.</p>
                  <ButtonLink to="/partner/profile" variant="secondary" className="w-full">
                    Manage listing
                  </ButtonLink>
                </>
              ) : (
                <>
                  <p className="mb-4 mt-1 text-sm text-stone-300">
                    Tried a look in the studio? Attach it so {p.fullName.split(' ')[0] || 'they'} can see exactly what you want.
                  </p>
                  <div className="rounded-2xl bg-white p-4 text-stone-900">
                    <InquiryForm partnerId={p.id} businessName={p.businessName} attach={attach} />
                  </div>
                </>
              )}
            </section>
          </div>
        </div>
      </div>
      {open !== null && <Lightbox images={p.portfolio} index={open} onIndex={setOpen} onClose={() => setOpen(null)} owner={p.businessName} />}
    </article>
  );
}
