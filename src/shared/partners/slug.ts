/**
 * Spec §5 slug rule, exactly: business name lower-cased, apostrophes removed, non-alphanumerics become
 * hyphens, edge hyphens trimmed, cut to 60 characters; empty gives the first 8 characters of the uid.
 * On a clash: up to 4 tries with a random 3-digit suffix (100-999), then the first 6 characters of the uid.
 */
import { LIMITS } from '../constants';

const SLUG_SUFFIX_TRIES = 4;

export function slugBase(businessName: string, uid: string): string {
  const base = businessName
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, LIMITS.slugChars);
  return base || uid.slice(0, 8);
}

/** A random integer 100-999; `random` is injectable so tests can force clashes. */
export const slugSuffix = (random: () => number = Math.random) => 100 + Math.floor(random() * 900);

/** Every candidate in the order the rule tries them: base, 4 suffixed tries, then the uid's first 6 characters. */
export function slugCandidates(businessName: string, uid: string, random: () => number = Math.random): string[] {
  const base = slugBase(businessName, uid);
  const tries = Array.from({ length: SLUG_SUFFIX_TRIES }, () => `${base}-${slugSuffix(random)}`);
  return [base, ...tries, uid.slice(0, 6)];
}
