/** Mean Earth radius in km (IUGG): the same figure the database's distance expression uses. */
export const EARTH_RADIUS_KM = 6371.0088;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km between two points (haversine): the reference the SQL is tested against. */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLng = rad(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The latitude/longitude box that holds every point within `km` of a centre: what the indexed columns are
 * filtered by before the exact distance. Longitude is unbounded (null) near the poles or when the box would
 * cross the antimeridian, where a plain BETWEEN would exclude the right points.
 */
export function boundingBox(lat: number, lng: number, km: number) {
  const dLat = (km / EARTH_RADIUS_KM) * (180 / Math.PI);
  const minLat = Math.max(-90, lat - dLat);
  const maxLat = Math.min(90, lat + dLat);
  const cosLat = Math.cos(rad(Math.max(Math.abs(minLat), Math.abs(maxLat))));
  const dLng = cosLat < 1e-6 ? 360 : dLat / cosLat;
  const lngRange = dLng >= 180 || lng - dLng < -180 || lng + dLng > 180 ? null : ([lng - dLng, lng + dLng] as const);
  return { minLat, maxLat, lng: lngRange };
}

/**
 * "3.2 km away": one decimal under 10 km, whole kilometres above. Listings sit on their town's point, so
 * under a kilometre says no more than that (decision 104).
 */
export function formatDistance(km: number): string {
  if (km < 1) return 'Under 1 km away';
  return `${km < 10 ? km.toFixed(1) : Math.round(km).toLocaleString('en-GB')} km away`;
}

/** The radii the directory offers, in km; 25 when none is given (here, not beside the schemas: the directory page shows them without loading zod). */
export const RADII_KM = [5, 10, 25, 50, 100] as const;
export const DEFAULT_RADIUS_KM = 25;
