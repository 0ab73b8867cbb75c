import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { creation, generation, inquiry, ledgerEntry, partner, partnerImage, paymentEvent, review, user } from '../../src/server/db/schema';
import { FORMER_CUSTOMER } from '../../src/server/features/account/delete-account';
import { dbKinds } from '../support/db-kinds';
import { deleteAccount, useTestApp, type TestApp } from '../support/test-app';
import { listedPartner, uploadPng } from './partners-helpers';
import { savedCreation } from './studio-support';
import { joinAsPartner, openSession, payForm, PLAN_PRICE } from './billing-helpers';

const signIn = (t: TestApp, email: string, password: string) => t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });

/** A saved creation with real pictures in storage, shared with its original. */
async function sharedCreation(t: TestApp, owner: { id: string; cookie: string }) {
  const pixels = (colour: string) => sharp({ create: { width: 60, height: 80, channels: 3, background: colour } });
  const { creationId, keys } = await savedCreation(t, owner, {
    before: await pixels('#3b2a20').jpeg().toBuffer(),
    after: await pixels('#b4531f').png().toBuffer(),
  });
  const shared = await t.request(`/api/creations/${creationId}/share`, { method: 'POST', cookie: owner.cookie, json: { includeBefore: true } });
  return { creationId, keys, token: ((await shared.json()) as { token: string }).token };
}

