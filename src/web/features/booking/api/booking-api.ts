import type { z } from 'zod';
import type {
  BlockTimeSchema,
  CreateBookingSchema,
  OpeningHoursSchema,
  PolicySchema,
  ProfessionalActionSchema,
  ServiceInputSchema,
} from '@shared/booking/schemas';
import { call } from '@web/lib/api';

type In<S extends z.ZodType> = z.input<S>;

export const bookingApi = {
  services: (idOrSlug: string, signal?: AbortSignal) => call('GET /api/partners/:idOrSlug/services', { params: { idOrSlug } }, { signal }),
  availability: (idOrSlug: string, serviceId: string, from: string, to: string, signal?: AbortSignal) =>
    call('GET /api/partners/:idOrSlug/availability', { params: { idOrSlug }, query: { serviceId, from, to } }, { signal }),
  create: (body: In<typeof CreateBookingSchema>) => call('POST /api/bookings', { body }),
  mine: (signal?: AbortSignal) => call('GET /api/bookings', undefined, { signal }),
  one: (id: string, signal?: AbortSignal) => call('GET /api/bookings/:id', { params: { id } }, { signal }),
  reschedule: (id: string, start: string) => call('POST /api/bookings/:id/reschedule', { params: { id }, body: { start } }),
  cancel: (id: string) => call('POST /api/bookings/:id/cancel', { params: { id } }),
  pay: (id: string) => call('POST /api/bookings/:id/pay', { params: { id } }),
  link: (token: string, signal?: AbortSignal) => call('GET /api/booking-links/:token', { params: { token } }, { signal }),
  linkReschedule: (token: string, start: string) => call('POST /api/booking-links/:token/reschedule', { params: { token }, body: { start } }),
  linkCancel: (token: string) => call('POST /api/booking-links/:token/cancel', { params: { token } }),
  myCreations: async (signal?: AbortSignal) => (await call('GET /api/me/creations', { query: { limit: 24 } }, { signal })).creations,
};

export const partnerBookingApi = {
  services: async (signal?: AbortSignal) => (await call('GET /api/partner/services', undefined, { signal })).services,
  createService: (body: In<typeof ServiceInputSchema>) => call('POST /api/partner/services', { body }),
  saveService: (id: string, body: In<typeof ServiceInputSchema>) => call('PUT /api/partner/services/:id', { params: { id }, body }),
  deleteService: (id: string) => call('DELETE /api/partner/services/:id', { params: { id } }),
  hours: (signal?: AbortSignal) => call('GET /api/partner/hours', undefined, { signal }),
  saveHours: (body: In<typeof OpeningHoursSchema>) => call('PUT /api/partner/hours', { body }),
  policy: (signal?: AbortSignal) => call('GET /api/partner/policy', undefined, { signal }),
  savePolicy: (body: In<typeof PolicySchema>) => call('PUT /api/partner/policy', { body }),
  agenda: (from: string, to: string, signal?: AbortSignal) => call('GET /api/partner/bookings', { query: { from, to } }, { signal }),
  act: (id: string, body: In<typeof ProfessionalActionSchema>) => call('POST /api/partner/bookings/:id/actions', { params: { id }, body }),
  block: (body: In<typeof BlockTimeSchema>) => call('POST /api/partner/blocks', { body }),
  unblock: (id: string) => call('DELETE /api/partner/blocks/:id', { params: { id } }),
  calendarFeed: (signal?: AbortSignal) => call('GET /api/partner/calendar-feed', undefined, { signal }),
  renewCalendarFeed: () => call('POST /api/partner/calendar-feed/renew'),
  depositAccount: (signal?: AbortSignal) => call('GET /api/partner/deposit-account', undefined, { signal }),
  connectDepositAccount: () => call('POST /api/partner/deposit-account/connect'),
};

export const bookingKeys = {
  services: (idOrSlug: string) => ['booking', 'services', idOrSlug] as const,
  availability: (idOrSlug: string, serviceId: string, from: string, to: string) => ['booking', 'availability', idOrSlug, serviceId, from, to] as const,
  mine: ['booking', 'mine'] as const,
  one: (id: string) => ['booking', 'one', id] as const,
  link: (token: string) => ['booking', 'link', token] as const,
  creations: ['booking', 'creations'] as const,
  ownServices: ['booking', 'partner', 'services'] as const,
  hours: ['booking', 'partner', 'hours'] as const,
  policy: ['booking', 'partner', 'policy'] as const,
  agenda: (from: string, to: string) => ['booking', 'partner', 'agenda', from, to] as const,
  feed: ['booking', 'partner', 'feed'] as const,
  deposits: ['booking', 'partner', 'deposits'] as const,
};
