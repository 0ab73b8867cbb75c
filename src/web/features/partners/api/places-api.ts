import { PlaceSearchResultSchema, type Place } from '@shared/geo/schemas';
import { api } from '@web/lib/api';

/** Town and city autocomplete (GeoNames on the server). */
export const placesApi = {
  search: (q: string, signal?: AbortSignal): Promise<Place[]> =>
    api.get<unknown>(`/api/places?q=${encodeURIComponent(q)}`, signal).then((r) => PlaceSearchResultSchema.parse(r).places),
};
