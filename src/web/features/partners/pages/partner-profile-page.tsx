import { useQuery } from '@tanstack/react-query';
import { BarChart3, CalendarDays, ExternalLink, Scissors } from 'lucide-react';
import { Link } from 'react-router';
import { formatRating } from '@shared/partners/format';
import { ButtonLink } from '@web/components/ui/button';
import { LoadingScreen } from '@web/components/ui/loading-screen';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-title';
import { errorMessage } from '@web/lib/api';
import { partnerKeys, partnersApi } from '../api/partners-api';
import { AnnualBadge, VerifiedBadge } from '../components/badges';
import { InquiriesPanel } from '../components/inquiries-panel';
import { PortfolioEditor } from '../components/portfolio-editor';
import { ProfileForm } from '../components/profile-form';
import { ProfileImageEditor } from '../components/profile-image-editor';

const CARD = 'rounded-3xl bg-white p-6 ring-1 ring-stone-200 sm:p-8';

/** /partner/profile: manage the listing (guarded; decision 051 admits a subscribed partner before the profile is complete). */
export default function PartnerProfilePage() {
  const q = useQuery({ queryKey: partnerKeys.own, queryFn: ({ signal }) => partnersApi.own(signal) });
  if (q.isPending) return <LoadingScreen />;
  if (q.isError)
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <Notice tone="error" title="Couldn’t load your listing">
          {errorMessage(q.error, 'Please try again.')}
        </Notice>
      </div>
    );
  const p = q.data;
  const live = p.profileComplete && p.subscriptionStatus.toLowerCase() === 'active';
  const publicPath = `/professionals/${p.slug ?? p.id}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <PageTitle sub="What clients see in the directory and on your profile page.">Manage your listing</PageTitle>

      <div
        className={`mb-8 flex flex-col gap-4 rounded-3xl p-5 ring-1 sm:flex-row sm:items-center sm:justify-between ${live ? 'bg-emerald-50 ring-emerald-200' : 'bg-amber-50 ring-amber-200'}`}
        role="status"
      >
        <div>
          <p className="font-semibold text-stone-900">
            {live
              ? 'Your listing is live in the directory'
              : p.profileComplete
                ? 'Your listing is hidden until your subscription is active'
                : 'Almost there: save your profile to go live'}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-stone-700">
            {p.isVerified ? (
              <VerifiedBadge />
            ) : (
              <span className="rounded-full bg-white px-2 py-0.5 text-xs ring-1 ring-stone-200">Verification pending: the Tress team reviews new listings</span>
            )}
            {p.plan === 'yearly' && <AnnualBadge />}
            <span>
              {formatRating(p.averageRating, p.ratingCount)}
              {p.ratingCount > 0 && ` from ${p.ratingCount} ${p.ratingCount === 1 ? 'review' : 'reviews'}`}
            </span>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {live && (
            <ButtonLink to={publicPath} variant="secondary" size="sm">
              <ExternalLink className="h-4 w-4" aria-hidden />
              View public profile
            </ButtonLink>
          )}
          <ButtonLink to="/partner/bookings" variant="secondary" size="sm">
            <CalendarDays className="h-4 w-4" aria-hidden />
            Bookings
          </ButtonLink>
          <ButtonLink to="/partner/services" variant="secondary" size="sm">
            <Scissors className="h-4 w-4" aria-hidden />
            Services & hours
          </ButtonLink>
          <ButtonLink to="/partner/insights" variant="secondary" size="sm">
            <BarChart3 className="h-4 w-4" aria-hidden />
            Insights
          </ButtonLink>
          <ButtonLink to="/partners/subscribe" variant="ghost" size="sm">
            Plan & billing
          </ButtonLink>
        </div>
      </div>

      <div className="space-y-8">
        <section aria-labelledby="picture-heading" className={CARD}>
          <h2 id="picture-heading" className="mb-5 font-display text-xl font-semibold text-stone-900">
            Profile picture
          </h2>
          <ProfileImageEditor profile={p} />
        </section>
        <section aria-labelledby="details-heading" className={CARD}>
          <h2 id="details-heading" className="mb-5 font-display text-xl font-semibold text-stone-900">
            Business details
          </h2>
          <ProfileForm profile={p} />
        </section>
        <section aria-labelledby="portfolio-heading" className={CARD}>
          <h2 id="portfolio-heading" className="mb-1 font-display text-xl font-semibold text-stone-900">
            Portfolio
          </h2>
          <p className="mb-5 text-sm text-stone-600">
            Tag each picture with its technique and colour: clients filter the directory by them, straight from a look they tried in the{' '}
            <Link to="/app" className="font-medium text-brand-800 hover:underline">
              studio
            </Link>
            .
          </p>
          <PortfolioEditor profile={p} />
        </section>
        <section id="inquiries" aria-labelledby="inquiries-heading" className={CARD}>
          <h2 id="inquiries-heading" className="mb-5 font-display text-xl font-semibold text-stone-900">
            Client inquiries
          </h2>
          <InquiriesPanel businessName={p.businessName} />
        </section>
      </div>
    </div>
  );
}
