import type { BookingSource } from '@shared/booking/schemas';

/** What the booking page is opened with: the service, a time already picked, the look to attach and where the client came from. */
export interface BookLinkParams {
  service?: string;
  start?: string;
  look?: string;
  source?: BookingSource;
}

export function bookLink(partnerKey: string, p: BookLinkParams): string {
  const q = new URLSearchParams(Object.entries(p).filter((e): e is [string, string] => Boolean(e[1])));
  const s = q.toString();
  return `/professionals/${encodeURIComponent(partnerKey)}/book${s ? `?${s}` : ''}`;
}

/** The service whose style tags name the look's technique (or, failing that, its colour). */
export function matchingService<S extends { id: string; styleTags: string[]; bookableOnline: boolean }>(
  services: S[],
  style?: string | null,
  colour?: string | null,
) {
  const online = services.filter((s) => s.bookableOnline);
  return (style && online.find((s) => s.styleTags.includes(style))) || (colour && online.find((s) => s.styleTags.includes(colour))) || undefined;
}
