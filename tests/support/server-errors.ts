/**
 * The server's unhandled errors during a test: what app.ts answers 500 "Something went wrong" and logs as
 * 'unhandled error'. Test apps log them here (test-app.ts), and the setup file fails the test that caused one
 * with the error itself, so a 500 never passes silently and a failure says what broke, not only "500".
 */
interface LoggedError {
  msg?: string;
  path?: string;
  // pino's err serializer folds the causes' messages into `message` (Drizzle's "Failed query: …: deadlock
  // detected") and keeps the error's own `code`, not its cause's
  err?: { type?: string; message?: string; code?: string };
}

let seen: string[] = [];

/** A pino destination: every line the app logs at error level. */
export const serverErrorLog = {
  write(line: string) {
    const entry = JSON.parse(line) as LoggedError;
    if (entry.msg !== 'unhandled error') return;
    const e = entry.err ?? {};
    seen.push(`${e.type ?? 'Error'}${e.code ? ` ${e.code}` : ''}: ${e.message ?? ''} (${entry.path ?? 'no path'})`);
  },
};

/** The unhandled errors since the last call, and a fresh start for the next test. */
export function takeServerErrors(): string[] {
  const out = seen;
  seen = [];
  return out;
}
