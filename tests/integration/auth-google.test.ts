import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/lib/logger';
import { startFakeOidc } from '../support/fake-oidc';
import { cookieFrom, createTestApp, ORIGIN, type TestApp } from '../support/test-app';

describe('Google sign-in through a loopback OpenID provider', () => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof startFakeOidc>>;
  beforeAll(async () => {
    idp = await startFakeOidc({
      clientId: 'tress-client',
      clientSecret: 'tress-secret',
      person: { sub: 'g-123', email: 'gina@example.com', name: 'Gina Google' },
    });
    t = await createTestApp('pglite', { GOOGLE_CLIENT_ID: 'tress-client', GOOGLE_CLIENT_SECRET: 'tress-secret', GOOGLE_ISSUER_URL: idp.issuer });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  it('reports that Google is configured', async () => {
    expect(await (await t.request('/api/auth-config')).json()).toEqual({ google: true });
    expect((await (await t.request('/readyz')).json()).checks.googleSignIn).toEqual({ ok: true, detail: 'configured' });
  });

  it('runs the authorization code flow with PKCE and lands on the return path signed in with the welcome credit', async () => {
    const start = await t.request('/api/auth/sign-in/social', { method: 'POST', json: { provider: 'google', callbackURL: '/pricing' } });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    expect(url.startsWith(`${idp.issuer}/authorize`)).toBe(true);
    expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
    const stateCookie = cookieFrom(start);

    const authorize = await fetch(url, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    expect(callback.origin).toBe(ORIGIN);

    const done = await t.request(callback.pathname + callback.search, { cookie: stateCookie });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/pricing');
    const me = await t.request('/api/me', { cookie: cookieFrom(done) });
    expect(await me.json()).toMatchObject({ email: 'gina@example.com', name: 'Gina Google', credits: 1 });
    expect(idp.requests).toEqual(expect.arrayContaining(['POST /token']));
  });
});

describe('Google sign-in when not configured', () => {
  it('tells the login page (which hides the option) and the operator, and refuses the flow', async () => {
    const logged: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void logged.push(line) });
    const t = await createTestApp('pglite', {}, { logger });
    expect(await (await t.request('/api/auth-config')).json()).toEqual({ google: false });
    expect(logged.join('')).toContain('Google sign-in is off');
    const ready = await (await t.request('/readyz')).json();
    expect(ready.checks.googleSignIn).toEqual({ ok: true, detail: expect.stringContaining('GOOGLE_CLIENT_ID') });
    const res = await t.request('/api/auth/sign-in/social', { method: 'POST', json: { provider: 'google', callbackURL: '/' } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    // better-auth's own report of the missing provider reaches the operator through the app's log
    expect(logged.join('')).toContain('auth: Provider not found');
    await t.close();
  });
});
