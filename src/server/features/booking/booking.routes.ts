import {
  bookingClientEndpoints as client,
  bookingDepositEndpoints as deposits,
  bookingPartnerEndpoints as pro,
  bookingPublicEndpoints as pub,
} from '@shared/booking/endpoints';
import { Hono } from 'hono';
import { MSG } from '@shared/messages';
import { AppError } from '../../http/app-error';
import type { Services } from '../../services';
import type { AppContext, AppEnv } from '../../http/context';
import { clientIp, requireUser } from '../../http/guards';
import { route, routes } from '../../http/route';
import { findListed } from '../partners/directory-search';
import { requireManagingPartner } from '../partners/own-partner';
import { replyToReview } from '../partners/reviews';
import { agenda, blockTime, unblockTime } from './agenda';
import { bookingById, bookingView, type BookingRow } from './booking-view';
import { actAsProfessional, cancelByClient, clientsBooking, myBookings, professionalsBooking, reschedule } from './change-booking';
import { createBooking } from './create-booking';
import { connectDepositAccount, depositAccountView } from './deposit-account';
import { takesDepositsOnline } from './deposit-amount';
import { depositCheckoutUrl } from './deposit-checkout';
import { slotsBetween } from './free-times';
import { consumeBooking } from './limits';
import { bookingIdFromToken } from './manage-link';
import { archiveService, createService, menuOf, saveService, SERVICE_NOT_FOUND, toServiceView } from './menu';
import { bookingImageKey } from './booking-media';
import { calendarFeedFile, calendarFeedUrl, renewCalendarFeed } from './calendar-feed';
import { hoursView, policyView, rulesOf, saveHours, savePolicy, settingsOf } from './settings';

const signedIn = { guard: requireUser };

/** The professional managing their own bookings: a partner with a counting subscription (decision 051). */
async function managing(c: AppContext) {
  const u = requireUser(c);
  await requireManagingPartner(c.get('services').db, u.id);
  return u.id;
}
const asProfessional = { guard: managing };

async function listedPartner(c: AppContext, idOrSlug: string) {
  const row = await findListed(c.get('services').db, idOrSlug);
  if (!row) throw new AppError('not-found', MSG.professionalNotFound);
  return row;
}

/** A booking opened through the signed link of an email. */
async function linkedBooking(c: AppContext, token: string) {
  const s = c.get('services');
  await consumeBooking(s, 'booking-link', clientIp(c));
  const row = await bookingById(s.db, bookingIdFromToken(s.secret, token));
  if (!row) throw new AppError('not-found', 'This booking no longer exists.');
  return row;
}

/**
 * A new booking whose deposit is due online: where to pay it. The booking stands (held for ten minutes) even
 * when the payment page could not be opened now; its card offers Pay deposit again.
 */
