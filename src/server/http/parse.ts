import type { z } from 'zod';
import { MSG } from '@shared/messages';
import { AppError } from './app-error';
import { checkJsonObject } from './boundary';
import type { AppContext } from './context';

/** The first validation message, which the shared schemas word for the user. */
function validationError(error: z.ZodError): AppError {
  const first = error.issues[0];
  return new AppError('invalid-argument', first?.message ?? MSG.invalidRequest, {
    issues: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * The body as a JSON object whose strings are all safe text (see boundary.ts); anything else is a 400.
 * An empty body is `{}`: the endpoint's schema then says what is missing, or takes it (a share keeps its choice).
 */
export async function readJson(c: AppContext): Promise<Record<string, unknown>> {
  return jsonObjectOf(await c.req.text());
}

/** No body of ours nests deeper than a few levels; 32 leaves room and stops a deep one before anything recurses. */
const MAX_JSON_DEPTH = 32;
export const TOO_DEEP = `Request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;

/**
 * Whether JSON text nests objects and arrays deeper than `max`, read in one pass without parsing:
 * a few kilobytes of `[` would otherwise reach every recursive reader (the text check, zod, better-auth)
 * and end in a stack overflow, a 500 with a stack trace in the log (issue 34).
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92)
        i++; // backslash: skip the escaped character
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 || ch === 123) {
      if (++depth > max) return true;
    } else if (ch === 93 || ch === 125) depth--;
  }
  return false;
}

/** A request body's text as a JSON object of safe text; empty is `{}`, anything else that is not an object a 400. */
export function jsonObjectOf(text: string): Record<string, unknown> {
  if (!text.trim()) return {};
  if (jsonTooDeep(text)) throw new AppError('invalid-argument', TOO_DEEP);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('invalid-argument', 'Request body must be valid JSON.');
  }
  return checkJsonObject(value);
}
