/**
 * SQLSTATE classes and socket errors that mean the database could not be reached or ended the
 * connection (a restart, a failover), as opposed to a query that is wrong: 08 connection exception,
 * 57P01-57P03 admin/crash shutdown and "cannot connect now" while it starts, and 53300 "too many clients" when
 * the server has no connection slot left for a new pooled client (other processes hold them): a moment to wait out.
 */
const UNAVAILABLE_CODES = new Set(['53300', '57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable|Connection ended/i;

/** Whether an error (or one it wraps: Drizzle puts the driver's error in `cause`) says the database is unreachable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (e instanceof Error && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}
