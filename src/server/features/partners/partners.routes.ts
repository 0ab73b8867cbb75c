import { MSG } from '@shared/messages';
import { partnersEndpoints as api } from '@shared/partners/endpoints';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../http/context';
import { clientIp, requireUser } from '../../http/guards';
import { route, routes } from '../../http/route';
import { recordVisit } from '../insights/record-visit';
import { rememberPlace } from '../insights/remember-place';
import { placeById } from '../geo/cities';
import { createPartner } from './create-partner';
import { searchDirectory } from './directory-search';
import { sendInquiry } from './inquiries';
import { consume } from './limits';
import { publicProfile } from './public-profile';
import { deleteReview, listReviews, upsertReview } from './reviews';
import { signUpPartner } from './sign-up-partner';

const reviewer = (c: AppContext) => {
  if (!c.get('user')) throw new AppError('unauthenticated', MSG.reviewSignIn);
};

/** Public directory, profiles and reviews, plus becoming a partner. */
export const partnersRoutes = routes(
  route(api.signUp, async ({ body }, c) => {
    const s = c.get('services');
    await consume(s, 'partner-sign-up', clientIp(c));
    const { email } = await signUpPartner(s, body, c.req.raw.headers);
    c.status(201);
    return { email, message: MSG.verificationSent(email) };
  }),
  route(api.join, ({ body }, c) => createPartner(c.get('services'), requireUser(c).id, body), { guard: requireUser }),
  route(api.directory, async ({ query }, c) => {
    const db = c.get('services').db;
    const u = c.get('user');
    const place = u && query.near && query.page === 1 ? placeById(query.near) : null;
    if (u && place) await rememberPlace(db, u.id, place);
    return searchDirectory(db, query);
  }),
  route(api.profile, async ({ params, query }, c) => {
    const db = c.get('services').db;
    const profile = await publicProfile(db, params.idOrSlug);
    // counted for the professional's insights; their own visits are not demand
    const u = c.get('user');
    if (u?.id !== profile.id) {
      const visitor = u ? `user:${u.id}` : `client:${clientIp(c)}|${c.req.header('user-agent') ?? ''}`;
      await recordVisit(db, profile.id, 'view', visitor);
      if (query.via === 'directory') await recordVisit(db, profile.id, 'directory-click', visitor);
    }
    return profile;
  }),
  route(api.reviews, async ({ params }, c) => ({ reviews: await listReviews(c.get('services').db, params.id) })),
  route(
    api.saveReview,
    async ({ params, body }, c) => {
      const u = requireUser(c);
      const s = c.get('services');
      await consume(s, 'review', u.id);
      return { review: await upsertReview(s.db, s.bus, u.id, params.id, body) };
    },
    { guard: reviewer },
  ),
  route(
    api.deleteReview,
    async ({ params }, c) => {
      const u = requireUser(c);
      const s = c.get('services');
      await consume(s, 'review', u.id);
      await deleteReview(s.db, s.bus, u.id, params.id);
      return { ok: true as const };
    },
    { guard: reviewer },
  ),
  route(
    api.sendInquiry,
    async ({ params, body }, c) => {
      const u = requireUser(c);
      const s = c.get('services');
      await consume(s, 'inquiry', u.id);
      c.status(201);
      return sendInquiry(s, u.id, params.id, body);
    },
    { guard: requireUser },
  ),
);
