import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { clientIp, requireUser } from '../../http/guards';
import { jsonBody, parseWith } from '../../http/parse';
import { AppError } from '../../http/app-error';
import { MSG } from '../../../shared/messages';
import { DirectoryQuerySchema, InquiryInputSchema, JoinPartnerSchema, PartnerSignupSchema, ReviewInputSchema } from '../../../shared/partners/schemas';
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

const id = (raw: string) => raw.slice(0, 80);

/** Public directory, profiles and reviews, plus becoming a partner. */
export const partnersRoutes = new Hono<AppEnv>()
  .post('/api/partners/signup', async (c) => {
    const s = c.get('services');
    const input = await jsonBody(c, PartnerSignupSchema);
    await consume(s, 'partner-sign-up', clientIp(c));
    const { email } = await signUpPartner(s, input, c.req.raw.headers);
    return c.json({ email, message: MSG.verificationSent(email) }, 201);
  })
  .post('/api/partners/join', async (c) => {
    const u = requireUser(c);
    const input = await jsonBody(c, JoinPartnerSchema);
    return c.json(await createPartner(c.get('services'), u.id, input));
  })
  .get('/api/partners', async (c) => {
    const query = parseWith(DirectoryQuerySchema, c.req.query());
    const db = c.get('services').db;
    const u = c.get('user');
    const place = u && query.near && query.page === 1 ? placeById(query.near) : null;
    if (u && place) await rememberPlace(db, u.id, place);
    return c.json(await searchDirectory(db, query));
  })
  .get('/api/partners/:idOrSlug', async (c) => {
    const db = c.get('services').db;
    const profile = await publicProfile(db, id(c.req.param('idOrSlug')));
    // counted for the professional's insights; their own visits are not demand
    if (c.get('user')?.id !== profile.id) {
      await recordVisit(db, profile.id, 'view');
      if (c.req.query('via') === 'directory') await recordVisit(db, profile.id, 'directory-click');
    }
    return c.json(profile);
  })
  .get('/api/partners/:id/reviews', async (c) => c.json({ reviews: await listReviews(c.get('services').db, id(c.req.param('id'))) }))
  .put('/api/partners/:id/review', async (c) => {
    if (!c.get('user')) throw new AppError('unauthenticated', MSG.reviewSignIn);
    const u = requireUser(c);
    const s = c.get('services');
    const input = await jsonBody(c, ReviewInputSchema);
    await consume(s, 'review', u.id);
    return c.json({ review: await upsertReview(s.db, s.bus, u.id, id(c.req.param('id')), input) });
  })
  .delete('/api/partners/:id/review', async (c) => {
    if (!c.get('user')) throw new AppError('unauthenticated', MSG.reviewSignIn);
    const u = requireUser(c);
    const s = c.get('services');
    await consume(s, 'review', u.id);
    await deleteReview(s.db, s.bus, u.id, id(c.req.param('id')));
    return c.json({ ok: true });
  })
  .post('/api/partners/:id/inquiries', async (c) => {
    const u = requireUser(c);
    const s = c.get('services');
    const input = await jsonBody(c, InquiryInputSchema);
    await consume(s, 'inquiry', u.id);
    return c.json(await sendInquiry(s, u.id, id(c.req.param('id')), input), 201);
  });
