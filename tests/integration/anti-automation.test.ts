import { describe, expect, it } from 'vitest';
import { routeDbKinds } from '../support/db-kinds';
import { useTestApp } from '../support/test-app';

/**
 * OWASP ASVS 2.2.1 anti-automation: what a script could do with the account endpoints without them.
 * TRUST_PROXY=1 lets each test play several clients through X-Forwarded-For.
 */
describe.each(routeDbKinds)('limits on automated use of the account endpoints on %s', (kind) => {
  const t = useTestApp(kind, { TRUST_PROXY: '1' });
  const from = (ip: string, extra: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...extra });
  const post = (path: string, json: unknown, ip: string, cookie?: string) => t.request(path, { method: 'POST', json, headers: from(ip), cookie });

  it('sends one address at most 5 verification mails an hour, however many clients ask', async () => {
    const email = `bombed-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await post('/api/auth/sign-up/email', { email, password: 'password123', name: '' }, '10.0.0.1')).status).toBe(200);
    // at once: each unauthenticated request is held to at least 500 ms by better-auth (so a reply's time does not
    // tell whether the address has an account), and 25 in a row would wait 12.5 s
    const statuses = (
      await Promise.all(Array.from({ length: 25 }, (_, i) => post('/api/auth/send-verification-email', { email, callbackURL: '/app' }, `10.0.1.${i}`)))
    ).map((r) => r.status);
    for (let i = 0; i < 5; i++) statuses.push((await post('/api/auth/sign-in/email', { email, password: 'password123' }, `10.0.2.${i}`)).status);
    expect(statuses.every((s) => s < 500)).toBe(true);
    expect(t.mailer.sent.filter((m) => m.to === email)).toHaveLength(5);
  });

  it('refuses a client its 11th verification request in an hour', async () => {
    const ask = (i: number) => post('/api/auth/send-verification-email', { email: `someone${i}@example.com`, callbackURL: '/app' }, '10.0.3.1');
    // the first ten at once (each takes at least 500 ms, as above), then the eleventh
    const statuses = (await Promise.all(Array.from({ length: 10 }, (_, i) => ask(i)))).map((r) => r.status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await ask(10)).status).toBe(429);
    expect((await post('/api/auth/send-verification-email', { email: 'someone@example.com', callbackURL: '/app' }, '10.0.3.2')).status).toBe(200);
  });

  it('slows a client spraying one password across many emails to one try every few seconds, without locking out other clients', async () => {
    const real = await t.signedInUser({ password: 'right-password' });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await post('/api/auth/sign-in/email', { email: `victim${i}@example.com`, password: 'Summer2026!' }, '10.0.4.1')).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    // from the 21st failure one try per 5 s: the rest of this burst is refused
    expect(statuses.slice(20).filter((s) => s === 401).length).toBeLessThanOrEqual(1);
    expect(statuses.slice(20).filter((s) => s === 429).length).toBeGreaterThanOrEqual(19);
    const refused = await post('/api/auth/sign-in/email', { email: real.email, password: 'right-password' }, '10.0.4.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(5);
    expect((await post('/api/auth/sign-in/email', { email: real.email, password: 'right-password' }, '10.0.4.2')).status).toBe(200);
    // the person behind the same address gets in after seconds, not 15 minutes
    await expect
      .poll(async () => (await post('/api/auth/sign-in/email', { email: real.email, password: 'right-password' }, '10.0.4.1')).status, {
        timeout: 12_000,
        interval: 1000,
      })
      .toBe(200);
  });

  it('backs off one client guessing one account, while the right password from another client still works', async () => {
    const real = await t.signedInUser({ password: 'right-password' });
    const attempt = (password: string, ip: string) => post('/api/auth/sign-in/email', { email: real.email, password }, ip);
    for (let i = 0; i < 5; i++) expect((await attempt(`guess-${i}`, '10.0.9.1')).status).toBe(401);
    // the 5th failure starts a wait that doubles with each further failure; the guessing client waits, even with the right password
    const waiting = await attempt('right-password', '10.0.9.1');
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get('retry-after')).toBe('1');
    expect((await attempt('right-password', '10.0.9.2')).status).toBe(200);
    expect((await attempt('right-password', '10.0.9.3')).status).toBe(200);
    // after the wait, one more failure doubles it
    await expect.poll(async () => (await attempt('guess-5', '10.0.9.1')).status, { timeout: 5000, interval: 250 }).toBe(401);
    expect((await attempt('guess-6', '10.0.9.1')).headers.get('retry-after')).toBe('2');
    // a success clears the client's failures
    await expect.poll(async () => (await attempt('right-password', '10.0.9.1')).status, { timeout: 8000, interval: 500 }).toBe(200);
    expect((await attempt('guess-7', '10.0.9.1')).status).toBe(401);
    expect((await attempt('right-password', '10.0.9.1')).status).toBe(200);
  });

  it('lets a session guess its current password 5 times in 15 minutes, then refuses', async () => {
    const u = await t.signedInUser({ password: 'right-password' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await post('/api/auth/change-password', { currentPassword: `guess-${i}`, newPassword: 'new-password-1' }, `10.0.5.${i}`, u.cookie)).status,
      );
    expect(statuses.slice(0, 5).every((s) => s >= 400 && s < 429)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it('refuses a client its 21st account in 10 minutes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (
          await post(
            '/api/auth/sign-up/email',
            { email: `many-${i}-${crypto.randomUUID().slice(0, 6)}@example.com`, password: 'password123', name: '' },
            '10.0.6.1',
          )
        ).status,
      );
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('holds at most 10 event streams open per client, and a closed one frees its place', async () => {
    const open = async (ip: string) => t.request('/api/events?partner=someone', { headers: from(ip) });
    const streams: Response[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await open('10.0.7.1');
      expect(res.status).toBe(200);
      streams.push(res);
    }
    const refused = await open('10.0.7.1');
    expect(refused.status).toBe(429);
    expect((await open('10.0.7.2')).status).toBe(200);
    await streams.pop()!.body!.cancel();
    await expect
      .poll(async () => {
        const res = await open('10.0.7.1');
        await res.body?.cancel();
        return res.status;
      })
      .toBe(200);
    await Promise.all(streams.map((s) => s.body!.cancel()));
  });
});
