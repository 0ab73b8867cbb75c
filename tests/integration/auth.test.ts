import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '../../src/server/db/schema';
import { routeDbKinds } from '../support/db-kinds';
import { cookieFrom, useTestApp } from '../support/test-app';

describe.each(routeDbKinds)('accounts on %s', (kind) => {
  const t = useTestApp(kind);

  it('signs up, refuses the unverified sign-in (resending the link), verifies, signs in with the welcome credit', async () => {
    const email = 'new.person@example.com';
    const up = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: 'secret1', name: 'New Person', callbackURL: '/pricing' },
    });
    expect(up.status).toBe(200);
    expect(cookieFrom(up)).not.toContain('session_token=');
    expect(t.mailer.sent.filter((m) => m.to === email)).toHaveLength(1);

    const early = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'secret1', callbackURL: '/pricing' } });
    expect(early.status).toBe(403);
    expect((await early.json()).error.details.code).toBe('EMAIL_NOT_VERIFIED');
    expect(t.mailer.sent.filter((m) => m.to === email)).toHaveLength(2);

    const link = new URL(t.mailer.lastTo(email)!.link!);
    expect(link.searchParams.get('callbackURL')).toBe('/pricing');
    const verify = await t.request(link.pathname + link.search);
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toBe('/pricing');
    const cookie = cookieFrom(verify);

    const me = await t.request('/api/me', { cookie });
    expect(me.status).toBe(200);
    const body = await me.json();
    expect(body).toMatchObject({ email, name: 'New Person', credits: 1, professional: { isPartner: false, active: false } });
  });

  it('grants the welcome credit once, however often the user signs in', async () => {
    const u = await t.signedInUser({ password: 'password123' });
    for (let i = 0; i < 3; i++) {
      const res = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: u.email, password: 'password123' } });
      expect(res.status).toBe(200);
    }
    await Promise.all([1, 2, 3].map(() => t.request('/api/me', { cookie: u.cookie })));
    const [row] = await t.services.db.select().from(user).where(eq(user.id, u.id));
    expect(row.credits).toBe(1);
    expect(row.welcomeCreditGranted).toBe(true);
  });

  it('answers a wrong password and a short password in the one error shape', async () => {
    const u = await t.signedInUser();
    const wrong = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: u.email, password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toMatchObject({ status: 'UNAUTHENTICATED' });
    const short = await t.request('/api/auth/sign-up/email', { method: 'POST', json: { email: 'short@example.com', password: '123', name: '' } });
    expect(short.status).toBe(400);
    expect((await short.json()).error.status).toBe('INVALID_ARGUMENT');
  });

  it('refuses a mutation from another origin', async () => {
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      json: { email: 'x@example.com', password: 'secret1', name: '' },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.status).toBe('PERMISSION_DENIED');
  });

  it('rate limits repeated sign-in attempts with 429, and a made-up X-Forwarded-For does not reset the count', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // No trusted proxy: the header is the caller's own words and must not buy a fresh budget.
      const res = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        json: { email: 'victim@example.com', password: 'guess' + i },
      });
      statuses.push(res.status);
    }
    // from the 5th failure this client waits (1 s, then doubling) before its next try on this account (decision 159)
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5).filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
  });

  it('answers 413 for a body over 1 MB and 404 in the error shape for an unknown endpoint', async () => {
    const big = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: 'a@b.co', password: 'x'.repeat(1_100_000) } });
    expect(big.status).toBe(413);
    const missing = await t.request('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.status).toBe('NOT_FOUND');
  });
});

describe('client address behind a trusted proxy', () => {
  const t = useTestApp('pglite', { TRUST_PROXY: '1' });

  it('keys limits by the address the proxy appended, not by what the client claims before it', async () => {
    const attempt = (chain: string, i: number) =>
      t.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'x-forwarded-for': chain },
        json: { email: 'target@example.com', password: `guess-${i}` },
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`10.0.0.${i}, 198.51.100.5`, i)).status).toBe(401);
    expect((await attempt('10.9.9.9, 198.51.100.5', 10)).status).toBe(429);
    expect((await attempt('198.51.100.6', 11)).status).toBe(401);
  });
});
