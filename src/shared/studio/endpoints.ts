import { z } from 'zod';
import { DISPLAY } from '../constants';
import { callable, endpoint, type Endpoint } from '../endpoint';
import { CreationListSchema, CreationSchema, SaveCreationSchema, ShareLinkSchema, ShareRequestSchema, SharedCreationSchema } from './creation';
import { EngineStatusSchema } from './engine-status';
import { GenerateRequestSchema, GenerateResultSchema } from './generate';
import { PreviewRequestSchema, PreviewSchema } from './preview';

const creationId = z.object({ id: z.string().min(1).max(64) });
const Ok = z.object({ ok: z.literal(true) });

export const studioEndpoints = {
  /** Public: the Style Library's cut cards and the studio read it before anyone signs in or pays. */
  engine: endpoint({ method: 'GET', path: '/api/engine', response: EngineStatusSchema }),
  generate: callable('generateHairStyle', GenerateRequestSchema, GenerateResultSchema),
  /** Signed in, free: the hair region the render will paint, whose hair it is and where it may be wrong (decision 138). */
  preview: endpoint({ method: 'POST', path: '/api/studio/preview', body: PreviewRequestSchema, response: PreviewSchema }),
  /** The signed-in user's creations, newest first. */
  creations: endpoint({
    method: 'GET',
    path: '/api/me/creations',
    query: z.object({ limit: z.coerce.number().int().min(1).max(DISPLAY.creationsPage).default(DISPLAY.creationsPage) }),
    response: CreationListSchema,
  }),
  /** Saves a result by its generation id (decision 116): 201 when new, 200 when it was saved before. */
  save: endpoint({ method: 'POST', path: '/api/creations', body: SaveCreationSchema, response: CreationSchema }),
  creation: endpoint({ method: 'GET', path: '/api/creations/:id', params: creationId, response: CreationSchema }),
  delete: endpoint({ method: 'DELETE', path: '/api/creations/:id', params: creationId, response: Ok }),
  /** Makes or keeps the share link; an empty body keeps the current choice (a new link shows the result alone). */
  share: endpoint({ method: 'POST', path: '/api/creations/:id/share', params: creationId, body: ShareRequestSchema, response: ShareLinkSchema }),
  revokeShare: endpoint({ method: 'DELETE', path: '/api/creations/:id/share', params: creationId, response: Ok }),
  /** Public: a shared creation by its token (decision 111). */
  shared: endpoint({ method: 'GET', path: '/api/shared/:token', params: z.object({ token: z.string() }), response: SharedCreationSchema }),
} as const satisfies Record<string, Endpoint>;
