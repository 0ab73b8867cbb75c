import { z } from 'zod';
import { MSG } from './messages';

/**
 * Characters no person types into a form: C0 controls other than tab, line feed and carriage return,
 * DEL, C1 controls, and UTF-16 halves without their partner (not text at all: they cannot be encoded as
 * UTF-8). PostgreSQL refuses NUL in text outright, so letting any of these through turned a typo-sized
 * input into a 500; refusing them at the boundary keeps every field storable and printable.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isSafeText = (s: string) => !UNSAFE.test(s);

/** The path of the first string (value or key) with an unsafe character in a parsed JSON value, or undefined. */
export function findUnsafeText(value: unknown, at: string[] = []): string[] | undefined {
  if (typeof value === 'string') return isSafeText(value) ? undefined : at;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findUnsafeText(value[i], [...at, String(i)]);
      if (hit) return hit;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (!isSafeText(k)) return [...at, k];
      const hit = findUnsafeText(v, [...at, k]);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** A string a person could have typed: the base of every text field in the shared schemas. */
export const TextSchema = z.string().refine(isSafeText, MSG.unsafeText);
