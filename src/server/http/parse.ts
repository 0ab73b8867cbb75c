import type { z } from 'zod';
import { MSG } from '../../shared/messages';
import { AppError } from './app-error';
import { checkJsonObject } from './boundary';
import type { AppContext } from './context';

/** The first validation message, which the shared schemas word for the user. */
export function validationError(error: z.ZodError): AppError {
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

/** The body as a JSON object whose strings are all safe text (see boundary.ts); anything else is a 400. */
export async function readJson(c: AppContext): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('invalid-argument', 'Request body must be valid JSON.');
  }
  return checkJsonObject(value);
}

/** A JSON request body validated by a shared zod schema (resource-shaped endpoints). */
export async function jsonBody<S extends z.ZodType>(c: AppContext, schema: S): Promise<z.infer<S>> {
  return parseWith(schema, await readJson(c));
}

/** The callable protocol (spec §7): `{"data": …}` in; the handler's value goes out as `{"result": …}`. */
export function callable<S extends z.ZodType>(schema: S, handler: (data: z.infer<S>, c: AppContext) => Promise<unknown>) {
  return async (c: AppContext) => {
    const body = await readJson(c);
    if (!('data' in body)) {
      throw new AppError('invalid-argument', 'Request must be a JSON object with a data field.');
    }
    const data = parseWith(schema, body.data);
    return c.json({ result: (await handler(data, c)) ?? null });
  };
}
