import { z } from 'zod';

/** A GeoNames city (https://www.geonames.org, CC BY 4.0) as the autocomplete and the directory send it. */
export const PlaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** "Leeds, England, United Kingdom": what a person reads to tell places of one name apart. */
  label: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type Place = z.infer<typeof PlaceSchema>;

/** GET /api/places?q= */
export const PlaceSearchQuerySchema = z.object({
  q: z.string().trim().max(80, 'Type a shorter place name.').default(''),
});
export const PlaceSearchResultSchema = z.object({ places: z.array(PlaceSchema) });
