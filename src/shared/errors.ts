/**
 * The callable-function error model of docs/product.md §8: one code per HTTP status. The server throws
 * AppError with a code; the web client maps any failure back to a code with `codeForStatus`.
 */
export const ERROR_STATUS = {
  'invalid-argument': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  aborted: 409,
  'payload-too-large': 413,
  'resource-exhausted': 429,
  cancelled: 499,
  internal: 500,
  unimplemented: 501,
  unavailable: 503,
  'deadline-exceeded': 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS | 'unknown';

/** Wire names (the `status` field of an error body), as the callable protocol spells them. */
export const WIRE_STATUS: Record<ErrorCode, string> = {
  'invalid-argument': 'INVALID_ARGUMENT',
  unauthenticated: 'UNAUTHENTICATED',
  'permission-denied': 'PERMISSION_DENIED',
  'not-found': 'NOT_FOUND',
  aborted: 'ABORTED',
  'payload-too-large': 'INVALID_ARGUMENT',
  'resource-exhausted': 'RESOURCE_EXHAUSTED',
  cancelled: 'CANCELLED',
  internal: 'INTERNAL',
  unimplemented: 'UNIMPLEMENTED',
  unavailable: 'UNAVAILABLE',
  'deadline-exceeded': 'DEADLINE_EXCEEDED',
  unknown: 'UNKNOWN',
};

/** Spec §8: the HTTP status of a failed call decides its code; status 0 (no response) is internal. */
export function codeForStatus(status: number): ErrorCode {
  if (status === 0) return 'internal';
  if (status === 413) return 'invalid-argument';
  const hit = (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).find(([code, s]) => s === status && code !== 'payload-too-large');
  return hit ? hit[0] : 'unknown';
}

/** A server error body may override the code: map its wire name back. */
export function codeForWireStatus(wire: string): ErrorCode | undefined {
  const hit = (Object.entries(WIRE_STATUS) as [ErrorCode, string][]).find(([code, w]) => w === wire && code !== 'payload-too-large');
  return hit?.[0];
}

/** The one error shape every failed request answers with (docs/product.md §8). */
export interface ErrorBody {
  error: { status: string; message: string; details?: unknown };
}
