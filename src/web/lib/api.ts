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
 * Turns a response into its JSON value or an ApiError (spec §8): the HTTP status decides the code,
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
    throw new ApiError(code, err?.message || code, res.status, err?.details);
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
  } catch (e) {
    if (timeout.aborted) throw new ApiError('deadline-exceeded', 'The request timed out.', 0);
    if (opts.signal?.aborted) throw new ApiError('cancelled', 'The request was cancelled.', 0);
    throw new ApiError('internal', e instanceof Error ? e.message : 'Network error', 0);
  }
  return readResponse(res);
}

/** Resource-shaped endpoints: GET /api/me, POST /api/…; the JSON body is the value. */
export const api = {
  get: <T>(url: string, signal?: AbortSignal) => request(url, { signal }) as Promise<T>,
  post: <T>(url: string, body: unknown = {}) => request(url, { body }) as Promise<T>,
  put: <T>(url: string, body: unknown = {}) => request(url, { method: 'PUT', body }) as Promise<T>,
  patch: <T>(url: string, body: unknown = {}) => request(url, { method: 'PATCH', body }) as Promise<T>,
  delete: <T>(url: string) => request(url, { method: 'DELETE' }) as Promise<T>,
};

/**
 * The callable protocol (spec §7): POST {data} to /api/fn/{name}; the value is `data`, or `result`
 * as fallback; a body with neither is 'Response is missing data field.'
 */
export async function callFunction<T>(name: string, data: unknown, opts: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<T> {
  const json = (await request(`/api/fn/${name}`, { body: { data }, ...opts })) as Record<string, unknown>;
  if ('data' in json) return json.data as T;
  if ('result' in json) return json.result as T;
  throw new ApiError('internal', MSG.missingData, 200);
}

export const errorMessage = (e: unknown, fallback: string) => (e instanceof ApiError || e instanceof Error ? e.message || fallback : fallback);
