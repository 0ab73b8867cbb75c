import { loadOnce } from '@web/lib/load-once';

/** The booking forms' schemas (zod), shared with the server: fetched when a form is used, not with its page (decision 199). */
export const bookingSchemas = loadOnce(() => import('@shared/booking/schemas'));
