import { endpoint, type Endpoint } from '../endpoint';
import { PlaceSearchQuerySchema, PlaceSearchResultSchema } from './schemas';

export const geoEndpoints = {
  /** Town and city autocomplete, public (decision 104). */
  places: endpoint({ method: 'GET', path: '/api/places', query: PlaceSearchQuerySchema, response: PlaceSearchResultSchema }),
} as const satisfies Record<string, Endpoint>;
