/** What directory search matches (docs/product.md §5): business name, location, full name and services, lower-cased. */
export function searchText(p: { businessName: string; location: string; fullName: string; services: string[] }): string {
  return [p.businessName, p.location, p.fullName, ...p.services].join(' ').toLowerCase();
}

/**
 * A user's search words as a prefix tsquery: 'Bal Lon' → 'bal:* & lon:*'. Only letters and digits
 * survive, so the query text is always well-formed; null when nothing is left to match.
 */
export function prefixQuery(q: string): string | null {
  const words =
    q
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}
