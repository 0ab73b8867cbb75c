import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E } from '../../../playwright.config';

export const DEMO = { user: { email: 'demo@tress.app', password: 'tress-demo' }, pro: { email: 'pro@tress.app', password: 'tress-pro' } };

export const uniqueEmail = (tag = 'user') => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** An app server the tests talk to: the run's own (E2E), or one a spec starts for itself (with a fake provider). */
export interface E2EServer {
  baseURL: string;
  dataDir: string;
}

/** The newest verification link mailed to `email`, read from the server's outbox (.eml files). */
export const verificationLink = (email: string, server: E2EServer = E2E) =>
  mailedLink(email, /https?:\/\/[^\s"<>]+verify-email\?[^\s"<>]+/, 'verification', server);

/** The newest password-reset link mailed to `email`. */
export const resetLink = (email: string) => mailedLink(email, /https?:\/\/[^\s"<>]+\/reset-password\/[^\s"<>]+/, 'reset');

/** The first link matching `pattern` in the newest mail to `email` that has one. */
async function mailedLink(email: string, pattern: RegExp, what: string, server: E2EServer = E2E): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const safe = email.replace(/[^a-z0-9@._-]/gi, '_');
        const files = readdirSync(outbox, { withFileTypes: true })
          .filter((f) => f.name.includes(safe))
          .map((f) => f.name)
          .sort()
          .reverse();
        for (const name of files) {
          const raw = readFileSync(path.join(outbox, name), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=');
          link = raw.match(pattern)?.[0];
          if (link) return link;
        }
        return undefined;
      },
      { message: `${what} mail for ${email}` },
    )
    .toBeTruthy();
  return link!;
}

/** Signs up through the API, follows the mailed link, and leaves the context signed in (fast path for tests that are not about sign-up). */
export async function signUpVerified(request: APIRequestContext, opts: { email?: string; password?: string; name?: string; server?: E2EServer } = {}) {
  const server = opts.server ?? E2E;
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'password123';
  // Each test's person signs up from an address of their own (TEST-NET-3, through the trusted proxy header), as
  // real visitors do: the suite creates more accounts than one address may in ten minutes (20).
  const from = `203.0.113.${1 + Math.floor(Math.random() * 254)}, 198.51.100.${1 + Math.floor(Math.random() * 254)}`;
  const res = await request.post('/api/auth/sign-up/email', {
    data: { email, password, name: opts.name ?? '' },
    headers: { origin: server.baseURL, 'x-forwarded-for': from },
  });
  expect(res.ok()).toBeTruthy();
  await request.get(await verificationLink(email, server));
  return { email, password };
}

/** Signs in through the API so the page's context carries the session cookie. */
export async function signIn(page: Page, account: { email: string; password: string }, server: E2EServer = E2E) {
  const res = await page.request.post('/api/auth/sign-in/email', { data: account, headers: { origin: server.baseURL } });
  expect(res.ok()).toBeTruthy();
}
