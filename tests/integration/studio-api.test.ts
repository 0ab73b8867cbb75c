import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routeDbKinds } from '../support/db-kinds';
import { createTestApp, ledgerViolations, type TestApp } from '../support/test-app';
import { ENGINE_ENV, generateBody, giveCredits, portrait, SETUP_TIMEOUT_MS } from './studio-support';

// real engine runs: generous per-test time on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

describe.each(routeDbKinds)('creations and share links on %s', (kind) => {
  let t: TestApp;
  let owner: { id: string; cookie: string };
  let other: { id: string; cookie: string };
  let generationId: string;

  beforeAll(async () => {
    // a minimal built SPA, so the server-rendered meta of /c/{token} can be read
    const dist = mkdtempSync(path.join(os.tmpdir(), 'tress-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Tress</title></head><body><div id="root"></div></body></html>');
    t = await createTestApp(kind, { ...ENGINE_ENV, WEB_DIST_DIR: dist }, { sweeper: false });
    owner = await t.signedInUser();
    other = await t.signedInUser();
    await giveCredits(t.services, owner.id, 3);
    const small = await sharp(portrait('curly-blonde.jpg')).resize(400).jpeg().toBuffer();
    const res = await t.request('/api/fn/generateHairStyle', { method: 'POST', cookie: owner.cookie, json: generateBody('Cherry cola balayage', small) });
    expect(res.status).toBe(200);
    generationId = (await res.json()).result.generationId;
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    expect(await ledgerViolations(t.services)).toEqual([]);
    await t.close();
  });

  const json = async (res: Response) => ({ status: res.status, body: await res.json() });

  it('saves a generated result once, with style tags and colour, and lists it newest first', async () => {
    const first = await json(await t.request('/api/creations', { method: 'POST', cookie: owner.cookie, json: { generationId } }));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ prompt: 'Cherry cola balayage', colour: 'cherry cola', technique: 'balayage', shareUrl: null });
    expect(first.body.styleTags).toEqual(expect.arrayContaining(['balayage', 'cherry cola']));
    const again = await json(await t.request('/api/creations', { method: 'POST', cookie: owner.cookie, json: { generationId } }));
    expect(again).toMatchObject({ status: 200, body: { id: first.body.id } });

    const list = await json(await t.request('/api/me/creations?limit=6', { cookie: owner.cookie }));
    expect(list.body.creations.map((c: { id: string }) => c.id)).toEqual([first.body.id]);
    const img = await t.request(first.body.outputUrl, { cookie: owner.cookie });
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(img.headers.get('cache-control')).toContain('private');
    expect((await sharp(Buffer.from(await img.arrayBuffer())).metadata()).format).toBe('png');
    expect((await t.request(first.body.inputUrl, { cookie: owner.cookie })).headers.get('content-type')).toBe('image/jpeg');
    const thumb = await t.request(first.body.thumbUrl, { cookie: owner.cookie });
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBeLessThanOrEqual(600);
    expect((await t.request(first.body.thumbUrl, { cookie: other.cookie })).status).toBe(404);
  });

  it("one user cannot save, read, see, share or delete another's creation", async () => {
    const [mine] = (await json(await t.request('/api/me/creations', { cookie: owner.cookie }))).body.creations;
    const steal = await t.request('/api/creations', { method: 'POST', cookie: other.cookie, json: { generationId } });
    expect(steal.status).toBe(404);
    for (const [method, path] of [
      ['GET', `/api/creations/${mine.id}`],
      ['GET', mine.outputUrl],
      ['GET', mine.inputUrl],
      ['POST', `/api/creations/${mine.id}/share`],
      ['DELETE', `/api/creations/${mine.id}/share`],
      ['DELETE', `/api/creations/${mine.id}`],
    ]) {
      const res = await t.request(path, { method, cookie: other.cookie });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await res.json()).error.status).toBe('NOT_FOUND');
      const anon = await t.request(path, { method });
      expect(anon.status, `signed out ${method} ${path}`).toBe(401);
    }
    expect((await json(await t.request('/api/me/creations', { cookie: other.cookie }))).body.creations).toEqual([]);
    expect((await t.request(mine.outputUrl, { cookie: owner.cookie })).status).toBe(200);
  });

  it('shares through an unguessable link that works signed out, fills the Open Graph tags, and can be revoked', async () => {
    const [mine] = (await json(await t.request('/api/me/creations', { cookie: owner.cookie }))).body.creations;
    const share = await json(await t.request(`/api/creations/${mine.id}/share`, { method: 'POST', cookie: owner.cookie }));
    expect(share.body.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(share.body.url).toBe(`http://localhost:3999/c/${share.body.token}`);
    const again = await json(await t.request(`/api/creations/${mine.id}/share`, { method: 'POST', cookie: owner.cookie }));
    expect(again.body.token).toBe(share.body.token);

    const view = await json(await t.request(`/api/shared/${share.body.token}`));
    expect(view.body).toMatchObject({ prompt: 'Cherry cola balayage', token: share.body.token });
    expect(JSON.stringify(view.body)).not.toContain(owner.id);
    const pic = await t.request(view.body.outputUrl);
    expect(pic.status).toBe(200);
    expect(pic.headers.get('content-type')).toBe('image/png');
    // the result alone by default (decision 111; creations-share-privacy.test.ts covers the original)
    expect(view.body.inputUrl).toBeNull();
    expect((await t.request(`/api/shared/${share.body.token}/before.jpg`)).status).toBe(404);
    const wrong = share.body.token.slice(0, -1) + (share.body.token.endsWith('x') ? 'y' : 'x');
    expect((await t.request(`/api/shared/${wrong}`)).status).toBe(404);

    const page = await t.request(`/c/${share.body.token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<meta property="og:image" content="http://localhost:3999/api/shared/${share.body.token}/after.png">`);
    expect(html).toMatch(/<title>[^<]*cherry[^<]*Tress<\/title>/i);
    expect((await t.request('/c/not-a-real-token-at-all')).status).toBe(404);

    expect((await t.request(`/api/creations/${mine.id}/share`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    expect((await t.request(`/api/shared/${share.body.token}`)).status).toBe(404);
    expect((await t.request(view.body.outputUrl)).status).toBe(404);
  });

  it('deletes a creation together with its stored files, and it cannot be saved again', async () => {
    const [mine] = (await json(await t.request('/api/me/creations', { cookie: owner.cookie }))).body.creations;
    const row = await t.services.db.query.creation.findFirst({ where: (c, { eq }) => eq(c.id, mine.id) });
    expect(await t.services.storage.get(row!.outputKey)).not.toBeNull();
    expect((await t.request(`/api/creations/${mine.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    expect(await t.services.storage.get(row!.outputKey)).toBeNull();
    expect(await t.services.storage.get(row!.inputKey)).toBeNull();
    expect(await t.services.storage.get(row!.meta.thumbKey as string)).toBeNull();
    expect((await t.request(mine.outputUrl, { cookie: owner.cookie })).status).toBe(404);
    expect((await json(await t.request('/api/me/creations', { cookie: owner.cookie }))).body.creations).toEqual([]);
    expect((await t.request('/api/creations', { method: 'POST', cookie: owner.cookie, json: { generationId } })).status).toBe(404);
  });

  it('refuses bad input in the one error shape', async () => {
    expect((await t.request('/api/me/creations?limit=500', { cookie: owner.cookie })).status).toBe(400);
    expect((await t.request('/api/creations', { method: 'POST', cookie: owner.cookie, json: {} })).status).toBe(400);
    expect((await t.request('/api/creations/x/image/secret', { cookie: owner.cookie })).status).toBe(400);
  });
});
