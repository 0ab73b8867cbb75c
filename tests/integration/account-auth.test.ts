import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user, verification } from '../../src/server/db/schema';
import { routeDbKinds } from '../support/db-kinds';
import { cookieFrom, useTestApp, type TestApp } from '../support/test-app';

/** The token of the newest reset link mailed to `email` (…/api/auth/reset-password/{token}?callbackURL=…). */
function resetToken(t: TestApp, email: string): string {
  const link = t.mailer.lastTo(email)?.link;
  const token = link && /\/reset-password\/([^/?]+)/.exec(new URL(link).pathname)?.[1];
  if (!token) throw new Error(`no reset link for ${email}`);
  return token;
}

const post = (t: TestApp, path: string, json: unknown, cookie?: string) => t.request(path, { method: 'POST', json, cookie });
const signIn = (t: TestApp, email: string, password: string) => post(t, '/api/auth/sign-in/email', { email, password });

describe.each(routeDbKinds)('account security on %s', (kind) => {
  const t = useTestApp(kind);

  it('resets a password by a mailed link that works once, signs out every session, and the old password stops working', async () => {
    const u = await t.signedInUser({ password: 'old-password' });
    const other = cookieFrom(await signIn(t, u.email, 'old-password'));
    expect((await post(t, '/api/auth/request-password-reset', { email: u.email, redirectTo: '/reset-password' })).status).toBe(200);
    const mail = t.mailer.lastTo(u.email)!;
    expect(mail.subject).toBe('Reset your Tress password');
    const token = resetToken(t, u.email);

    // the link in the mail lands on the web's reset page with the token
    const landing = await t.request(new URL(mail.link!).pathname + new URL(mail.link!).search);
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toContain(`/reset-password?token=${token}`);

    expect((await post(t, '/api/auth/reset-password', { token, newPassword: 'new-password' })).status).toBe(200);
    const again = await post(t, '/api/auth/reset-password', { token, newPassword: 'third-password' });
    expect(again.status).toBe(400);
    expect((await again.json()).error.details.code).toBe('INVALID_TOKEN');

    for (const cookie of [u.cookie, other]) expect((await t.request('/api/me', { cookie })).status).toBe(401);
    expect((await signIn(t, u.email, 'old-password')).status).toBe(401);
    expect((await signIn(t, u.email, 'third-password')).status).toBe(401);
    expect((await signIn(t, u.email, 'new-password')).status).toBe(200);
  });

  it('refuses an expired reset link, and answers an unknown address exactly like a known one', async () => {
    const u = await t.signedInUser({ password: 'old-password' });
    await post(t, '/api/auth/request-password-reset', { email: u.email });
    const token = resetToken(t, u.email);
    await t.services.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    const late = await post(t, '/api/auth/reset-password', { token, newPassword: 'new-password' });
    expect(late.status).toBe(400);
    expect((await signIn(t, u.email, 'old-password')).status).toBe(200);

    const sent = t.mailer.sent.length;
    const unknown = await post(t, '/api/auth/request-password-reset', { email: 'nobody-here@example.com' });
    const known = await post(t, '/api/auth/request-password-reset', { email: u.email });
    expect([unknown.status, known.status]).toEqual([200, 200]);
    expect(await unknown.json()).toEqual(await known.json());
    expect(t.mailer.sent.length).toBe(sent + 1);
  });

  it('sends at most 5 reset mails an hour to one address, and limits reset requests and link tries per client', async () => {
    const u = await t.signedInUser();
    const before = t.mailer.sent.filter((m) => m.to === u.email).length;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post(t, '/api/auth/request-password-reset', { email: u.email }, undefined)).status);
    expect(t.mailer.sent.filter((m) => m.to === u.email).length - before).toBe(5);
    // earlier tests of this file asked three times from the same client: 10 an hour in all
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.at(-1)).toBe(429);
    const tries: number[] = [];
    for (let i = 0; i < 12; i++) tries.push((await post(t, '/api/auth/reset-password', { token: `made-up-${i}`, newPassword: 'whatever1' })).status);
    expect(tries.at(-1)).toBe(429);
    expect(tries.filter((s) => s === 400).length).toBeLessThanOrEqual(10);
  });

  it('changes the password only with the current one, signs out the other sessions, and limits tries per account', async () => {
    const u = await t.signedInUser({ password: 'first-pass' });
    const other = cookieFrom(await signIn(t, u.email, 'first-pass'));
    const wrong = await post(t, '/api/auth/change-password', { currentPassword: 'not-it', newPassword: 'second-pass' }, u.cookie);
    expect(wrong.status).toBe(400);
    const ok = await post(t, '/api/auth/change-password', { currentPassword: 'first-pass', newPassword: 'second-pass', revokeOtherSessions: true }, u.cookie);
    expect(ok.status).toBe(200);
    const fresh = cookieFrom(ok);
    expect((await t.request('/api/me', { cookie: other })).status).toBe(401);
    expect((await t.request('/api/me', { cookie: fresh })).status).toBe(200);
    expect((await signIn(t, u.email, 'first-pass')).status).toBe(401);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await post(t, '/api/auth/change-password', { currentPassword: `guess-${i}`, newPassword: 'third-pass' }, fresh)).status);
    expect(statuses.at(-1)).toBe(429);
  });

  it('changes the email only once the new address is verified, and never reveals that an address is taken', async () => {
    const u = await t.signedInUser({ password: 'password123' });
    const newEmail = `moved-${Math.random().toString(36).slice(2, 8)}@example.com`;
    expect((await post(t, '/api/auth/change-email', { newEmail, callbackURL: '/account' }, u.cookie)).status).toBe(200);
    const mail = t.mailer.lastTo(newEmail)!;
    expect(mail.subject).toBe('Confirm your new email for Tress');
    const [before] = await t.services.db.select().from(user).where(eq(user.id, u.id));
    expect(before.email).toBe(u.email);

    const link = new URL(mail.link!);
    const follow = await t.request(link.pathname + link.search, { cookie: u.cookie });
    expect(follow.status).toBe(302);
    expect(follow.headers.get('location')).toBe('/account');
    const [after] = await t.services.db.select().from(user).where(eq(user.id, u.id));
    expect(after).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await signIn(t, newEmail, 'password123')).status).toBe(200);
    expect((await signIn(t, u.email, 'password123')).status).toBe(401);

    const taken = await t.signedInUser();
    const sent = t.mailer.sent.length;
    expect((await post(t, '/api/auth/change-email', { newEmail: taken.email }, u.cookie)).status).toBe(200);
    expect(t.mailer.sent.length).toBe(sent);
  });

  it('signs out everywhere', async () => {
    const u = await t.signedInUser({ password: 'password123' });
    const other = cookieFrom(await signIn(t, u.email, 'password123'));
    expect((await post(t, '/api/auth/revoke-sessions', {}, u.cookie)).status).toBe(200);
    for (const cookie of [u.cookie, other]) expect((await t.request('/api/me', { cookie })).status).toBe(401);
    expect((await post(t, '/api/auth/revoke-sessions', {})).status).toBe(401);
  });
});
