/**
 * A first start that serves sooner (issue 37): the server listens before the demo is seeded, says so on
 * its pages and in /readyz until the seed is done, and its log splits the cold start's time.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PROCESS_ORIGIN, startAppProcess, stubWebDist, type AppProcess } from '../support/app-process';
import { createTestApp } from '../support/test-app';

const NOTICE = 'The demo is being prepared';
type Readiness = { status: string; checks: Record<string, { ok: boolean; detail?: string }> };

describe('the first start', () => {
  let app: AppProcess | undefined;
  afterAll(async () => {
    await app?.stop();
  });

  it('listens while the demo is seeded, then says the demo is ready; the log splits the time', async () => {
    app = await startAppProcess({ SEED_DEMO: 'true' });
    const banner = /Tress is running at \S+ \(ready [\d.]+ s after the process started: launch and build [\d.]+ s, model [\d.]+ s, database [\d.]+ s\)/;
    expect(app.output()).toMatch(banner);
    // serving already: the first probes find the demo still being prepared
    const first = (await (await fetch(`${app.url}/readyz`)).json()) as Readiness;
    expect(first.checks.demo).toEqual({ ok: false, detail: 'the demo is being prepared' });
    expect(await (await fetch(`${app.url}/`)).text()).toContain(NOTICE);

    await expect.poll(() => app!.output(), { timeout: 120_000 }).toMatch(/The demo is ready \(seeded in [\d.]+ s, [\d.]+ s after the process started\)/);
    expect(app.output().search(banner)).toBeLessThan(app.output().search(/The demo is ready/));
    const after = (await (await fetch(`${app.url}/readyz`)).json()) as Readiness;
    expect(after.checks.demo).toBeUndefined();
    expect(await (await fetch(`${app.url}/`)).text()).not.toContain(NOTICE);
    // the demo's accounts exist now
    const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: PROCESS_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@tress.app', password: 'tress-demo' }),
    });
    expect(signIn.status).toBe(200);
  }, 180_000);
});

describe('while the demo is being prepared', () => {
  it('every page says so above the app and /readyz answers 503 with the reason', async () => {
    const t = await createTestApp('pglite', { WEB_DIST_DIR: stubWebDist() });
    try {
      t.services.ops.lifecycle.preparingDemo = true;
      const page = await (await t.request('/styles')).text();
      expect(page).toMatch(new RegExp(`<body[^>]*>\\s*<p role="status"[^>]*>${NOTICE}`));
      const ready = await t.request('/readyz');
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as Readiness).checks.demo).toEqual({ ok: false, detail: 'the demo is being prepared' });

      t.services.ops.lifecycle.preparingDemo = false;
      expect(await (await t.request('/styles')).text()).not.toContain(NOTICE);
      expect(((await (await t.request('/readyz')).json()) as Readiness).checks.demo).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