async function paymentOf(s: Services, row: BookingRow) {
  if (row.state !== 'held' || row.depositStatus !== 'due') return null;
  try {
    return { checkoutUrl: await depositCheckoutUrl(s, row) };
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

/** Issue 33: the menu, free times and bookings, for visitors, clients and professionals. */
export const bookingRoutes = routes(
  route(pub.services, async ({ params }, c) => {
    const db = c.get('services').db;
    const p = await listedPartner(c, params.idOrSlug);
    const settings = await settingsOf(db, p.id);
    return {
      services: (await menuOf(db, p.id, { onlineOnly: true })).map(toServiceView),
      timeZone: settings.timeZone,
      weekly: settings.weekly,
      policy: policyView(settings),
      deposits: takesDepositsOnline(settings, c.get('services').payments.name) ? ('online' as const) : ('pay-at-salon' as const),
    };
  }),
  route(pub.availability, async ({ params, query }, c) => {
    const db = c.get('services').db;
    const p = await listedPartner(c, params.idOrSlug);
    const svc = (await menuOf(db, p.id, { onlineOnly: true })).find((x) => x.id === query.serviceId);
    if (!svc) throw new AppError('not-found', SERVICE_NOT_FOUND);
    const settings = await settingsOf(db, p.id);
    const slots = await slotsBetween(db, { partnerId: p.id, rules: rulesOf(settings), service: svc }, { from: query.from, to: query.to, now: Date.now() });
    return { timeZone: settings.timeZone, slots: slots.map(({ start, end }) => ({ start, end })) };
  }),

  route(
    client.create,
    async ({ body }, c) => {
      const u = requireUser(c);
      const s = c.get('services');
      await consumeBooking(s, 'booking-create', u.id);
      const { booking, row, created } = await createBooking(s, u.id, body);
      c.status(created ? 201 : 200);
      return { booking, payment: await paymentOf(s, row) };
    },
    signedIn,
  ),
  route(client.mine, async (_, c) => myBookings(c.get('services').db, requireUser(c).id), signedIn),
  route(
    client.one,
    async ({ params }, c) => {
      const db = c.get('services').db;
      return bookingView(db, await clientsBooking(db, requireUser(c).id, params.id), 'client');
    },
    signedIn,
  ),
  route(
    client.reschedule,
    async ({ params, body }, c) => {
      const u = requireUser(c);
      const s = c.get('services');
      await consumeBooking(s, 'booking-change', u.id);
      return reschedule(s, await clientsBooking(s.db, u.id, params.id), body.start);
    },
    signedIn,
  ),
  route(
    client.cancel,
    async ({ params }, c) => {
      const u = requireUser(c);
      const s = c.get('services');
      await consumeBooking(s, 'booking-change', u.id);
      return (await cancelByClient(s, await clientsBooking(s.db, u.id, params.id))).view;
    },
    signedIn,
  ),
  route(
    deposits.pay,
    async ({ params }, c) => {
      const u = requireUser(c);
      const s = c.get('services');
      await consumeBooking(s, 'booking-pay', u.id);
      return { checkoutUrl: await depositCheckoutUrl(s, await clientsBooking(s.db, u.id, params.id)) };
    },
    signedIn,
  ),
  route(client.link, async ({ params }, c) => bookingView(c.get('services').db, await linkedBooking(c, params.token), 'client')),
  route(client.linkReschedule, async ({ params, body }, c) => reschedule(c.get('services'), await linkedBooking(c, params.token), body.start)),
  route(client.linkCancel, async ({ params }, c) => (await cancelByClient(c.get('services'), await linkedBooking(c, params.token))).view),

  route(deposits.depositAccount, async (_, c) => depositAccountView(c.get('services'), await managing(c))),
  route(
    deposits.connectDepositAccount,
    async (_, c) => {
      const s = c.get('services');
      const id = await managing(c);
      await consumeBooking(s, 'booking-pay', id);
      return connectDepositAccount(s, id);
    },
    asProfessional,
  ),
  route(pro.services, async (_, c) => ({ services: (await menuOf(c.get('services').db, await managing(c))).map(toServiceView) })),
  route(
    pro.createService,
    async ({ body }, c) => {
      const view = await createService(c.get('services').db, await managing(c), body);
      c.status(201);
      return view;
    },
    asProfessional,
  ),
  route(pro.saveService, async ({ params, body }, c) => saveService(c.get('services').db, await managing(c), params.id, body), asProfessional),
  route(
    pro.deleteService,
    async ({ params }, c) => {
      await archiveService(c.get('services').db, await managing(c), params.id);
      return { ok: true as const };
    },
    asProfessional,
  ),
  route(pro.hours, async (_, c) => hoursView(await settingsOf(c.get('services').db, await managing(c)))),
  route(pro.saveHours, async ({ body }, c) => saveHours(c.get('services').db, await managing(c), body), asProfessional),
  route(pro.policy, async (_, c) => policyView(await settingsOf(c.get('services').db, await managing(c)))),
  route(pro.savePolicy, async ({ body }, c) => savePolicy(c.get('services').db, await managing(c), body), asProfessional),
  route(pro.agenda, async ({ query }, c) => agenda(c.get('services').db, await managing(c), query.from, query.to), asProfessional),
  route(
    pro.act,
    async ({ params, body }, c) => {
      const s = c.get('services');
      const id = await managing(c);
      await consumeBooking(s, 'booking-change', id);
      return (await actAsProfessional(s, await professionalsBooking(s.db, id, params.id), body)).view;
    },
    asProfessional,
  ),
  route(
    pro.blockTime,
    async ({ body }, c) => {
      const view = await blockTime(c.get('services'), await managing(c), body);
      c.status(201);
      return view;
    },
    asProfessional,
  ),
  route(pro.calendarFeed, async (_, c) => ({ url: await calendarFeedUrl(c.get('services').db, c.get('services').env.publicUrl, await managing(c)) })),
  route(
    pro.renewCalendarFeed,
    async (_, c) => ({ url: await renewCalendarFeed(c.get('services').db, c.get('services').env.publicUrl, await managing(c)) }),
    asProfessional,
  ),
  route(
    pro.replyToReview,
    async ({ params, body }, c) => ({ review: await replyToReview(c.get('services').db, await managing(c), params.reviewerId, body.reply) }),
    asProfessional,
  ),
  route(
    pro.unblockTime,
    async ({ params }, c) => {
      await unblockTime(c.get('services').db, await managing(c), params.id);
      return { ok: true as const };
    },
    asProfessional,
  ),
);

/**
 * The render attached to a booking, for its client and its professional only; and a professional's
 * private calendar feed, found by its secret alone (calendar apps send no cookie).
 */
export const bookingMediaRoutes = new Hono<AppEnv>()
  .get('/calendar/:file', async (c) => {
    const file = c.req.param('file');
    const s = c.get('services');
    const body = file.endsWith('.ics') ? await calendarFeedFile(s.db, s.env.publicUrl, file.slice(0, -4).slice(0, 100)) : null;
    if (body === null) return c.body('Not found', 404, { 'content-type': 'text/plain' });
    return c.body(body, 200, { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'private, no-store' });
  })
  .get('/media/bookings/:id/:which', async (c) => {
    const which = c.req.param('which');
    if (which !== 'before' && which !== 'after') throw new AppError('not-found', 'No such picture.');
    const s = c.get('services');
    const session = await s.auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new AppError('unauthenticated', MSG.signInRequired);
    const key = await bookingImageKey(s.db, session.user.id, c.req.param('id').slice(0, 64), which);
    const obj = await s.storage.get(key);
    if (!obj) throw new AppError('not-found', 'No such picture.');
    return c.body(new Uint8Array(obj.body), 200, { 'content-type': obj.contentType, 'cache-control': 'private, no-store' });
  });
