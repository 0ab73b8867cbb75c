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

/** A request body's text as a JSON object of safe text; empty is `{}`, anything else that is not an object a 400. */
export function jsonObjectOf(text: string): Record<string, unknown> {
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('invalid-argument', 'Request body must be valid JSON.');
  }
  return checkJsonObject(value);
}
