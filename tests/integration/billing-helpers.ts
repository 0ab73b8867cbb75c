import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { CREDIT_PACKS, PARTNER_PLANS } from '@shared/billing/catalogue';
import { checkout, ledgerEntry, partner, user } from '../../src/server/db/schema';
import type { CatalogueItem } from '../../src/server/features/billing/provider';
import { paidCheckoutEvents } from '../../src/server/features/billing/sandbox/sandbox-events';
import type { SandboxProvider } from '../../src/server/features/billing/sandbox/sandbox-provider';
import type { TestApp } from '../support/test-app';

export const PACK_PRICE = Object.fromEntries(CREDIT_PACKS.map((p) => [p.id, p.sandboxPriceId]));
export const PLAN_PRICE = Object.fromEntries(PARTNER_PLANS.map((p) => [p.id, p.sandboxPriceId]));

export const startCheckout = (t: TestApp, cookie: string | undefined, data: unknown) =>
  t.request('/api/fn/createCheckoutSession', { method: 'POST', cookie, json: { data } });

/** Starts a checkout and returns the sandbox session id and hosted page path. */
export async function openSession(t: TestApp, cookie: string, priceId: string, flow?: 'pack' | 'plan') {
  const res = await startCheckout(t, cookie, { priceId, flow });
  expect(res.status, await res.clone().text()).toBe(200);
  const { url } = ((await res.json()) as { result: { url: string } }).result;
  const path = new URL(url).pathname;
  return { url, path, sessionId: path.split('/').pop()! };
}

/** Posts the hosted checkout form as the browser does. */
export function payForm(t: TestApp, path: string, card: string, extra: Partial<Record<'expiry' | 'cvc' | 'name', string>> = {}) {
  const body = new URLSearchParams({ number: card, expiry: extra.expiry ?? '12 / 34', cvc: extra.cvc ?? '123', name: extra.name ?? 'Test Buyer' });
  return t.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
}

/** The Stripe-shaped events the sandbox sends for a paid session, freshly built (new event ids) and signed. */
export function signedEventsFor(
  t: TestApp,
  s: { sessionId: string; userId: string; email: string; priceId: string; item: CatalogueItem; customerId?: string },
) {
  const provider = t.services.payments as SandboxProvider;
  const events = paidCheckoutEvents({
    ...s,
    customerId: s.customerId ?? 'cus_sandbox_test',
    successUrl: 'http://localhost:3999/checkout/success',
    cancelUrl: 'http://localhost:3999/checkout/cancel',
    card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, name: 'Test Buyer' },
    now: Math.floor(Date.now() / 1000),
  });
  return events.map((e) => {
    const payload = JSON.stringify(e);
    return { id: e.id, type: e.type, payload, signature: provider.sign(payload) };
  });
}

export const postWebhook = (t: TestApp, payload: string, signature?: string, provider = 'sandbox') =>
  t.request(`/api/webhooks/${provider}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });

export async function credits(t: TestApp, userId: string) {
  const [row] = await t.services.db.select({ credits: user.credits }).from(user).where(eq(user.id, userId));
  return row.credits;
}
export const ledgerOf = (t: TestApp, userId: string) => t.services.db.select().from(ledgerEntry).where(eq(ledgerEntry.userId, userId));
export async function partnerOf(t: TestApp, userId: string) {
  const [row] = await t.services.db.select().from(partner).where(eq(partner.userId, userId));
  return row;
}
export async function checkoutOf(t: TestApp, id: string) {
  const [row] = await t.services.db.select().from(checkout).where(eq(checkout.id, id));
  return row;
}

/** Joins as a professional through the partners API (the row the plan checkout needs). */
export async function joinAsPartner(t: TestApp, cookie: string, businessName = 'Copper & Comb') {
  const res = await t.request('/api/partners/join', { method: 'POST', cookie, json: { fullName: 'Pat Stylist', businessName } });
  expect(res.ok, await res.clone().text()).toBe(true);
}

/** Fisher–Yates with a seeded generator, so a failing order can be replayed. */
export function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed >>> 0 || 1;
  const next = () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
