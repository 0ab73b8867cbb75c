import { describe, expect, it } from 'vitest';
import { callAs, inCallOrder, endpointsOf, ROUTES, type Caller, useSafetyWorld } from '../support/safety-routes';

/** The headers every response must carry, HTML and API, success and failure alike. */
function headerProblems(res: Response): string[] {
  const problems: string[] = [];
  const csp = res.headers.get('content-security-policy') ?? '';
  if (!/(^|;)\s*default-src 'self'/.test(csp)) problems.push(`CSP default-src: "${csp}"`);
  if (!/frame-ancestors 'none'/.test(csp)) problems.push('CSP frame-ancestors');
  if (!/object-src 'none'/.test(csp)) problems.push('CSP object-src');
  if (res.headers.get('x-content-type-options') !== 'nosniff') problems.push('nosniff');
  if (res.headers.get('referrer-policy') !== 'strict-origin-when-cross-origin') problems.push(`referrer-policy: ${res.headers.get('referrer-policy')}`);
  if (res.headers.get('x-frame-options') !== 'DENY') problems.push('x-frame-options');
  if (!res.headers.get('x-request-id')) problems.push('x-request-id');
  return problems;
}

describe('security headers on every response', () => {
  const { t, w } = useSafetyWorld();

  it('on every endpoint of the route table, signed out and signed in', async () => {
    const keys = endpointsOf(t.app);
    expect(
      keys.filter((k) => !(k in ROUTES)),
      'add new endpoints to tests/support/safety-routes.ts',
    ).toEqual([]);
    const missing: string[] = [];
    const kinds = new Set<string>();
    for (const key of inCallOrder(keys)) {
      for (const caller of ['signedOut', 'user'] as Caller[]) {
        const res = await callAs(t, w, { caller, key, rule: ROUTES[key] });
        kinds.add((res.headers.get('content-type') ?? 'none').split(';')[0]);
        const problems = headerProblems(res);
        if (problems.length) missing.push(`${key} as ${caller} (${res.status}): ${problems.join(', ')}`);
      }
    }
    expect(missing).toEqual([]);
    // The sweep met HTML pages, JSON, images and event streams, not just one kind.
    expect([...kinds]).toEqual(expect.arrayContaining(['text/html', 'application/json', 'image/png', 'text/event-stream']));
  }, 60_000);

  it('on errors and pages outside the route table', async () => {
    const cases: Array<[string, RequestInit & { json?: unknown }]> = [
      ['/api/no-such-endpoint', {}],
      ['/api/me', { method: 'POST', json: {} }],
      ['/api/fn/createCheckoutSession', { method: 'POST', body: '{not json', headers: { 'content-type': 'application/json' } }],
      ['/api/fn/createCheckoutSession', { method: 'POST', body: 'x'.repeat(1024 * 1024 + 10), headers: { 'content-type': 'application/json' } }],
      ['/api/me', { method: 'POST', headers: { origin: 'https://evil.example' }, json: {} }],
      ['/assets/missing.js', {}],
      ['/professionals', {}],
      ['/some/deep/link?x=1', {}],
    ];
    const statuses: number[] = [];
    for (const [path, init] of cases) {
      const res = await t.request(path, init);
      statuses.push(res.status);
      expect(headerProblems(res), `${init.method ?? 'GET'} ${path} → ${res.status}`).toEqual([]);
    }
    expect(statuses).toEqual([404, 404, 400, 413, 403, 404, 200, 200]);
  });
});
