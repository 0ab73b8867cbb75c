import { describe, expect, it } from 'vitest';
import { callAs, inCallOrder, CALLERS, endpointsOf, ROUTES, useSafetyWorld } from '../support/safety-routes';

/**
 * Authorization matrix over the whole route table: every endpoint × {signed out, user, another user,
 * inactive professional, active professional}. A caller outside a route's `allow` list must never
 * get a 2xx; a route without a rule in tests/support/safety-routes.ts fails here.
 */
describe('authorization matrix over every endpoint', () => {
  const { t, w } = useSafetyWorld();

  it('has a rule for every endpoint and no rule for an endpoint that is gone', () => {
    const endpoints = endpointsOf(t.app);
    const unknown = endpoints.filter((k) => !(k in ROUTES));
    expect(unknown, `New endpoints need a rule in tests/support/safety-routes.ts ROUTES: ${unknown.join(', ')}`).toEqual([]);
    const stale = Object.keys(ROUTES).filter((k) => !endpoints.includes(k));
    expect(stale, `Rules for endpoints that no longer exist: ${stale.join(', ')}`).toEqual([]);
  });

  it('gives no caller a 2xx it has no right to, and the rightful caller a 2xx', async () => {
    const keys = endpointsOf(t.app).filter((k) => k in ROUTES);
    const ordered = inCallOrder(keys);
    const leaks: string[] = [];
    const failures: string[] = [];
    for (const key of ordered) {
      const rule = ROUTES[key];
      const allowed = rule.allow === 'all' ? CALLERS : rule.allow;
      const refused = CALLERS.filter((c) => !allowed.includes(c));
      const order = [
        ...refused,
        ...(rule.refusalsOnly ? [] : allowed.filter((c) => c !== rule.succeeds)),
        ...(rule.succeeds && !rule.refusalsOnly ? [rule.succeeds] : []),
      ];
      for (const caller of order) {
        const res = await callAs(t, w, { caller, key, rule });
        if (res.status >= 500 && !rule.serverErrorOk) failures.push(`${key} as ${caller}: ${res.status}`);
        if (refused.includes(caller) && res.status >= 200 && res.status < 300)
          leaks.push(`${key} as ${caller}: ${res.status} ${(await res.text()).slice(0, 120)}`);
        if (caller === rule.succeeds && (res.status < 200 || res.status >= 300))
          failures.push(`${key} as ${caller} should succeed: ${res.status} ${(await res.text()).slice(0, 160)}`);
      }
    }
    expect(leaks, 'callers got a 2xx without the right').toEqual([]);
    expect(failures).toEqual([]);
  }, 60_000);
});
