import { describe, expect, it } from 'vitest';
import { dbKinds } from '../support/db-kinds';
import { useTestApp } from '../support/test-app';

/**
 * OWASP ASVS 2.2.1 anti-automation: what a script could do with the account endpoints without them.
 * TRUST_PROXY=1 lets each test play several clients through X-Forwarded-For.
 */
describe.each(dbKinds)('limits on automated use of the account endpoints on %s', (kind) => {
  const t = useTestApp(kind, { TRUST_PROXY: '1' });
  const from = (ip: string, extra: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...extra });
  const post = (path: string, json: unknown, ip: string, cookie?: string) => t.request(path, { method: 'POST', json, headers: from(ip), cookie });

  it('sends one address at most 5 verification mails an hour, however many clients ask', async () => {
    const email = `bombed-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await post('/api/auth/sign-up/email', { email, password: 'password123', name: '' }, '10.0.0.1')).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await post('/api/auth/send-verification-email', { email, callbackURL: '/app' }, `10.0.1.${i}`)).status);
    for (let i = 0; i < 5; i++) statuses.push((await post('/api/auth/sign-in/email', { email, password: 'password123' }, `10.0.2.${i}`)).status);
    expect(statuses.every((s) => s < 500)).toBe(true);
    expect(t.mailer.sent.filter((m) => m.to === email)).toHaveLength(5);
  });

  it('refuses a client its 11th verification request in an hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await post('/api/auth/send-verification-email', { email: `someone${i}@example.com`, callbackURL: '/app' }, '10.0.3.1')).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await post('/api/auth/send-verification-email', { email: 'someone@example.com', callbackURL: '/app' }, '10.0.3.2')).status).toBe(200);
  });

  it('stops a client spraying one password across many emails, without locking out other clients', async () => {
    const real = await t.signedInUser({ password: 'right-password' });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await post('/api/auth/sign-in/email', { email: `victim${i}@example.com`, password: 'Summer2026!' }, '10.0.4.1')).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    expect((await post('/api/auth/sign-in/email', { email: real.email, password: 'right-password' }, '10.0.4.1')).status).toBe(429);
    expect((await post('/api/auth/sign-in/email', { email: real.email, password: 'right-password' }, '10.0.4.2')).status).toBe(200);
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
