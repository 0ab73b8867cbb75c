import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Pencil, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button, ButtonLink } from '@web/components/ui/button';
import { LoadingScreen } from '@web/components/ui/loading-screen';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-title';
import { useToast } from '@web/components/ui/toast';
import { ApiError, errorMessage } from '@web/lib/api';
import { bookingKeys, partnerBookingApi } from '../api/booking-api';
import { DepositAccountCard } from '../components/deposit-account-card';
import { defaultHours, HoursEditor } from '../components/hours-editor';
import { PolicyEditor } from '../components/policy-editor';
import { ServiceSummary, type Service } from '../components/service-summary';

/** Shown only once a service is edited or added: it brings the service schema and zod with it (decision 199). */
const ServiceEditor = lazy(() => import('../components/service-editor').then((m) => ({ default: m.ServiceEditor })));

const CARD = 'rounded-3xl bg-white p-6 ring-1 ring-stone-200 sm:p-8';
/** A professional who has not set something yet gets the defaults to start from. */
const orDefault = async <T,>(p: Promise<T>, fallback: () => T) => {
  try {
    return await p;
  } catch (e) {
    if (e instanceof ApiError && e.code === 'not-found') return fallback();
    throw e;
  }
};

function Menu() {
  const q = useQuery({ queryKey: bookingKeys.ownServices, queryFn: ({ signal }) => partnerBookingApi.services(signal) });
  const deposits = useQuery({ queryKey: bookingKeys.deposits, queryFn: ({ signal }) => partnerBookingApi.depositAccount(signal) });
  const [editing, setEditing] = useState<Service | 'new' | null>(null);
  const qc = useQueryClient();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: (id: string) => partnerBookingApi.deleteService(id),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: bookingKeys.ownServices });
      toast('Service removed from your menu.', 'info');
    },
    onError: (e) => toast(errorMessage(e, 'Couldn’t remove the service.'), 'error'),
  });
  if (q.isPending) return <div className="h-24 animate-pulse rounded-2xl bg-stone-100" />;
  if (q.isError) return <Notice tone="error">{errorMessage(q.error, 'Couldn’t load your services.')}</Notice>;
  const currency = q.data[0]?.currency ?? 'USD';
  const mode = deposits.data?.status === 'ready' ? 'online' : 'pay-at-salon';
  return (
    <div className="space-y-4">
      {q.data.length === 0 && editing === null && (
        <p className="rounded-2xl bg-stone-50 p-5 text-sm text-stone-600">
          Add your first service: clients can book it from your profile and from looks they try in the studio.
        </p>
      )}
      <ul className="divide-y divide-stone-100" aria-label="Your services">
        {q.data.map((s) =>
          editing !== 'new' && editing?.id === s.id ? (
            <li key={s.id} className="py-5">
              <Suspense fallback={null}>
                <ServiceEditor service={s} currency={currency} onDone={() => setEditing(null)} />
              </Suspense>
            </li>
          ) : (
            <li key={s.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start">
              <div className="min-w-0 flex-1">
                <ServiceSummary s={s} deposits={mode} />
                {!s.bookableOnline && <p className="mt-1 text-xs font-medium text-stone-500">Not bookable online</p>}
              </div>
              <div className="flex shrink-0 gap-1">
                <Button variant="secondary" size="sm" onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>
                  <Pencil className="h-4 w-4" aria-hidden />
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={remove.isPending}
                  aria-label={`Remove ${s.name}`}
                  onClick={() => window.confirm(`Remove “${s.name}” from your menu? Bookings already made keep it.`) && remove.mutate(s.id)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </div>
            </li>
          ),
        )}
      </ul>
      {editing === 'new' ? (
        <div className="rounded-2xl bg-stone-50 p-5">
          <h3 className="mb-4 font-semibold text-stone-900">New service</h3>
          <Suspense fallback={null}>
            <ServiceEditor service={null} currency={currency} onDone={() => setEditing(null)} />
          </Suspense>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setEditing('new')}>
          <Plus className="h-4 w-4" aria-hidden />
          Add a service
        </Button>
      )}
    </div>
  );
}

/** /partner/services (professional): the menu, opening hours, cancellation policy and how deposits are paid. */
export default function PartnerServicesPage() {
  const hours = useQuery({ queryKey: bookingKeys.hours, queryFn: ({ signal }) => orDefault(partnerBookingApi.hours(signal), defaultHours) });
  const policy = useQuery({
    queryKey: bookingKeys.policy,
    queryFn: ({ signal }) =>
      orDefault(partnerBookingApi.policy(signal), () => ({ cancellationWindowHours: 24, lateCancelFeePercent: 50, noShowFeePercent: 100, note: '' })),
  });
  if (hours.isPending || policy.isPending) return <LoadingScreen />;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <PageTitle sub="What clients can book online, when, and on what terms.">Services & hours</PageTitle>
      <div className="mb-8 flex flex-wrap gap-2">
        <ButtonLink to="/partner/bookings" variant="secondary" size="sm">
          <CalendarDays className="h-4 w-4" aria-hidden />
          Bookings agenda
        </ButtonLink>
        <ButtonLink to="/partner/profile" variant="ghost" size="sm">
          Manage listing
        </ButtonLink>
      </div>
      <div className="space-y-8">
        <section aria-labelledby="menu-heading" className={CARD}>
          <h2 id="menu-heading" className="mb-5 font-display text-xl font-semibold text-stone-900">
            Service menu
          </h2>
          <Menu />
        </section>
        <section aria-labelledby="hours-edit-heading" className={CARD}>
          <h2 id="hours-edit-heading" className="mb-5 font-display text-xl font-semibold text-stone-900">
            Opening hours
          </h2>
          {hours.isError ? <Notice tone="error">{errorMessage(hours.error, 'Couldn’t load your hours.')}</Notice> : <HoursEditor initial={hours.data!} />}
        </section>
        <section aria-labelledby="policy-edit-heading" className={CARD}>
          <h2 id="policy-edit-heading" className="mb-5 font-display text-xl font-semibold text-stone-900">
            Cancellation policy
          </h2>
          {policy.isError ? <Notice tone="error">{errorMessage(policy.error, 'Couldn’t load your policy.')}</Notice> : <PolicyEditor initial={policy.data!} />}
        </section>
        <section aria-labelledby="payouts-heading" className={CARD}>
          <h2 id="payouts-heading" className="mb-5 font-display text-xl font-semibold text-stone-900">
            Deposits
          </h2>
          <DepositAccountCard />
        </section>
      </div>
    </div>
  );
}
