import { z } from 'zod';
import { studioEndpoints as studio } from '@shared/studio/endpoints';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../http/context';
import { requireUser } from '../../http/guards';
import { parseWith } from '../../http/parse';
import { route, routes } from '../../http/route';
import { imageKey, toCreation, toSharedCreation, type ImageKind } from './creation-view';
import { deleteCreation, listCreations, ownCreation, revokeShare, shareCreation, sharedCreationByToken } from './manage-creations';
import { saveCreation } from './save-creation';
import { compareCard } from './share-preview';

const IdSchema = z.string().min(1).max(64);
const KindSchema = z.enum(['before', 'after', 'thumb']);
const signedIn = { guard: requireUser };

/** Streams a stored image; owners' images stay in the browser's private cache only. */
async function sendImage(c: AppContext, key: string, cache: string) {
  const obj = await c.get('services').storage.get(key);
  if (!obj) throw new AppError('not-found', 'This image was not found.');
  return c.body(new Uint8Array(obj.body), 200, {
    'content-type': obj.contentType,
    'cache-control': cache,
    'x-content-type-options': 'nosniff',
    'content-disposition': 'inline',
  });
}

export const creationsRoutes = routes(
  route(studio.creations, async ({ query }, c) => ({ creations: await listCreations(c.get('services'), requireUser(c).id, query.limit) }), signedIn),
  route(
    studio.save,
    async ({ body }, c) => {
      const saved = await saveCreation(c.get('services'), requireUser(c).id, body.generationId);
      c.status(saved.created ? 201 : 200);
      return saved.creation;
    },
    signedIn,
  ),
  route(
    studio.creation,
    async ({ params }, c) => toCreation(await ownCreation(c.get('services'), requireUser(c).id, params.id), c.get('services').env.publicUrl),
    signedIn,
  ),
  route(
    studio.delete,
    async ({ params }, c) => {
      await deleteCreation(c.get('services'), requireUser(c).id, params.id);
      return { ok: true as const };
    },
    signedIn,
  ),
  // an empty body keeps the current choice (a new link shows the result alone)
  route(studio.share, ({ params, body }, c) => shareCreation(c.get('services'), requireUser(c).id, params.id, body), signedIn),
  route(
    studio.revokeShare,
    async ({ params }, c) => {
      await revokeShare(c.get('services'), requireUser(c).id, params.id);
      return { ok: true as const };
    },
    signedIn,
  ),
  route(studio.shared, async ({ params }, c) => {
    const row = await sharedCreationByToken(c.get('services'), params.token);
    if (!row) throw new AppError('not-found', SHARED_NOT_FOUND);
    return toSharedCreation(row);
  }),
)
  .get('/api/creations/:id/image/:kind', async (c) => {
    const user = requireUser(c);
    const kind: ImageKind = parseWith(KindSchema, c.req.param('kind'));
    const row = await ownCreation(c.get('services'), user.id, parseWith(IdSchema, c.req.param('id')));
    return sendImage(c, imageKey(row, kind), 'private, max-age=86400');
  })
  .get('/api/shared/:token', async (c) => {
    const row = await sharedCreationByToken(c.get('services'), c.req.param('token'));
    if (!row) throw new AppError('not-found', SHARED_NOT_FOUND);
    return c.json(toSharedCreation(row));
  })
  .get('/api/shared/:token/after.png', async (c) => {
    const row = await sharedCreationByToken(c.get('services'), c.req.param('token'));
    if (!row) throw new AppError('not-found', SHARED_NOT_FOUND);
    // short public cache: a revoked link stops showing the picture within minutes
    return sendImage(c, row.outputKey, 'public, max-age=300');
  })
  // The original photo and the side-by-side preview exist only while the owner shows the original. Never
  // stored by shared caches, so turning it off or revoking hides the face at once (decision 111).
  .get('/api/shared/:token/before.jpg', async (c) => {
    const row = await sharedCreationByToken(c.get('services'), c.req.param('token'));
    if (!row?.shareIncludesBefore) throw new AppError('not-found', SHARED_NOT_FOUND);
    return sendImage(c, row.inputKey, 'private, no-store');
  })
  .get('/api/shared/:token/compare.jpg', async (c) => {
    const { storage } = c.get('services');
    const row = await sharedCreationByToken(c.get('services'), c.req.param('token'));
    if (!row?.shareIncludesBefore) throw new AppError('not-found', SHARED_NOT_FOUND);
    const [before, after] = await Promise.all([storage.get(row.inputKey), storage.get(row.outputKey)]);
    if (!before || !after) throw new AppError('not-found', 'This image was not found.');
    return c.body(new Uint8Array(await compareCard(before.body, after.body)), 200, {
      'content-type': 'image/jpeg',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
    });
  });

const SHARED_NOT_FOUND = 'This shared look is no longer available.';
