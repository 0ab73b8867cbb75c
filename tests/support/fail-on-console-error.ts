import { afterEach, beforeEach } from 'vitest';

/**
 * An unexpected console.error fails the test that caused it: React's warnings, a swallowed promise or a
 * connection error would otherwise pass silently. The message is still printed where it happened.
 */
const original = console.error;
let calls: unknown[][] = [];

beforeEach(() => {
  calls = [];
  console.error = (...args: unknown[]) => {
    calls.push(args);
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (calls.length) throw new Error(`console.error was called ${calls.length} time(s) during this test; first: ${calls[0].map(String).join(' ')}`);
});
