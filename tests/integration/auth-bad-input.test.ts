import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeDbKinds } from '../support/db-kinds';
import { createTestApp, type TestApp } from '../support/test-app';

const BAD_BODIES: [string, string][] = [
  ['malformed JSON', '{"email": "a@b.co", "password": '],
  ['an array', '[1,2,3]'],
  ['a string', '"hello"'],
  ['wrong types', '{"email": 42, "password": true, "name": {"x": 1}}'],
  ['missing fields', '{}'],
  ['an invalid email', '{"email": "not-an-email", "password": "secret1", "name": ""}'],
  ['a short password', '{"email": "short@example.com", "password": "12345", "name": ""}'],
  ['injection-shaped text', `{"email": "x'); drop table \\"user\\"; --@example.com", "password": "secret1", "name": "<script>alert(1)</script>"}`],
  ['a huge body', JSON.stringify({ email: 'big@example.com', password: 'secret1', name: 'x'.repeat(1_200_000) })],
  ['an overlong password', JSON.stringify({ email: 'long@example.com', password: 'p'.repeat(500), name: '' })],
  ['unknown privileged fields', '{"email": "priv@example.com", "password": "secret1", "credits": 1000, "emailVerified": true}'],
];

describe.each(routeDbKinds)('bad input to the account endpoints on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  const counts = async () =>
    (
      await t.services.db.execute(
        sql`select (select count(*) from "user")::int u, (select count(*) from session)::int s, (select count(*) from account)::int a, (select coalesce(sum(credits),0))::int c from "user"`,
      )
    ).rows[0];
  beforeAll(async () => {
    t = await createTestApp(kind);
    cookie = (await t.signedInUser()).cookie;
  });
  afterAll(() => t.close());

  it.each(['/api/auth/sign-up/email', '/api/auth/sign-in/email'])(
    '%s answers every bad body with a 4xx in the error shape and changes nothing',
    async (path) => {
      for (const [label, body] of BAD_BODIES) {
        const before = await counts();
        const res = await t.request(path, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
        if (label === 'unknown privileged fields' && path.endsWith('sign-up/email')) {
          // Sign-up may accept the account, but never the privileged fields.
          const row = (await t.services.db.execute(sql`select credits, email_verified from "user" where email = 'priv@example.com'`)).rows[0] as
            { credits: number; email_verified: boolean } | undefined;
          if (row) expect(row).toEqual({ credits: 0, email_verified: false });
          continue;
        }
        expect(res.status, `${path} with ${label}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} with ${label}`).toBeLessThan(500);
        const json = (await res.json()) as { error?: { status: string; message: string } };
        expect(json.error?.message, `${path} with ${label}`).toBeTruthy();
        expect(await counts(), `${path} with ${label}`).toEqual(before);
      }
    },
  );

  it('GET /api/me and /api/events refuse a stranger and ignore a body or junk cookie', async () => {
    expect((await t.request('/api/me', { cookie: 'tress.session_token=forged.value' })).status).toBe(401);
    expect((await t.request('/api/events', { cookie: 'tress.session_token=forged.value' })).status).toBe(401);
    const mutate = await t.request('/api/me', { method: 'POST', cookie, json: { credits: 999 } });
    expect(mutate.status).toBe(404);
    expect((await (await t.request('/api/me', { cookie })).json()).credits).toBe(1);
  });
});