describe.each(dbKinds)('deleting an account on %s', (kind) => {
  const t = useTestApp(kind, {}, { sweeper: false });

  it('keeps everything when the password is wrong', async () => {
    const u = await t.signedInUser({ password: 'right-password' });
    const res = await deleteAccount(t, u.cookie, 'wrong-password');
    expect(res.status).toBe(400);
    expect((await res.json()).error.details.code).toBe('INVALID_PASSWORD');
    expect(await t.services.db.select().from(user).where(eq(user.id, u.id))).toHaveLength(1);
    expect((await t.request('/api/me', { cookie: u.cookie })).status).toBe(200);
  });

  it('removes creations, images, shares, inquiries and sessions at once, keeps reviews as "Former customer" and the ledger without the user', async () => {
    const pro = await listedPartner(t, { businessName: 'Kept Salon' });
    const u = await t.signedInUser({ password: 'leaving-now', name: 'Dana Leaving' });
    const other = await t.signedInUser();
    const { creationId, keys, token } = await sharedCreation(t, u);
    expect((await t.request(`/api/shared/${token}/after.png`)).status).toBe(200);
    expect(
      (await t.request(`/api/partners/${pro.id}/review`, { method: 'PUT', cookie: u.cookie, json: { rating: 5, comment: 'Lovely colour work.' } })).status,
    ).toBe(200);
    await t.request(`/api/partners/${pro.id}/review`, { method: 'PUT', cookie: other.cookie, json: { rating: 2, comment: 'Not for me.' } });
    const sent = await t.request(`/api/partners/${pro.id}/inquiries`, {
      method: 'POST',
      cookie: u.cookie,
      json: { message: 'Could you do this look for me?', creationId },
    });
    expect(sent.status).toBe(201);
    const [{ averageRating }] = await t.services.db.select({ averageRating: partner.averageRating }).from(partner).where(eq(partner.userId, pro.id));
    const ledgerBefore = await t.services.db.select().from(ledgerEntry).where(eq(ledgerEntry.userId, u.id));
    expect(ledgerBefore.length).toBeGreaterThan(0);

    const res = await deleteAccount(t, u.cookie, 'leaving-now');
    expect(res.status).toBe(200);

    // signed out, and the account cannot sign in again
    expect((await t.request('/api/me', { cookie: u.cookie })).status).toBe(401);
    expect((await signIn(t, u.email, 'leaving-now')).status).toBe(401);
    // the share page, its pictures and the stored files are gone at once
    for (const path of [`/api/shared/${token}`, `/api/shared/${token}/after.png`, `/api/shared/${token}/before.jpg`])
      expect((await t.request(path)).status, path).toBe(404);
    expect(await t.services.storage.get(keys.input)).toBeNull();
    expect(await t.services.storage.get(keys.output)).toBeNull();
    expect(await t.services.db.select().from(creation).where(eq(creation.id, creationId))).toEqual([]);
    expect(await t.services.db.select().from(generation).where(eq(generation.userId, u.id))).toEqual([]);
    expect(await t.services.db.select().from(inquiry).where(eq(inquiry.partnerId, pro.id))).toEqual([]);
    // the review stays, unsigned, with its rating: the average does not move
    const reviews = (await (await t.request(`/api/partners/${pro.id}/reviews`)).json()).reviews as {
      reviewerId: string | null;
      reviewerName: string;
      rating: number;
    }[];
    expect(reviews.find((r) => r.rating === 5)).toMatchObject({ reviewerId: null, reviewerName: FORMER_CUSTOMER });
    expect(JSON.stringify(reviews)).not.toContain('Dana');
    const [after] = await t.services.db
      .select({ averageRating: partner.averageRating, ratingCount: partner.ratingCount })
      .from(partner)
      .where(eq(partner.userId, pro.id));
    expect(after).toEqual({ averageRating, ratingCount: 2 });
    // the credit ledger stays as a record that names nobody
    const kept = await t.services.db.select().from(ledgerEntry).where(eq(ledgerEntry.reference, ledgerBefore[0].reference));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ userId: null, amount: ledgerBefore[0].amount, type: ledgerBefore[0].type });
    expect(await t.services.db.select().from(user).where(eq(user.id, u.id))).toEqual([]);
  });

  it('cancels a professional’s plan at the provider first, and the listing and its pictures answer 404 at once', async () => {
    const pro = await t.signedInUser({ password: 'pro-password' });
    await joinAsPartner(t, pro.cookie, 'Gone Studio');
    const { path } = await openSession(t, pro.cookie, PLAN_PRICE.monthly, 'plan');
    expect((await payForm(t, path, '4242 4242 4242 4242')).status).toBeLessThan(400);
    const saved = await t.request('/api/partner/profile', {
      method: 'PUT',
      cookie: pro.cookie,
      json: {
        fullName: 'Gone Person',
        businessName: 'Gone Studio',
        location: 'Leeds',
        bio: 'Colour.',
        services: 'Cuts',
        website: '',
        instagram: '',
        facebook: '',
      },
    });
    expect(saved.status).toBe(200);
    expect((await uploadPng(t, pro.cookie, 'portfolio')).status).toBe(200);
    const [image] = await t.services.db.select().from(partnerImage).where(eq(partnerImage.partnerId, pro.id));
    const mediaPath = `/media/${image.storageKey}`;
    expect((await t.request(mediaPath)).status).toBe(200);
    expect((await t.request(`/api/partners/${pro.id}`)).status).toBe(200);
    const deletedEventsBefore = (await t.services.db.select().from(paymentEvent)).filter((e) => e.type === 'customer.subscription.deleted').length;

    expect((await deleteAccount(t, pro.cookie, 'pro-password')).status).toBe(200);

    const deletedEvents = (await t.services.db.select().from(paymentEvent)).filter((e) => e.type === 'customer.subscription.deleted').length;
    expect(deletedEvents).toBe(deletedEventsBefore + 1);
    expect((await t.request(mediaPath)).status).toBe(404);
    expect(await t.services.storage.get(image.storageKey)).toBeNull();
    expect((await t.request(`/api/partners/${pro.id}`)).status).toBe(404);
    expect(await t.services.db.select().from(partner).where(eq(partner.userId, pro.id))).toEqual([]);
    expect(await t.services.db.select().from(review).where(eq(review.partnerId, pro.id))).toEqual([]);
  });

  it('limits deletion tries per account like sign-in', async () => {
    const u = await t.signedInUser({ password: 'right-password' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await deleteAccount(t, u.cookie, `guess-${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
  });
});
