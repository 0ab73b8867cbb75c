/**
 * A test clock for one end-to-end server (decision 169), loaded only by `node --import` on the command line a
 * spec starts its own server with (support/clock-server.ts): nothing in src/ or dist/ imports it, so no
 * deployment can reach it. The server's Date reads the real time plus the milliseconds written in the file
 * named by TEST_CLOCK_FILE, read on every call so that a request sent after the test moved the clock sees the
 * new time. Only forward moves make sense (the story moves past an appointment's start to complete it).
 */
import { readFileSync } from 'node:fs';

const file = process.env.TEST_CLOCK_FILE;
if (!file) throw new Error('test-clock.mjs needs TEST_CLOCK_FILE');

const RealDate = Date;
const offset = () => {
  try {
    return Number(readFileSync(file, 'utf8')) || 0;
  } catch {
    return 0;
  }
};

class ClockDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset());
    else super(...args);
  }
  static now() {
    return RealDate.now() + offset();
  }
}
globalThis.Date = ClockDate;
