import { CalendarCheck, MapPin } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { BookingSource } from '@shared/booking/schemas';
import { Button, ButtonLink } from '@web/components/ui/button';
import { bookLink, matchingService } from '../lib/book-link';
import { todayIn, weekdayOf } from '../lib/time';
import { usePublicServices } from '../hooks/use-services';
import { HoursList } from './hours-list';
import { ServiceSummary } from './service-summary';
import { SlotPicker } from './slot-picker';

interface Partner {
  id: string;
  slug: string | null;
  businessName: string;
  location: string;
}
/** Carried from the studio or the directory: the look's technique and colour, and the saved render. */
export interface Carry {
  style?: string;
  colour?: string;
  look?: string;
  source: BookingSource;
}

/** The public profile's menu: services with prices and lengths, the free times of the chosen one, and Book. */
export function BookingPanel({ partner, own, carry }: { partner: Partner; own: boolean; carry: Carry }) {
  const key = partner.slug ?? partner.id;
  const q = usePublicServices(key);
  const navigate = useNavigate();
  const bookable = q.data?.services.filter((s) => s.bookableOnline) ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  if (!q.data || q.data.services.length === 0) return null;
  const serviceId = chosen ?? matchingService(bookable, carry.style, carry.colour)?.id ?? bookable[0]?.id ?? '';
  const link = (service: string, start?: string) => bookLink(key, { service, start, look: carry.look, source: carry.source });
  return (
    <section id="book" aria-labelledby="book-heading" className="scroll-mt-24 rounded-3xl bg-white p-6 ring-1 ring-stone-200 sm:p-8">
      <h2 id="book-heading" className="font-display text-2xl font-semibold text-stone-900">
        {bookable.length ? 'Book an appointment' : 'Services'}
      </h2>
      {partner.location && (
        <p className="mt-1 flex items-center gap-1 text-sm text-stone-600">
          <MapPin className="h-4 w-4" aria-hidden />
          {partner.location}
        </p>
      )}
      <ul className="mt-5 divide-y divide-stone-100" aria-label="Services">
        {q.data.services.map((s) => (
          <li key={s.id} className={`flex flex-col gap-3 py-4 sm:flex-row sm:items-start ${s.id === serviceId ? '' : ''}`}>
            <div className="min-w-0 flex-1">
              <ServiceSummary s={s} deposits={q.data.deposits} />
            </div>
            {!own &&
              (s.bookableOnline ? (
                <div className="flex shrink-0 gap-2">
                  <Button variant={s.id === serviceId ? 'secondary' : 'ghost'} size="sm" aria-pressed={s.id === serviceId} onClick={() => setChosen(s.id)}>
                    {s.id === serviceId ? 'Showing times' : 'See times'}
                  </Button>
                  <ButtonLink to={link(s.id)} size="sm" aria-label={`Book ${s.name}`}>
                    Book
                  </ButtonLink>
                </div>
              ) : (
                <span className="shrink-0 text-sm text-stone-500">Book by message</span>
              ))}
          </li>
        ))}
      </ul>
      {!own && serviceId && (
        <div className="mt-4 rounded-2xl bg-stone-50 p-4 sm:p-5">
          <h3 className="mb-3 flex items-center gap-2 font-semibold text-stone-900">
            <CalendarCheck className="h-4 w-4 text-brand-700" aria-hidden />
            Free times for {bookable.find((s) => s.id === serviceId)?.name}
          </h3>
          <SlotPicker
            idOrSlug={key}
            serviceId={serviceId}
            timeZone={q.data.timeZone}
            selected={null}
            onPick={(slot) => navigate(link(serviceId, slot.start))}
          />
        </div>
      )}
    </section>
  );
}

/** The week's opening hours beside the profile's details. */
export function HoursCard({ partner }: { partner: Partner }) {
  const q = usePublicServices(partner.slug ?? partner.id);
  if (!q.data || q.data.weekly.length === 0) return null;
  const today = weekdayOf(todayIn(q.data.timeZone));
  return (
    <section aria-labelledby="hours-heading" className="rounded-3xl bg-white p-6 ring-1 ring-stone-200">
      <h2 id="hours-heading" className="mb-3 font-display text-xl font-semibold text-stone-900">
        Opening hours
      </h2>
      <HoursList weekly={q.data.weekly} timeZone={q.data.timeZone} today={today} />
    </section>
  );
}

/** The header's Book button, shown once the professional has something bookable online. */
export function BookButton({ partner, carry }: { partner: Partner; carry: Carry }) {
  const key = partner.slug ?? partner.id;
  const q = usePublicServices(key);
  const bookable = q.data?.services.filter((s) => s.bookableOnline) ?? [];
  if (bookable.length === 0) return null;
  return (
    <ButtonLink to={bookLink(key, { service: matchingService(bookable, carry.style, carry.colour)?.id, look: carry.look, source: carry.source })}>
      <CalendarCheck className="h-4 w-4" aria-hidden />
      Book
    </ButtonLink>
  );
}
