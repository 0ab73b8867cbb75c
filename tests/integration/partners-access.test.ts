import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { partner } from '../../src/server/db/schema';
import { MSG } from '@shared/messages';
import { routeDbKinds } from '../support/db-kinds';
import { cookieFrom, useTestApp } from '../support/test-app';
import { listedPartner, partnerUser, profileBody, setSubscription, uploadPng } from './partners-helpers';

describe.each(routeDbKinds)('partner sign-up and access on %s', (kind) => {
  const t = useTestApp(kind);

  it('signs a partner up: account with verification to /partners/subscribe, row inactive and incomplete with a placeholder image', async () => {
    const email = 'Salon.Owner@Example.com';
    const res = await t.request('/api/partners/signup', {
      method: 'POST',
      json: { fullName: ' Sam Salon ', businessName: 'Salon Sam', email, password: 'secret1' },
    });
    expect(res.status).toBe(201);
    const mail = t.mailer.lastTo('salon.owner@example.com')!;
    const link = new URL(mail.link!);
    expect(link.searchParams.get('callbackURL')).toBe('/partners/subscribe');
    const [row] = await t.services.db.select().from(partner).where(eq(partner.email, 'salon.owner@example.com'));
    expect(row).toMatchObject({
      role: 'partner',
      fullName: 'Sam Salon',
      businessName: 'Salon Sam',
      subscriptionStatus: 'inactive',
      profileComplete: false,
      slug: null,
    });
    const placeholder = await t.request(`/media/${row.profileImageKey}`);
    expect(placeholder.status).toBe(200);
    expect(placeholder.headers.get('content-type')).toBe('image/png');

    const verify = await t.request(link.pathname + link.search);
    expect(verify.headers.get('location')).toBe('/partners/subscribe');
    const me = await (await t.request('/api/me', { cookie: cookieFrom(verify) })).json();
    expect(me.professional).toEqual({ isPartner: true, active: false, subscribed: false, slug: null });
  });

  it("answers the spec's sign-up messages and creates nothing on failure", async () => {
    const taken = await t.signedInUser();
    const dup = await t.request('/api/partners/signup', {
      method: 'POST',
      json: { fullName: 'A', businessName: 'B', email: taken.email.toUpperCase(), password: 'secret1' },
    });
    expect(dup.status).toBe(409);
    expect((await dup.json()).error.message).toBe(MSG.emailInUse);
    const short = await t.request('/api/partners/signup', {
      method: 'POST',
      json: { fullName: 'A', businessName: 'B', email: 'short@example.com', password: '12345' },
    });
    expect(short.status).toBe(400);
    expect((await short.json()).error.message).toBe(MSG.passwordTooShort);
    const blank = await t.request('/api/partners/signup', {
      method: 'POST',
      json: { fullName: 'A', businessName: '  ', email: 'blank@example.com', password: 'secret1' },
    });
    expect(blank.status).toBe(400);
    const rows = await t.services.db.select().from(partner).where(eq(partner.userId, taken.id));
    expect(rows).toHaveLength(0);
  });

  it('lets a signed-in user join without a new account, once', async () => {
    const u = await t.signedInUser();
    const anon = await t.request('/api/partners/join', { method: 'POST', json: { fullName: 'X', businessName: 'Y' } });
    expect(anon.status).toBe(401);
    const first = await t.request('/api/partners/join', { method: 'POST', cookie: u.cookie, json: { fullName: 'Jo Cutter', businessName: 'Jo Cuts' } });
    expect(await first.json()).toEqual({ created: true });
    const again = await t.request('/api/partners/join', { method: 'POST', cookie: u.cookie, json: { fullName: 'Other', businessName: 'Other' } });
    expect(await again.json()).toEqual({ created: false });
    const [row] = await t.services.db.select().from(partner).where(eq(partner.userId, u.id));
    expect(row.businessName).toBe('Jo Cuts');
  });

  it('refuses profile management without an active or trialing subscription, and never lists an inactive or incomplete partner', async () => {
    const p = await partnerUser(t, { businessName: 'Hidden Hair' });
    const save = await t.request('/api/partner/profile', { method: 'PUT', cookie: p.cookie, json: profileBody({ businessName: 'Hidden Hair' }) });
    expect(save.status).toBe(403);
    expect((await uploadPng(t, p.cookie)).status).toBe(403);
    // Subscribed (trialing, any case) but incomplete: may manage (decision 051), still not listed nor active.
    await setSubscription(t, p.id, 'TRIALING');
    let me = await (await t.request('/api/me', { cookie: p.cookie })).json();
    expect(me.professional).toMatchObject({ active: false, subscribed: true });
    expect((await t.request(`/api/partners/${p.id}`)).status).toBe(404);
    const ok = await t.request('/api/partner/profile', { method: 'PUT', cookie: p.cookie, json: profileBody({ businessName: 'Hidden Hair' }) });
    expect(ok.status).toBe(200);
    me = await (await t.request('/api/me', { cookie: p.cookie })).json();
    expect(me.professional).toMatchObject({ active: true, slug: 'hidden-hair' });
    // Trialing and complete: a professional (docs/product.md §4) but listed only when active.
    const notFound = await t.request('/api/partners/hidden-hair');
    expect(notFound.status).toBe(404);
    expect((await notFound.json()).error.message).toBe(MSG.professionalNotFound);
    const dir = await (await t.request('/api/partners?q=hidden')).json();
    expect(dir.items).toHaveLength(0);
    await setSubscription(t, p.id, 'Active');
    expect((await t.request('/api/partners/hidden-hair')).status).toBe(200);
    // Subscription lapses: gone from the directory, the profile page and the management API.
    await setSubscription(t, p.id, 'canceled');
    expect((await t.request('/api/partners/hidden-hair')).status).toBe(404);
    expect((await t.request('/api/partner/profile', { method: 'PUT', cookie: p.cookie, json: profileBody() })).status).toBe(403);
  });

  it('saves the profile as validated (services split and trimmed, bio limit)', async () => {
    const p = await listedPartner(t, { businessName: "Ana's Studio", services: ' Balayage ,, Colour correction,balayage , ' });
    const own = await (await t.request('/api/partner/profile', { cookie: p.cookie })).json();
    expect(own).toMatchObject({ businessName: "Ana's Studio", services: ['Balayage', 'Colour correction'], profileComplete: true, slug: 'anas-studio' });
    const long = await t.request('/api/partner/profile', { method: 'PUT', cookie: p.cookie, json: profileBody({ bio: 'x'.repeat(501) }) });
    expect(long.status).toBe(400);
    expect((await long.json()).error.message).toBe('Bio must be at most 500 characters.');
    // The slug stays once assigned, whatever the new business name.
    const renamed = await t.request('/api/partner/profile', { method: 'PUT', cookie: p.cookie, json: profileBody({ businessName: 'New Name' }) });
    expect((await renamed.json()).slug).toBe('anas-studio');
  });

  it('nobody edits another partner’s profile: the endpoints only ever act on the caller', async () => {
    const a = await listedPartner(t, { businessName: 'Owner A' });
    const b = await partnerUser(t, { status: 'active', businessName: 'Intruder B' });
    await t.request('/api/partner/profile', { method: 'PUT', cookie: b.cookie, json: { ...profileBody({ businessName: 'Hacked' }), userId: a.id, id: a.id } });
    const [rowA] = await t.services.db.select().from(partner).where(eq(partner.userId, a.id));
    expect(rowA.businessName).toBe('Owner A');
    expect((await t.request('/api/partner/profile', { method: 'PUT', json: profileBody() })).status).toBe(401);
  });
});
