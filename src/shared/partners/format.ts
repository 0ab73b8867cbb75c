/** Spec §9: rating shown rounded to 1 decimal, or 'New ★' when there is none. */
export function formatRating(average: number, count: number): string {
  return count > 0 ? (Math.round(average * 10) / 10).toFixed(1) : 'New ★';
}

/** Spec §5: services are comma-separated, trimmed, empties dropped (and repeated entries once). */
export function parseServices(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .filter((s) => s && !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()));
}

/** A link for a website or social handle as the partner typed it ('@copperandcomb', 'instagram.com/x', a full URL). */
export function socialUrl(kind: 'website' | 'instagram' | 'facebook', value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  if (/^https?:\/\//i.test(v)) return v;
  if (kind === 'website' || /\.[a-z]{2,}\//i.test(v) || /^(www\.)?(instagram|facebook)\.com/i.test(v)) return `https://${v.replace(/^\/+/, '')}`;
  const handle = v.replace(/^@/, '');
  return kind === 'instagram' ? `https://instagram.com/${handle}` : `https://facebook.com/${handle}`;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The name a review is shown under: the display name the reviewer chose, else "Customer". Never their
 * email (docs/product.md §3 falls back to it; decision 108 explains why we do not). A name shaped like an email,
 * or a row stored before this rule, is treated as no name.
 */
export function reviewerName(name: string | null | undefined): string {
  const n = name?.trim();
  return n && !EMAIL_SHAPE.test(n) ? n : 'Customer';
}
