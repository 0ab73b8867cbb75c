import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { creation } from '../../src/server/db/schema';
import { routeDbKinds } from '../support/db-kinds';
import { useTestApp } from '../support/test-app';
import { listedPartner, partnerUser } from './partners-helpers';

describe.each(routeDbKinds)('client inquiries on %s', (kind) => {
  const t = useTestApp(kind);

  /** A saved creation of `userId` with before/after pictures in storage, as the studio stores them. */
  async function creationOf(userId: string) {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#b45309' } })
      .png()
      .toBuffer();
    const id = crypto.randomUUID();
    await t.services.storage.put(`creations/${userId}/${id}-in.png`, png, 'image/png');
    await t.services.storage.put(`creations/${userId}/${id}-out.png`, png, 'image/png');
    await t.services.db.insert(creation).values({
      id,
      userId,
      prompt: 'Copper balayage on brown hair',
      inputKey: `creations/${userId}/${id}-in.png`,
      outputKey: `creations/${userId}/${id}-out.png`,
      meta: {
        applied: 'Copper, balayage',
        analysis: {
          currentLevel: 4,
          targetLevel: 7,
          lift: 3,
          note: 'Three levels of lift: expect two sessions.',
          currentColour: { hex: '#4a3222', name: 'dark brown' },
        },
      },
    });
    return id;
  }

  it('delivers a message with a creation brief by email and lists it for the partner only', async () => {
    const p = await listedPartner(t, { businessName: 'Inbox Salon' });
    const client = await t.signedInUser({ name: 'Casey Client' });
    const brief = await creationOf(client.id);
    const anon = await t.request(`/api/partners/${p.id}/inquiries`, { method: 'POST', json: { message: 'Hello there, can you do this?' } });
    expect(anon.status).toBe(401);
    const short = await t.request(`/api/partners/${p.id}/inquiries`, { method: 'POST', cookie: client.cookie, json: { message: 'hi' } });
    expect(short.status).toBe(400);

    const sent = await t.request(`/api/partners/${p.id}/inquiries`, {
      method: 'POST',
      cookie: client.cookie,
      json: { message: 'Could you do this look <b>next week</b>?', creationId: brief },
    });
    expect(sent.status).toBe(201);
    const mail = t.mailer.lastTo(p.email)!;
    expect(mail.replyTo).toBe(client.email);
    expect(mail.text).toContain('Copper balayage on brown hair');
    expect(mail.html).toContain('&lt;b&gt;next week&lt;/b&gt;');

    const list = await (await t.request('/api/partner/inquiries', { cookie: p.cookie })).json();
    expect(list.inquiries).toHaveLength(1);
    const [inq] = list.inquiries;
    expect(inq).toMatchObject({
      senderName: 'Casey Client',
      senderEmail: client.email,
      creation: { prompt: 'Copper balayage on brown hair', summary: 'Copper, balayage — Three levels of lift: expect two sessions.' },
    });
    expect((await t.request(inq.creation.afterUrl, { cookie: p.cookie })).status).toBe(200);
    // Nobody else sees the attached pictures or the list.
    const other = await listedPartner(t, { businessName: 'Nosy Salon' });
    expect((await t.request(inq.creation.afterUrl, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request(inq.creation.beforeUrl)).status).toBe(401);
    expect((await (await t.request('/api/partner/inquiries', { cookie: other.cookie })).json()).inquiries).toEqual([]);
    expect((await t.request('/api/partner/inquiries', { cookie: client.cookie })).status).toBe(403);
  });

  it("refuses someone else's creation, an unlisted partner and a message to oneself", async () => {
    const p = await listedPartner(t, { businessName: 'Strict Salon' });
    const a = await t.signedInUser();
    const b = await t.signedInUser();
    const bs = await creationOf(b.id);
    const steal = await t.request(`/api/partners/${p.id}/inquiries`, {
      method: 'POST',
      cookie: a.cookie,
      json: { message: 'Look at this one please', creationId: bs },
    });
    expect(steal.status).toBe(404);
    const hidden = await partnerUser(t, { businessName: 'Hidden' });
    expect(
      (await t.request(`/api/partners/${hidden.id}/inquiries`, { method: 'POST', cookie: a.cookie, json: { message: 'Are you open on Sunday?' } })).status,
    ).toBe(404);
    expect((await t.request(`/api/partners/${p.id}/inquiries`, { method: 'POST', cookie: p.cookie, json: { message: 'Writing to myself here' } })).status).toBe(
      403,
    );
  });
});
