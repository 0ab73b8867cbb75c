import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { routeDbKinds } from '../support/db-kinds';
import { type TestApp, useTestApp } from '../support/test-app';
import { jpegWithExif, listedPartner, pngBytes, upload, uploadPng } from './partners-helpers';

/** Every file the storage adapter holds for one partner. */
function storedFiles(t: TestApp, uid: string): string[] {
  try {
    return readdirSync(path.join(t.services.env.dataDir, 'storage', 'partners', uid));
  } catch {
    return [];
  }
}

describe.each(routeDbKinds)('partner images on %s', (kind) => {
  const t = useTestApp(kind);

  it('re-encodes an upload without its metadata, serves it publicly and replaces the profile image', async () => {
    const p = await listedPartner(t, { businessName: 'Exif Salon' });
    const before = storedFiles(t, p.id);
    const res = await upload(t, p.cookie, {
      type: 'profile',
      fileName: 'me.jpg',
      contentType: 'image/jpeg',
      base64: (await jpegWithExif()).toString('base64'),
    });
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result.downloadUrl).toMatch(/^\/media\/partners\/.+\/profile-[0-9a-f-]{36}\.jpg$/);
    const served = await t.request(result.downloadUrl);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
    // The placeholder it replaced is gone: one profile file remains.
    const after = storedFiles(t, p.id);
    expect(after).toHaveLength(before.length);
    expect(after.filter((f) => f.startsWith('placeholder-'))).toHaveLength(0);
  });

  it('refuses hostile uploads with the spec messages and stores nothing', async () => {
    const p = await listedPartner(t, { businessName: 'Hostile Target' });
    const files = storedFiles(t, p.id);
    const png = await pngBytes();
    const cases: [Record<string, unknown>, string][] = [
      [
        { type: 'portfolio', fileName: 'x.png', contentType: 'image/png', base64: Buffer.from('GIF89a fake image bytes here').toString('base64') },
        MSG.imageType,
      ],
      [
        { type: 'portfolio', fileName: 'x.png', contentType: 'image/png', base64: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64') },
        MSG.imageType,
      ],
      [{ type: 'portfolio', fileName: 'x.gif', contentType: 'image/gif', base64: png.toString('base64') }, MSG.imageType],
      [{ type: 'portfolio', fileName: '../../etc/passwd.png', contentType: 'image/png', base64: png.toString('base64') }, MSG.imageType],
      [
        {
          type: 'portfolio',
          fileName: 'x.png',
          contentType: 'image/png',
          base64: Buffer.concat([png, Buffer.alloc(LIMITS.partnerImageBytes + 1 - png.length)]).toString('base64'),
        },
        MSG.imageTooLarge,
      ],
      [{ type: 'portfolio', fileName: 'x.png', contentType: 'image/png', base64: Buffer.concat([png.subarray(0, 40)]).toString('base64') }, MSG.imageType],
    ];
    for (const [data, message] of cases) {
      const res = await upload(t, p.cookie, data);
      expect(res.status, message).toBe(400);
      expect((await res.json()).error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
    }
    expect(storedFiles(t, p.id)).toEqual(files);
    // Exactly 2 MB is allowed (the limit is "at most 2 MB"), but must still be a real picture.
    const exact = await upload(t, p.cookie, {
      type: 'portfolio',
      fileName: 'x.png',
      contentType: 'image/png',
      base64: Buffer.concat([png, Buffer.alloc(LIMITS.partnerImageBytes - png.length)]).toString('base64'),
    });
    expect(exact.status).toBe(200);
  });

  it('holds at most 6 portfolio images, even when uploads race, and the 7th is refused', async () => {
    const p = await listedPartner(t, { businessName: 'Six Max' });
    const results = await Promise.all(Array.from({ length: 8 }, () => uploadPng(t, p.cookie)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    const refused = results.filter((r) => r.status !== 200);
    for (const r of refused) expect((await r.json()).error.message).toBe(MSG.portfolioFull);
    const own = await (await t.request('/api/partner/profile', { cookie: p.cookie })).json();
    expect(own.portfolio).toHaveLength(6);
    expect(own.portfolio.map((i: { path: string }) => i.path.split('/').pop()).sort()).toEqual(
      storedFiles(t, p.id)
        .filter((f) => f.startsWith('portfolio-'))
        .sort(),
    );
  });

  it('reorders, tags and deletes only the caller’s own images', async () => {
    const a = await listedPartner(t, { businessName: 'Alpha Hair' });
    const b = await listedPartner(t, { businessName: 'Beta Hair' });
    for (let i = 0; i < 3; i++) expect((await uploadPng(t, a.cookie)).status).toBe(200);
    const own = await (await t.request('/api/partner/profile', { cookie: a.cookie })).json();
    const ids = own.portfolio.map((i: { id: string }) => i.id);

    const reordered = await t.request('/api/partner/portfolio/order', { method: 'PUT', cookie: a.cookie, json: { ids: [...ids].reverse() } });
    expect((await reordered.json()).profile.portfolio.map((i: { id: string }) => i.id)).toEqual([...ids].reverse());
    expect((await t.request('/api/partner/portfolio/order', { method: 'PUT', cookie: b.cookie, json: { ids } })).status).toBe(400);

    const tag = await t.request(`/api/partner/portfolio/${ids[0]}/tags`, { method: 'PUT', cookie: a.cookie, json: { tags: ['balayage', 'copper'] } });
    expect(tag.status).toBe(200);
    expect((await t.request(`/api/partner/portfolio/${ids[0]}/tags`, { method: 'PUT', cookie: b.cookie, json: { tags: ['ombre'] } })).status).toBe(404);
    expect((await t.request(`/api/partner/portfolio/${ids[1]}/tags`, { method: 'PUT', cookie: a.cookie, json: { tags: ['not-a-style'] } })).status).toBe(400);
    const found = await (await t.request('/api/partners?style=balayage&colour=copper')).json();
    expect(found.items.map((c: { id: string }) => c.id)).toEqual([a.id]);

    const victim = own.portfolio[1].path as string;
    const steal = await t.request('/api/fn/deletePartnerImage', {
      method: 'POST',
      cookie: b.cookie,
      json: { data: { path: victim, url: `/media/${victim}` } },
    });
    expect(steal.status).toBe(403);
    const traversal = await t.request('/api/fn/deletePartnerImage', {
      method: 'POST',
      cookie: b.cookie,
      json: { data: { path: `partners/${b.id}/../${a.id}/${victim.split('/').pop()}` } },
    });
    expect(traversal.status).toBe(403);
    expect((await t.request(`/media/${victim}`)).status).toBe(200);
    expect(storedFiles(t, a.id)).toContain(victim.split('/').pop());

    const del = await t.request('/api/fn/deletePartnerImage', { method: 'POST', cookie: a.cookie, json: { data: { path: victim, url: `/media/${victim}` } } });
    expect(await del.json()).toEqual({ result: 'ok' });
    expect((await t.request(`/media/${victim}`)).status).toBe(404);
    const left = await (await t.request('/api/partner/profile', { cookie: a.cookie })).json();
    expect(left.portfolio.map((i: { position?: number; id: string }) => i.id)).toHaveLength(2);
    // Deleting the tagged image drops its tags from the listing.
    await t.request('/api/fn/deletePartnerImage', {
      method: 'POST',
      cookie: a.cookie,
      json: { data: { path: left.portfolio.find((i: { tags: string[] }) => i.tags.length).path } },
    });
    expect((await (await t.request('/api/partners?style=balayage')).json()).items).toHaveLength(0);
  });
});
