import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedCreationSchema, ShareLinkSchema } from '@shared/studio/creation';
import { routeDbKinds } from '../support/db-kinds';
import { createTestApp, type TestApp } from '../support/test-app';
import { savedCreation } from './studio-support';

/** Decision 111: a share shows the result alone unless the owner includes the original; revoking hides both. */
describe.each(routeDbKinds)('share privacy on %s', (kind) => {
  let t: TestApp;
  let owner: { id: string; cookie: string };
  let before: Buffer;

  const saved = async () =>
    (
      await savedCreation(t, owner, {
        before,
        after: await sharp({ create: { width: 300, height: 400, channels: 3, background: '#b4531f' } })
          .png()
          .toBuffer(),
      })
    ).creationId;
  const share = async (id: string, body?: unknown) => {
    const res = await t.request(`/api/creations/${id}/share`, { method: 'POST', cookie: owner.cookie, ...(body === undefined ? {} : { json: body }) });
    expect(res.status).toBe(200);
    return ShareLinkSchema.parse(await res.json());
  };
  const ogImage = async (token: string) => (await (await t.request(`/c/${token}`)).text()).match(/<meta property="og:image" content="([^"]+)">/)?.[1];
  const publicGet = (p: string) => t.request(p.replace('http://localhost:3999', ''));

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'tress-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Tress</title></head><body><div id="root"></div></body></html>');
    t = await createTestApp(kind, { WEB_DIST_DIR: dist }, { sweeper: false });
    owner = await t.signedInUser();
    before = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#3b2a20' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => t.close());

  it('shares the result alone by default: no original in the API, at its URL, or in the preview', async () => {
    const id = await saved();
    const link = await share(id);
    expect(link.includeBefore).toBe(false);
    const view = SharedCreationSchema.parse(await (await t.request(`/api/shared/${link.token}`)).json());
    expect(view.inputUrl).toBeNull();
    expect((await t.request(`/api/shared/${link.token}/before.jpg`)).status).toBe(404);
    expect((await t.request(`/api/shared/${link.token}/compare.jpg`)).status).toBe(404);
    expect((await t.request(`/api/shared/${link.token}/after.png`)).status).toBe(200);
    const og = await ogImage(link.token);
    expect(og).toBe(`http://localhost:3999/api/shared/${link.token}/after.png`);
    const mine = await (await t.request(`/api/creations/${id}`, { cookie: owner.cookie })).json();
    expect(mine).toMatchObject({ shareUrl: link.url, shareIncludesBefore: false });
  });

  it('includes the original only when the owner chooses, and the preview becomes before and after side by side', async () => {
    const id = await saved();
    const link = await share(id, { includeBefore: true });
    expect(link.includeBefore).toBe(true);
    // the same token: changing the choice never hands out a second link
    expect((await share(id, { includeBefore: true })).token).toBe(link.token);
    expect((await share(id)).includeBefore).toBe(true);

    const view = SharedCreationSchema.parse(await (await t.request(`/api/shared/${link.token}`)).json());
    expect(view.inputUrl).toBe(`/api/shared/${link.token}/before.jpg`);
    const pic = await t.request(view.inputUrl!);
    expect(pic.status).toBe(200);
    expect(Buffer.from(await pic.arrayBuffer()).equals(before)).toBe(true);
    // never kept by a shared cache, so switching it off takes effect at once
    expect(pic.headers.get('cache-control')).toBe('private, no-store');

    const og = await ogImage(link.token);
    expect(og).toBe(`http://localhost:3999/api/shared/${link.token}/compare.jpg`);
    const card = await publicGet(og!);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await card.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);

    // Switching it off: the original and the side-by-side are gone for the same token.
    expect((await share(id, { includeBefore: false })).token).toBe(link.token);
    expect((await t.request(view.inputUrl!)).status).toBe(404);
    expect((await publicGet(og!)).status).toBe(404);
    expect(await ogImage(link.token)).toBe(`http://localhost:3999/api/shared/${link.token}/after.png`);
  });

  it('revoking removes the result and the original: nothing answers to the old token', async () => {
    const id = await saved();
    const link = await share(id, { includeBefore: true });
    expect((await t.request(`/api/creations/${id}/share`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    for (const p of ['', '/after.png', '/before.jpg', '/compare.jpg']) expect((await t.request(`/api/shared/${link.token}${p}`)).status, p).toBe(404);
    expect((await t.request(`/c/${link.token}`)).status).toBe(404);
    expect(await ogImage(link.token)).toBeUndefined();
    // a new share is a new token, and back to the result alone
    const again = await share(id);
    expect(again.token).not.toBe(link.token);
    expect(again.includeBefore).toBe(false);
    expect((await t.request(`/api/shared/${again.token}/before.jpg`)).status).toBe(404);
  });

  it('refuses a malformed choice and changes nothing', async () => {
    const id = await saved();
    const res = await t.request(`/api/creations/${id}/share`, { method: 'POST', cookie: owner.cookie, json: { includeBefore: 'yes' } });
    expect(res.status).toBe(400);
    const mine = await (await t.request(`/api/creations/${id}`, { cookie: owner.cookie })).json();
    expect(mine.shareUrl).toBeNull();
  });
});
