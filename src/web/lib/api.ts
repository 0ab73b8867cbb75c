import type { Api, ApiRoute } from '@shared/api-contract';
import type { Endpoint, RequestOf, ResponseOf } from '@shared/endpoint';
import { codeForStatus, codeForWireStatus, type ErrorCode } from '@shared/errors';
import { MSG } from '@shared/messages';
import { TIMINGS } from '@shared/constants';

/** One error type for every failed request: the spec's code, a message to show and optional details. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly details?: unknown,
    /** True when the words are ours for a failure that came without any (a bare status, the network): see errorMessage. */
    readonly generic = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * What to say when a failed answer carries no message of ours (a proxy's 502 page, a bare 500): never the
 * code's name ("internal", "unknown").
 */
function wordsFor(code: ErrorCode, status: number): string {
  if (code === 'resource-exhausted') return MSG.tooManyAttempts;
  if (code === 'deadline-exceeded') return MSG.timedOut;
  if (code === 'unauthenticated') return MSG.signInRequired;
  return status >= 500 || status === 0 ? MSG.serverFailed : MSG.invalidRequest;
}

/**
 * Turns a response into its JSON value or an ApiError (docs/product.md §8): the HTTP status decides the code,
 * a server error body may override code and message.
 */
export async function readResponse(res: Response): Promise<unknown> {
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const err = (json as { error?: { status?: string; message?: string; details?: unknown } } | undefined)?.error;
    const code = (err?.status && codeForWireStatus(err.status)) || codeForStatus(res.status);
    throw err?.message
      ? new ApiError(code, err.message, res.status, err.details)
      : new ApiError(code, wordsFor(code, res.status), res.status, err?.details, true);
  }
  if (json === undefined || json === null || typeof json !== 'object') throw new ApiError('internal', MSG.notJsonObject, res.status);
  return json;
}

async function request(url: string, opts: RequestOptions = {}): Promise<unknown> {
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? TIMINGS.callableTimeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers: opts.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: 'same-origin',
      signal,
    });
  } catch {
    if (timeout.aborted) throw new ApiError('deadline-exceeded', MSG.timedOut, 0, undefined, true);
    if (opts.signal?.aborted) throw new ApiError('cancelled', 'The request was cancelled.', 0);
    // the browser's own words ("Failed to fetch", "NetworkError when attempting…") mean nothing to a person
    throw new ApiError('internal', MSG.networkFailed, 0, undefined, true);
  }
  return readResponse(res);
}

interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}
type Args<E extends Endpoint> = object extends RequestOf<E> ? [input?: RequestOf<E>, opts?: CallOptions] : [input: RequestOf<E>, opts?: CallOptions];
type Parts = { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };

/** "/api/partners/:id/reviews" with {id: "a b"} → "/api/partners/a%20b/reviews"; the query's set values appended. */
function urlFor(template: string, { params, query }: Parts): string {
  const path = template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
  const pairs = Object.entries(query ?? {}).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k, String(v)]]));
  return pairs.length ? `${path}?${new URLSearchParams(pairs).toString()}` : path;
}

/**
 * The one way the web app calls the server (decision 112): `call('GET /api/partners/:idOrSlug', {params, query})`.
 * The route names a shared endpoint, so what goes in and what comes back are the endpoint's schema types;
 * a route or field the server does not have is a compile error. Callables (docs/product.md §7) travel as POST `{data}`
 * and answer in `data`, or `result` as fallback; a body with neither is 'Response is missing data field.'
 */
export async function call<R extends ApiRoute>(route: R, ...[input, opts]: Args<Api[R]>): Promise<ResponseOf<Api[R]>> {
  const space = route.indexOf(' ');
  const method = route.slice(0, space);
  const template = route.slice(space + 1);
  const parts = (input ?? {}) as Parts;
  const isCallable = template.startsWith('/api/fn/');
  const body = method === 'GET' || method === 'DELETE' ? undefined : isCallable ? { data: parts.body } : (parts.body ?? {});
  const json = (await request(urlFor(template, parts), { method, body, ...opts })) as Record<string, unknown>;
  if (!isCallable) return json as ResponseOf<Api[R]>;
  if ('data' in json) return json.data as ResponseOf<Api[R]>;
  if ('result' in json) return json.result as ResponseOf<Api[R]>;
  throw new ApiError('internal', MSG.missingData, 200);
}

/**
 * What a failed action shows (docs/product.md §8): the server's own message when it sent one, else the action's
 * fallback (e.g. 'Sign in failed.') followed by what went wrong in a person's words (the network, a timeout).
 */
export function errorMessage(e: unknown, fallback: string): string {
  if (e instanceof ApiError && e.generic) return `${fallback} ${e.message}`;
  return e instanceof Error ? e.message || fallback : fallback;
}
