import type { MiddlewareHandler } from 'hono';
import { MSG } from '@shared/messages';
import { findUnsafeText, isSafeText } from '@shared/safe-text';
import { AppError } from './app-error';
import type { AppEnv } from './context';

/** Percent-decoding that refuses what is not UTF-8 (a lone surrogate's bytes, overlong forms) instead of guessing. */
function decodeStrict(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new AppError('invalid-argument', MSG.unsafeUrl);
  }
}

/**
 * Every path segment and query value of every request, decoded, must be text a person could type:
 * route parameters reach SQL and HTML, and PostgreSQL answers NUL with an error, so they are checked
 * once here rather than in each route.
 */
export const safeUrl = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const url = c.req.url;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const q = url.indexOf('?', start);
  const rawPath = url.slice(start, q < 0 ? undefined : q);
  const rawQuery = q < 0 ? '' : url.slice(q + 1);
  const parts = [...rawPath.split('/'), ...rawQuery.split(/[&=]/).map((p) => p.replace(/\+/g, ' '))];
  if (!parts.every((p) => isSafeText(decodeStrict(p)))) throw new AppError('invalid-argument', MSG.unsafeUrl);
  return next();
};

/**
 * A parsed JSON body as every endpoint expects it: an object (never null, an array or a scalar), with
 * no control characters or broken symbols in any of its strings.
 */
export function checkJsonObject(value: unknown): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new AppError('invalid-argument', MSG.bodyNotObject);
  const at = findUnsafeText(value);
  if (at) throw new AppError('invalid-argument', MSG.unsafeText, { path: at.join('.') });
  return value as Record<string, unknown>;
}
