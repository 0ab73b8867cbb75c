import { z } from 'zod';
import { endpoint, type Endpoint } from '../endpoint';
import { ReviewViewSchema } from '../partners/views';
import {
  AvailabilityQuerySchema,
  BlockTimeSchema,
  CreateBookingSchema,
  DateRangeQuerySchema,
  OpeningHoursSchema,
  PolicySchema,
  ProfessionalActionSchema,
  RescheduleSchema,
  ReviewReplySchema,
  ServiceInputSchema,
} from './schemas';
import {
  AgendaSchema,
  AvailabilitySchema,
  BlockViewSchema,
  BookingViewSchema,
  CalendarFeedSchema,
  CreatedBookingSchema,
  DepositAccountSchema,
  MyBookingsSchema,
  OwnServicesSchema,
  PublicServicesSchema,
  ServiceViewSchema,
} from './views';

/** An id or token in a path: an over-long one finds nothing (404), as any unknown one. */
const key = (max: number) => z.string().transform((s) => s.slice(0, max));
const byId = z.object({ id: key(64) });
const partnerKey = z.object({ idOrSlug: key(80) });
const linkToken = z.object({ token: key(200) });
const Ok = z.object({ ok: z.literal(true) });

/** Public: a professional's menu, hours and policy, and free times. */
export const bookingPublicEndpoints = {
  services: endpoint({ method: 'GET', path: '/api/partners/:idOrSlug/services', params: partnerKey, response: PublicServicesSchema }),
  /** `from`/`to` are dates in the salon's zone, inclusive; slots start at or after now + minimum notice. */
  availability: endpoint({
    method: 'GET',
    path: '/api/partners/:idOrSlug/availability',
    params: partnerKey,
    query: AvailabilityQuerySchema,
    response: AvailabilitySchema,
  }),
} as const satisfies Record<string, Endpoint>;

/** The signed-in client's bookings, and the signed links in booking emails (no sign-in needed). */
export const bookingClientEndpoints = {
  /** 201 with the booking; 409 `aborted` with `details: { nearest: [{start,end}] }` when the time is gone. */
  create: endpoint({ method: 'POST', path: '/api/bookings', body: CreateBookingSchema, response: CreatedBookingSchema }),
  mine: endpoint({ method: 'GET', path: '/api/bookings', response: MyBookingsSchema }),
  one: endpoint({ method: 'GET', path: '/api/bookings/:id', params: byId, response: BookingViewSchema }),
  reschedule: endpoint({ method: 'POST', path: '/api/bookings/:id/reschedule', params: byId, body: RescheduleSchema, response: BookingViewSchema }),
  cancel: endpoint({ method: 'POST', path: '/api/bookings/:id/cancel', params: byId, response: BookingViewSchema }),
  link: endpoint({ method: 'GET', path: '/api/booking-links/:token', params: linkToken, response: BookingViewSchema }),
  linkReschedule: endpoint({
    method: 'POST',
    path: '/api/booking-links/:token/reschedule',
    params: linkToken,
    body: RescheduleSchema,
    response: BookingViewSchema,
  }),
  linkCancel: endpoint({ method: 'POST', path: '/api/booking-links/:token/cancel', params: linkToken, response: BookingViewSchema }),
} as const satisfies Record<string, Endpoint>;

/** The signed-in professional's menu, hours, policy, agenda, blocked time, calendar feed and deposits. */
export const bookingPartnerEndpoints = {
  services: endpoint({ method: 'GET', path: '/api/partner/services', response: OwnServicesSchema }),
  /** Answers 201. */
  createService: endpoint({ method: 'POST', path: '/api/partner/services', body: ServiceInputSchema, response: ServiceViewSchema }),
  saveService: endpoint({ method: 'PUT', path: '/api/partner/services/:id', params: byId, body: ServiceInputSchema, response: ServiceViewSchema }),
  /** Removes the service from the menu; its bookings keep their copy of it. */
  deleteService: endpoint({ method: 'DELETE', path: '/api/partner/services/:id', params: byId, response: Ok }),
  hours: endpoint({ method: 'GET', path: '/api/partner/hours', response: OpeningHoursSchema }),
  saveHours: endpoint({ method: 'PUT', path: '/api/partner/hours', body: OpeningHoursSchema, response: OpeningHoursSchema }),
  policy: endpoint({ method: 'GET', path: '/api/partner/policy', response: PolicySchema }),
  savePolicy: endpoint({ method: 'PUT', path: '/api/partner/policy', body: PolicySchema, response: PolicySchema }),
  /** Bookings and blocks starting between the two dates (salon zone, inclusive), pending requests first. */
  agenda: endpoint({ method: 'GET', path: '/api/partner/bookings', query: DateRangeQuerySchema, response: AgendaSchema }),
  act: endpoint({ method: 'POST', path: '/api/partner/bookings/:id/actions', params: byId, body: ProfessionalActionSchema, response: BookingViewSchema }),
  /** Answers 201; 409 when a booking already holds part of the time. */
  blockTime: endpoint({ method: 'POST', path: '/api/partner/blocks', body: BlockTimeSchema, response: BlockViewSchema }),
  unblockTime: endpoint({ method: 'DELETE', path: '/api/partner/blocks/:id', params: byId, response: Ok }),
  /** The private .ics feed to subscribe to in a calendar app. */
  calendarFeed: endpoint({ method: 'GET', path: '/api/partner/calendar-feed', response: CalendarFeedSchema }),
  /** A new secret: the old URL stops working. */
  renewCalendarFeed: endpoint({ method: 'POST', path: '/api/partner/calendar-feed/renew', response: CalendarFeedSchema }),
  /** One public answer per review; a second answer is refused (409). */
  replyToReview: endpoint({
    method: 'PUT',
    path: '/api/partner/reviews/:reviewerId/reply',
    params: z.object({ reviewerId: key(64) }),
    body: ReviewReplySchema,
    response: z.object({ review: ReviewViewSchema }),
  }),
} as const satisfies Record<string, Endpoint>;

/** Deposits through the professional's own account (decision 171): no commission, the money never passes through us. */
export const bookingDepositEndpoints = {
  /** A held booking whose deposit is due: where to pay it (again). 409 once the hold was released or it is paid. */
  pay: endpoint({ method: 'POST', path: '/api/bookings/:id/pay', params: byId, response: z.object({ checkoutUrl: z.string() }) }),
  depositAccount: endpoint({ method: 'GET', path: '/api/partner/deposit-account', response: DepositAccountSchema }),
  /** Creates the professional's connected account if needed; answers the provider's onboarding page to send them to. */
  connectDepositAccount: endpoint({ method: 'POST', path: '/api/partner/deposit-account/connect', response: z.object({ url: z.string() }) }),
} as const satisfies Record<string, Endpoint>;
