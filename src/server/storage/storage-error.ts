/**
 * Storage failures in the spec's vocabulary (§8 Storage): 401 unauthenticated, 402 quota exceeded,
 * 403 unauthorized, 404 object not found; transient ones (5xx, 408, 429) are retried and, when the
 * retries run out, surface as retry-limit-exceeded. Callers map these to their own messages.
 */
export type StorageErrorCode =
  | 'storage/unauthenticated'
  | 'storage/quota-exceeded'
  | 'storage/unauthorized'
  | 'storage/object-not-found'
  | 'storage/retry-limit-exceeded'
  | 'storage/invalid-argument'
  | 'storage/unknown';

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StorageError';
  }
}

export function storageCodeForStatus(status: number | undefined): StorageErrorCode {
  switch (status) {
    case 400:
      return 'storage/invalid-argument';
    case 401:
      return 'storage/unauthenticated';
    case 402:
      return 'storage/quota-exceeded';
    case 403:
      return 'storage/unauthorized';
    case 404:
      return 'storage/object-not-found';
    default:
      return isTransientStatus(status) ? 'storage/retry-limit-exceeded' : 'storage/unknown';
  }
}

export const isTransientStatus = (status: number | undefined) => status !== undefined && (status >= 500 || status === 408 || status === 429);

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'TimeoutError',
  'RequestTimeout',
]);

/** A dropped connection or a timeout is as transient as a 503. */
export function isNetworkError(err: unknown): boolean {
  const e = err as { code?: string; name?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if ((e.code && NETWORK_CODES.has(e.code)) || (e.name && NETWORK_CODES.has(e.name))) return true;
  return e.cause !== undefined && e.cause !== err && isNetworkError(e.cause);
}

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 100, maxDelayMs: 2000 };

/**
 * Runs `op`, retrying transient failures with exponential backoff and full jitter. `classify`
 * turns a thrown error into its HTTP status (undefined for a network error).
 */
export async function withRetry<T>(
  op: () => Promise<T>,
  classify: (err: unknown) => { status?: number; transient: boolean },
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await op();
    } catch (err) {
      const { status, transient } = classify(err);
      if (!transient) throw toStorageError(err, status);
      if (attempt >= policy.attempts) {
        throw new StorageError('storage/retry-limit-exceeded', `Storage kept failing after ${attempt} attempts${status ? ` (HTTP ${status})` : ''}.`, status, {
          cause: err,
        });
      }
      const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
      await new Promise((r) => setTimeout(r, Math.random() * cap));
    }
  }
}

function toStorageError(err: unknown, status: number | undefined): StorageError {
  if (err instanceof StorageError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new StorageError(storageCodeForStatus(status), message, status, { cause: err });
}
