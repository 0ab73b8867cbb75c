import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/guards';
import { callable, jsonBody } from '../../http/parse';
import {
  DeletePartnerImageSchema,
  PartnerProfileSchema,
  PortfolioOrderSchema,
  PortfolioTagsSchema,
  UploadPartnerImageSchema,
} from '../../../shared/partners/schemas';
import { listInquiries } from './inquiries';
import { consume } from './limits';
import { ownProfile } from './own-profile';
import { deletePartnerImage, reorderPortfolio, tagPortfolioImage, uploadPartnerImage } from './partner-images';
import { saveProfile } from './save-profile';

/** The signed-in partner's own listing: /partner/profile and the two image callables of spec §7. */
export const partnerAccountRoutes = new Hono<AppEnv>()
  .get('/api/partner/profile', async (c) => c.json(await ownProfile(c.get('services').db, requireUser(c).id)))
  .put('/api/partner/profile', async (c) => {
    const u = requireUser(c);
    const input = await jsonBody(c, PartnerProfileSchema);
    const s = c.get('services');
    const { slug } = await saveProfile(s, u.id, input);
    return c.json({ slug, profile: await ownProfile(s.db, u.id) });
  })
  .put('/api/partner/portfolio/order', async (c) => {
    const u = requireUser(c);
    const { ids } = await jsonBody(c, PortfolioOrderSchema);
    const s = c.get('services');
    await reorderPortfolio(s.db, u.id, ids);
    return c.json({ profile: await ownProfile(s.db, u.id) });
  })
  .put('/api/partner/portfolio/:imageId/tags', async (c) => {
    const u = requireUser(c);
    const { tags } = await jsonBody(c, PortfolioTagsSchema);
    const s = c.get('services');
    await tagPortfolioImage(s.db, u.id, c.req.param('imageId').slice(0, 64), tags);
    return c.json({ profile: await ownProfile(s.db, u.id) });
  })
  .get('/api/partner/inquiries', async (c) => c.json({ inquiries: await listInquiries(c.get('services').db, requireUser(c).id) }))
  .post(
    '/api/fn/uploadPartnerImage',
    callable(UploadPartnerImageSchema, async (data, c) => {
      const u = requireUser(c);
      const s = c.get('services');
      await consume(s, 'upload', u.id);
      return uploadPartnerImage(s, u.id, data);
    }),
  )
  .post(
    '/api/fn/deletePartnerImage',
    callable(DeletePartnerImageSchema, async (data, c) => deletePartnerImage(c.get('services'), requireUser(c).id, data.path)),
  );
