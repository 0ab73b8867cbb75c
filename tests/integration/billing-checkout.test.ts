import { describe, expect, it } from 'vitest';
import { CREDIT_PACKS } from '@shared/billing/catalogue';
import { MSG } from '@shared/messages';
import { routeDbKinds } from '../support/db-kinds';
import { useTestApp } from '../support/test-app';
import { checkoutOf, credits, joinAsPartner, ledgerOf, openSession, PACK_PRICE, payForm, PLAN_PRICE, startCheckout } from './billing-helpers';

describe.each(routeDbKinds)('payments checkout (sandbox) on %s', (kind) => {
  const t = useTestApp(kind);

  it('publishes the sandbox price ids of every pack and plan', async () => {
    const res = await t.request('/api/billing/prices');
    expect(await res.json()).toEqual({ provider: 'sandbox', packs: PACK_PRICE, plans: PLAN_PRICE });
  });

  it('refuses a signed-out caller, an unknown price id and a pack/plan mismatch, changing nothing', async () => {
    const u = await t.signedInUser();
    const before = await credits(t, u.id);
    const signedOut = await startCheckout(t, undefined, { priceId: PACK_PRICE.starter });
    expect(signedOut.status).toBe(401);
    expect((await signedOut.json()).error.status).toBe('UNAUTHENTICATED');

    const unknown = await startCheckout(t, u.cookie, { priceId: 'price_made_up' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toMatchObject({ status: 'INVALID_ARGUMENT', details: { priceId: 'price_made_up' } });

    const planAsPack = await startCheckout(t, u.cookie, { priceId: PLAN_PRICE.monthly, flow: 'pack' });
    expect(planAsPack.status).toBe(400);
    expect((await planAsPack.json()).error.message).toBe('That price is a partner plan, not a credit pack.');
    const packAsPlan = await startCheckout(t, u.cookie, { priceId: PACK_PRICE.studio, flow: 'plan' });
    expect(packAsPlan.status).toBe(400);

    const noData = await t.request('/api/fn/createCheckoutSession', { method: 'POST', cookie: u.cookie, json: { priceId: PACK_PRICE.starter } });
    expect(noData.status).toBe(400);
    const amountSmuggled = await startCheckout(t, u.cookie, { priceId: '', amount: 1 });
    expect(amountSmuggled.status).toBe(400);

    expect(await credits(t, u.id)).toBe(before);
    const rows = await t.services.db.execute(`select count(*)::int as n from checkout where user_id = '${u.id}'`);
    expect(rows.rows[0]).toEqual({ n: 0 });
  });

  it('refuses a plan checkout to a user who has not joined as a professional', async () => {
    const u = await t.signedInUser();
    const res = await startCheckout(t, u.cookie, { priceId: PLAN_PRICE.yearly, flow: 'plan' });
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.error.message).toMatch(/Join as a Professional/);
    expect(body.error.details).toEqual({ reason: 'no-partner' });
  });

  it('buys every pack through the hosted test page: a declined card changes nothing, 4242 adds the credits once with a receipt', async () => {
    const u = await t.signedInUser();
    let expected = await credits(t, u.id);
    for (const pack of CREDIT_PACKS) {
      const s = await openSession(t, u.cookie, pack.sandboxPriceId, 'pack');
      expect(s.url).toBe(`http://localhost:3999/sandbox/checkout/${s.sessionId}`);
      const page = await t.request(s.path);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('TEST MODE');
      expect(html).toContain(`${pack.credits} credits`);
      expect(html).toContain(u.email);

      const declined = await payForm(t, s.path, '4000 0000 0000 0002');
      expect(declined.status).toBe(402);
      const declinedHtml = await declined.text();
      expect(declinedHtml).toContain('Your card was declined.');
      expect(declinedHtml).toContain('name="number" value=""');
      expect(await credits(t, u.id)).toBe(expected);
      expect((await checkoutOf(t, s.sessionId)).status).toBe('open');

      const invalid = await payForm(t, s.path, '4242 4242 4242 4241', { expiry: '01 / 20' });
      expect(invalid.status).toBe(400);
      const invalidHtml = await invalid.text();
      expect(invalidHtml).toContain('Your card number is invalid.');
      expect(invalidHtml).toContain('expiration year is in the past');

      const mailsBefore = t.mailer.sent.length;
      const paid = await payForm(t, s.path, '4242 4242 4242 4242');
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(`http://localhost:3999/checkout/success?session_id=${s.sessionId}`);
      expected += pack.credits;
      expect(await credits(t, u.id)).toBe(expected);
      expect((await checkoutOf(t, s.sessionId)).status).toBe('completed');
      const receipts = t.mailer.sent.slice(mailsBefore);
      expect(receipts).toHaveLength(1);
      expect(receipts[0]).toMatchObject({ to: u.email, subject: expect.stringContaining(`${pack.name} pack`) });
      expect(receipts[0].text).toContain('non-refundable');
      expect(receipts[0].text).not.toContain('4242 4242');

      // Paying the same session again (back button, double submit) goes to the result, not a second charge.
      const again = await payForm(t, s.path, '4242 4242 4242 4242');
      expect(again.status).toBe(303);
      expect(await credits(t, u.id)).toBe(expected);
      const status = await t.request(`/api/billing/checkouts/${s.sessionId}`, { cookie: u.cookie });
      expect(await status.json()).toEqual({ status: 'completed', kind: 'pack', name: pack.name, credits: pack.credits });
    }
    const purchases = (await ledgerOf(t, u.id)).filter((e) => e.type === 'credit');
    expect(purchases.map((e) => e.amount).sort((a, b) => a - b)).toEqual([10, 50, 120]);
  });

  it('answers the ledger history: latest 8, newest first, purchases named by pack; signed out is 401', async () => {
    const u = await t.signedInUser();
    await t.request('/api/me', { cookie: u.cookie });
    for (let i = 0; i < 8; i++) {
      const s = await openSession(t, u.cookie, PACK_PRICE.starter);
      expect((await payForm(t, s.path, '4242424242424242')).status).toBe(303);
    }
    const res = await t.request('/api/me/ledger', { cookie: u.cookie });
    const { entries } = await res.json();
    expect(entries).toHaveLength(8);
    expect(entries.every((e: { type: string; packName: string; amount: number }) => e.type === 'credit' && e.packName === 'Starter' && e.amount === 10)).toBe(
      true,
    );
    const times = entries.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await t.request('/api/me/ledger')).status).toBe(401);

    const fresh = await t.signedInUser();
    await t.request('/api/me', { cookie: fresh.cookie });
    const one = await (await t.request('/api/me/ledger', { cookie: fresh.cookie })).json();
    expect(one.entries).toEqual([expect.objectContaining({ type: 'welcome', amount: 1, packName: null })]);
  });

  it('keeps the session private: another user cannot read its status; unknown sessions show a not-found page', async () => {
    const a = await t.signedInUser();
    const b = await t.signedInUser();
    const s = await openSession(t, a.cookie, PACK_PRICE.creator);
    expect((await t.request(`/api/billing/checkouts/${s.sessionId}`, { cookie: b.cookie })).status).toBe(404);
    expect((await t.request('/sandbox/checkout/cs_sandbox_nope')).status).toBe(404);
  });

  it('refuses a hosted-page payment posted from another site', async () => {
    const u = await t.signedInUser();
    const s = await openSession(t, u.cookie, PACK_PRICE.creator);
    const res = await t.request(s.path, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'number=4242424242424242&expiry=12%2F34&cvc=123&name=X',
    });
    expect(res.status).toBe(403);
    expect((await checkoutOf(t, s.sessionId)).status).toBe('open');
    expect(MSG.forbiddenOrigin).toBe((await res.json()).error.message);
  });

  it('refuses a second plan checkout once the listing plan is active', async () => {
    const u = await t.signedInUser();
    await joinAsPartner(t, u.cookie);
    const s = await openSession(t, u.cookie, PLAN_PRICE.monthly, 'plan');
    expect((await payForm(t, s.path, '4242424242424242')).status).toBe(303);
    const again = await startCheckout(t, u.cookie, { priceId: PLAN_PRICE.yearly, flow: 'plan' });
    expect(again.status).toBe(409);
  });
});
