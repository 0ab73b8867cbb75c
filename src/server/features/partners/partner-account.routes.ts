import { partnerAccountEndpoints as api } from '@shared/partners/endpoints';
import { requireUser } from '../../http/guards';
import { route, routes } from '../../http/route';
import { listInquiries } from './inquiries';
import { consume } from './limits';
import { ownProfile } from './own-profile';
import { deletePartnerImage, reorderPortfolio, tagPortfolioImage, uploadPartnerImage } from './partner-images';
import { saveProfile } from './save-profile';

const signedIn = { guard: requireUser };

/** The signed-in partner's own listing: /partner/profile and the two image callables of docs/product.md §7. */
export const partnerAccountRoutes = routes(
  route(api.profile, (_, c) => ownProfile(c.get('services').db, requireUser(c).id)),
  route(
    api.saveProfile,
    async ({ body }, c) => {
      const u = requireUser(c);
      const s = c.get('services');
      const { slug } = await saveProfile(s, u.id, body);
      return { slug, profile: await ownProfile(s.db, u.id) };
    },
    signedIn,
  ),
  route(
    api.reorder,
    async ({ body }, c) => {
      const u = requireUser(c);
      const s = c.get('services');
      await reorderPortfolio(s.db, u.id, body.ids);
      return { profile: await ownProfile(s.db, u.id) };
    },
    signedIn,
  ),
  route(
    api.tag,
    async ({ params, body }, c) => {
      const u = requireUser(c);
      const s = c.get('services');
      await tagPortfolioImage(s.db, u.id, params.imageId, body.tags);
      return { profile: await ownProfile(s.db, u.id) };
    },
    signedIn,
  ),
  route(api.inquiries, async (_, c) => ({ inquiries: await listInquiries(c.get('services').db, requireUser(c).id) })),
  route(api.uploadImage, async ({ body }, c) => {
    const u = requireUser(c);
    const s = c.get('services');
    await consume(s, 'upload', u.id);
    return uploadPartnerImage(s, u.id, body);
  }),
  route(api.deleteImage, async ({ body }, c) => {
    await deletePartnerImage(c.get('services'), requireUser(c).id, body.path);
    return 'ok' as const;
  }),
);
