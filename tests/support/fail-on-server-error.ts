import { afterEach } from 'vitest';
import { takeServerErrors } from './server-errors';

/**
 * A request the server answered with an unhandled error (500 "Something went wrong") fails the test that made it,
 * with the error's class and message: a test that checks only part of an answer, or none, would otherwise pass over
 * a server error. No test means to make one today; one that does would say so here.
 */
afterEach(() => {
  const unhandled = takeServerErrors();
  if (unhandled.length) throw new Error(`the server answered ${unhandled.length} request(s) with an unhandled error during this test; first: ${unhandled[0]}`);
});
