import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingSubscription } from '../../src/server/db/schema';
import type { LiveEvent } from '@shared/events';
import { routeDbKinds } from '../support/db-kinds';
import { useTestApp } from '../support/test-app';
import { checkoutOf, joinAsPartner, openSession, partnerOf, payForm, PLAN_PRICE } from './billing-helpers';

const DAY = 86_400_000;

describe.each(routeDbKinds)('partner plans and the billing portal (sandbox) on %s', (kind) => {
  const t = useTestApp(kind);

  const portalPost = (cookie: string, action: string) =>
    t.request('/sandbox/portal', {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action, return_url: 'http://localhost:3999/partners/subscribe' }).toString(),
    });

  for (const plan of ['monthly', 'yearly'] as const) {
    it(`subscribes to the ${plan} plan: a declined card changes nothing; 4242 makes the partner active live, with a receipt`, async () => {
      const u = await t.signedInUser();
      await joinAsPartner(t, u.cookie, `Studio ${plan}`);
      const heard: LiveEvent[] = [];
      const stop = t.services.bus.subscribe(`user:${u.id}`, (e) => heard.push(e));
      const s = await openSession(t, u.cookie, PLAN_PRICE[plan], 'plan');
      const page = await (await t.request(s.path)).text();
      expect(page).toContain(plan === 'monthly' ? 'per month' : 'per year');

      const declined = await payForm(t, s.path, '4000000000000002');
      expect(declined.status).toBe(402);
      expect(await partnerOf(t, u.id)).toMatchObject({ subscriptionStatus: 'inactive', plan: null, customerId: null });

      const mails = t.mailer.sent.length;
      const paid = await payForm(t, s.path, '4242 4242 4242 4242');
      expect(paid.headers.get('location')).toBe(`http://localhost:3999/checkout/success?session_id=${s.sessionId}&flow=partner`);
      const p = await partnerOf(t, u.id);
      expect(p).toMatchObject({ subscriptionStatus: 'active', plan, cancelAtPeriodEnd: false });
      expect(p.customerId).toMatch(/^cus_sandbox_/);
      expect(p.subscriptionId).toMatch(/^sub_sandbox_/);
      const days = (p.currentPeriodEnd!.getTime() - Date.now()) / DAY;
      expect(days).toBeGreaterThan(plan === 'monthly' ? 27 : 364);
      expect(days).toBeLessThan(plan === 'monthly' ? 32 : 367);
      expect((await checkoutOf(t, s.sessionId)).status).toBe('completed');
      await expect.poll(() => heard).toContainEqual({ type: 'professional', active: false, subscribed: true, slug: null });
      const receipt = t.mailer.sent.slice(mails);
      expect(receipt).toHaveLength(1);
      expect(receipt[0].subject).toContain(plan === 'monthly' ? 'Monthly listing plan ($29)' : 'Yearly listing plan ($299)');

      const me = await (await t.request('/api/me', { cookie: u.cookie })).json();
      expect(me.professional).toMatchObject({ isPartner: true, subscribed: true });
      const summary = await (await t.request('/api/billing/subscription', { cookie: u.cookie })).json();
      expect(summary).toMatchObject({ isPartner: true, status: 'active', plan, cancelAtPeriodEnd: false, canManage: true });
      stop();
    });
  }

  it('cancels and resumes the renewal in the sandbox portal, then ends the period with the test clock', async () => {
    const u = await t.signedInUser();
    await joinAsPartner(t, u.cookie);
    const s = await openSession(t, u.cookie, PLAN_PRICE.monthly, 'plan');
    await payForm(t, s.path, '4242424242424242');

    const portal = await t.request('/api/billing/portal', { method: 'POST', cookie: u.cookie, json: {} });
    expect(portal.status).toBe(200);
    const { url } = await portal.json();
    expect(url).toBe(`http://localhost:3999/sandbox/portal?return_url=${encodeURIComponent('http://localhost:3999/partners/subscribe')}`);
    const page = await (await t.request(new URL(url).pathname + new URL(url).search, { cookie: u.cookie })).text();
    expect(page).toContain('Renews on');
    expect(page).toContain('Cancel renewal');

    expect((await portalPost(u.cookie, 'cancel')).status).toBe(303);
    expect(await partnerOf(t, u.id)).toMatchObject({ subscriptionStatus: 'active', cancelAtPeriodEnd: true });
    expect(await (await t.request('/sandbox/portal', { cookie: u.cookie })).text()).toContain('Cancels on');

    expect((await portalPost(u.cookie, 'resume')).status).toBe(303);
    expect(await partnerOf(t, u.id)).toMatchObject({ subscriptionStatus: 'active', cancelAtPeriodEnd: false });

    expect((await portalPost(u.cookie, 'end-period')).status).toBe(303);
    expect((await partnerOf(t, u.id)).subscriptionStatus).toBe('canceled');
    const me = await (await t.request('/api/me', { cookie: u.cookie })).json();
    expect(me.professional.subscribed).toBe(false);

    // Subscribing again after the end works and makes a new subscription on the same customer.
    const before = await partnerOf(t, u.id);
    const again = await openSession(t, u.cookie, PLAN_PRICE.yearly, 'plan');
    await payForm(t, again.path, '4242424242424242');
    const after = await partnerOf(t, u.id);
    expect(after).toMatchObject({ subscriptionStatus: 'active', plan: 'yearly', customerId: before.customerId });
    expect(after.subscriptionId).not.toBe(before.subscriptionId);
  });

  it('a double-submitted payment (two tabs, concurrently) makes one subscription and one receipt', async () => {
    const u = await t.signedInUser();
    await joinAsPartner(t, u.cookie);
    const s = await openSession(t, u.cookie, PLAN_PRICE.monthly, 'plan');
    const mails = t.mailer.sent.length;
    const results = await Promise.all([payForm(t, s.path, '4242424242424242'), payForm(t, s.path, '5555555555554444'), payForm(t, s.path, '4242424242424242')]);
    expect(results.map((r) => r.status)).toEqual([303, 303, 303]);
    const subs = await t.services.db.select().from(billingSubscription).where(eq(billingSubscription.userId, u.id));
    expect(subs).toHaveLength(1);
    expect((await partnerOf(t, u.id)).subscriptionId).toBe(subs[0].id);
    expect(t.mailer.sent.slice(mails).filter((m) => m.to === u.email)).toHaveLength(1);
  });

  it('refuses the portal to a signed-out caller, a user without a billing account and a cross-site form', async () => {
    expect((await t.request('/api/billing/portal', { method: 'POST', json: {} })).status).toBe(401);
    const u = await t.signedInUser();
    const none = await t.request('/api/billing/portal', { method: 'POST', cookie: u.cookie, json: {} });
    expect(none.status).toBe(404);
    const summary = await (await t.request('/api/billing/subscription', { cookie: u.cookie })).json();
    expect(summary).toMatchObject({ isPartner: false, canManage: false });
    const cross = await t.request('/sandbox/portal', {
      method: 'POST',
      cookie: u.cookie,
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=cancel',
    });
    expect(cross.status).toBe(403);
    expect((await t.request('/sandbox/portal')).status).toBe(303);
  });
});
