import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_INSIGHT_RADIUS_KM, INSIGHT_RADII_KM, MIN_PEOPLE, MIN_RENDERS } from '@shared/insights/schemas';
import { Button } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { PageTitle, usePageMeta } from '@web/components/ui/page-title';
import { errorMessage } from '@web/lib/api';
import { partnersApi } from '../api/partners-api';
import { ActivityChart, DemandChart } from '../components/insights-charts';
import type { InsightsResponse } from '@shared/insights/schemas';

const CARD = 'rounded-3xl bg-white p-6 ring-1 ring-stone-200';
const n = new Intl.NumberFormat('en-GB');

/** /partner/insights: what the listing brings in, and what people nearby are trying (decisions 106, 107). */
export default function PartnerInsightsPage() {
  usePageMeta({ title: 'Insights — Tress', description: 'Who finds your listing, and which looks people near you are trying.' });
  const [radius, setRadius] = useState<number>(DEFAULT_INSIGHT_RADIUS_KM);
  const q = useQuery({ queryKey: ['partner', 'insights', radius], queryFn: ({ signal }) => partnersApi.insights(radius, signal) });
  const data = q.data;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to="/partner/profile" className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-stone-600 hover:text-stone-950">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Your listing
      </Link>
      <PageTitle sub="The last 30 days: how clients find you, and which looks people near you try on.">Insights</PageTitle>
      {q.isError ? (
        <Notice tone="warning" title="Couldn’t load your insights">
          {errorMessage(q.error, 'Please try again.')}
          <div className="mt-3">
            <Button size="sm" variant="secondary" onClick={() => void q.refetch()}>
              Try again
            </Button>
          </div>
        </Notice>
      ) : !data ? (
        <div className="h-96 animate-pulse rounded-3xl bg-stone-100" aria-label="Loading insights" />
      ) : (
        <div className="space-y-8">
          <section aria-labelledby="activity-heading" className={CARD}>
            <h2 id="activity-heading" className="font-display text-xl font-semibold text-stone-900">
              Your listing
            </h2>
            <dl className="mt-4 grid grid-cols-3 gap-3" data-testid="insights-totals">
              {(
                [
                  ['Profile views', data.totals.views],
                  ['Clicks from Find a professional', data.totals.directoryClicks],
                  ['Inquiries', data.totals.inquiries],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-2xl bg-stone-50 p-4">
                  <dt className="text-xs font-medium text-stone-600 sm:text-sm">{label}</dt>
                  <dd className="mt-1 font-display text-3xl font-semibold tabular-nums text-stone-900">{n.format(value)}</dd>
                </div>
              ))}
            </dl>
            {data.totals.views + data.totals.directoryClicks + data.totals.inquiries === 0 ? (
              <p className="mt-5 text-stone-600">
                No visits yet in the last 30 days. Portfolio pictures with technique and colour tags help the right clients find you; share your profile link on
                Instagram to get the first ones.
              </p>
            ) : (
              <div className="mt-6">
                <ActivityChart days={data.days} />
                <table className="sr-only">
                  <caption>Per day</caption>
                  <thead>
                    <tr>
                      <th>Day</th>
                      <th>Profile views</th>
                      <th>Clicks from Find a professional</th>
                      <th>Inquiries</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.days
                      .filter((d) => d.views + d.directoryClicks + d.inquiries > 0)
                      .map((d) => (
                        <tr key={d.day}>
                          <td>{d.day}</td>
                          <td>{d.views}</td>
                          <td>{d.directoryClicks}</td>
                          <td>{d.inquiries}</td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <BookedSection booked={data.booked} />

          <section aria-labelledby="demand-heading" className={CARD}>
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2 id="demand-heading" className="font-display text-xl font-semibold text-stone-900">
                Looks people near you are trying
              </h2>
              {data.demand.place && (
                <label className="text-sm text-stone-700">
                  Within{' '}
                  <select
                    value={radius}
                    onChange={(e) => setRadius(Number(e.target.value))}
                    className="ml-1 rounded-lg border border-stone-300 bg-white py-1.5 pl-2 pr-7 text-sm"
                  >
                    {INSIGHT_RADII_KM.map((r) => (
                      <option key={r} value={r}>
                        {r} km
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </div>
            {!data.demand.place ? (
              <p className="mt-4 text-stone-600">
                We could not place your listing on the map, so there is no “near you” yet.{' '}
                <Link to="/partner/profile" className="font-semibold text-brand-800 hover:underline">
                  Pick your town or city
                </Link>{' '}
                on your profile.
              </p>
            ) : data.demand.looks.length === 0 ? (
              <p className="mt-4 text-stone-600">
                Not enough try-ons within {data.demand.place.radiusKm} km of {data.demand.place.label} yet to show without pointing at anyone: a look appears
                once at least {MIN_RENDERS} renders by {MIN_PEOPLE} or more people make it up. Try a wider radius, or check back as more people search near you.
              </p>
            ) : (
              <>
                <ul className="mt-4 space-y-1 text-stone-800" data-testid="demand-looks">
                  {data.demand.looks.slice(0, 3).map((l) => (
                    <li key={l.label}>
                      <strong className="tabular-nums">{n.format(l.renders)}</strong> renders of {l.label} within {data.demand.place!.radiusKm} km
                    </li>
                  ))}
                </ul>
                <div className="mt-5">
                  <DemandChart looks={data.demand.looks} />
                </div>
                <table className="sr-only">
                  <caption>Renders by look</caption>
                  <tbody>
                    {data.demand.looks.map((l) => (
                      <tr key={l.label}>
                        <td>{l.label}</td>
                        <td>{l.renders}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
            <p className="mt-5 text-xs text-stone-500">
              {data.demand.totalRenders !== null && data.demand.place
                ? `${n.format(data.demand.totalRenders)} try-ons within ${data.demand.place.radiusKm} km in 30 days. `
                : ''}
              Counted from people who searched the directory near a town here; we never show who tried what, and looks with fewer than {MIN_RENDERS} renders or{' '}
              {MIN_PEOPLE} people are left out.
            </p>
          </section>
        </div>
      )}
    </div>
  );
}

const SOURCES = [
  ['studio', 'From a render in the studio'],
  ['portfolio', 'From trying on your portfolio'],
  ['directory', 'From Find a professional'],
  ['profile', 'From your profile'],
] as const;

/** "Booked through Tress" (decision 167): the clients this listing brought, this period and the one before. */
function BookedSection({ booked }: { booked: InsightsResponse['booked'] }) {
  const { last, previous } = booked;
  return (
    <section aria-labelledby="booked-heading" className={CARD}>
      <h2 id="booked-heading" className="font-display text-xl font-semibold text-stone-900">
        Booked through Tress
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3" data-testid="insights-booked">
        <div className="rounded-2xl bg-stone-50 p-4">
          <dt className="text-xs font-medium text-stone-600 sm:text-sm">Bookings and requests</dt>
          <dd className="mt-1 font-display text-3xl font-semibold tabular-nums text-stone-900">{n.format(last.total)}</dd>
          <dd className="mt-1 text-xs text-stone-600">{n.format(previous.total)} in the 30 days before</dd>
        </div>
        <div className="rounded-2xl bg-stone-50 p-4">
          <dt className="text-xs font-medium text-stone-600 sm:text-sm">With a try-on attached</dt>
          <dd className="mt-1 font-display text-3xl font-semibold tabular-nums text-stone-900">{n.format(last.withLook)}</dd>
          <dd className="mt-1 text-xs text-stone-600">{n.format(previous.withLook)} in the 30 days before</dd>
        </div>
      </dl>
      {last.total === 0 ? (
        <p className="mt-5 text-stone-600">
          No bookings through Tress in the last 30 days yet. Services you can book online show on your profile and in searches.
        </p>
      ) : (
        <ul className="mt-4 space-y-1 text-stone-800" aria-label="Where they booked from">
          {SOURCES.filter(([k]) => last.bySource[k] > 0).map(([k, label]) => (
            <li key={k}>
              {label}: <strong className="tabular-nums">{n.format(last.bySource[k])}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
