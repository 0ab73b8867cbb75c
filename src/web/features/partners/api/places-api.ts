import { call } from '@web/lib/api';

/** Town and city autocomplete (GeoNames on the server). */
export const placesApi = {
  search: async (q: string, signal?: AbortSignal) => (await call('GET /api/places', { query: { q } }, { signal })).places,
};
