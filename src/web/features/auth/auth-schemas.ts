import { loadOnce } from '@web/lib/load-once';

/** The sign-in forms' schemas (zod), shared with the server: fetched when a form is used, not with its page (decision 199). */
export const authSchemas = loadOnce(() => import('@shared/auth'));
