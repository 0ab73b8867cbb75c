import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ownServer, startOwnServer } from './own-server';

/** Its own port beside the run's (E2E_PORT + 2000), so it never collides with the run's server or the cuts server. */
export const CLOCK_SERVER = ownServer('clock', 2000);

export interface ClockServer {
  /** Moves the server's clock so that it reads `at` now (decision 169); later requests see the new time. */
  setNow(at: number): void;
  stop(): Promise<void>;
}

/**
 * The built server, seeded with the demo like the run's own, whose clock the test can move forward: a story that
 * must act after an appointment has started does so without waiting for it. The clock is
 * tests/e2e/support/test-clock.mjs, loaded with `node --import` on this command line only.
 */
export async function startClockServer(): Promise<ClockServer> {
  const clockFile = path.join(CLOCK_SERVER.dataDir, '..', `e2e-clock-${CLOCK_SERVER.port}.txt`);
  writeFileSync(clockFile, '0');
  const stop = await startOwnServer(CLOCK_SERVER, {
    name: 'clock',
    env: { SEED_DEMO: 'true', TEST_CLOCK_FILE: clockFile },
    nodeArgs: ['--import', './tests/e2e/support/test-clock.mjs'],
  });
  return {
    setNow: (at) => writeFileSync(clockFile, String(Math.round(at - Date.now()))),
    stop,
  };
}
