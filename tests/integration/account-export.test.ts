import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { accountExport, generation } from '../../src/server/db/schema';
import { dbKinds } from '../support/db-kinds';
import { useTestApp, type TestApp } from '../support/test-app';
import { listedPartner, uploadPng } from './partners-helpers';

interface ExportView {
  id: string;
  status: 'pending' | 'ready' | 'failed';
  downloadUrl: string | null;
  expiresAt: string;
}

async function readyExport(t: TestApp, cookie: string): Promise<ExportView> {
  const started = await t.request('/api/account/export', { method: 'POST', cookie });
  expect(started.status).toBe(202);
  let current: ExportView | null = null;
  await expect
    .poll(
      async () => {
        current = ((await (await t.request('/api/account/export', { cookie })).json()) as { export: ExportView | null }).export;
        return current?.status;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe('ready');
  return current!;
}

async function download(t: TestApp, cookie: string, url: string) {
  const res = await t.request(url, { cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

describe.each(dbKinds)('download my data on %s', (kind) => {
  const t = useTestApp(kind, {}, { sweeper: false });

  it('builds a zip with the profile, ledger, creations and their pictures, reviews and inquiries, for the owner only, until it expires', async () => {
    const pro = await listedPartner(t, { businessName: 'Exported Salon' });
    const u = await t.signedInUser({ name: 'Ada Export' });
    const id = crypto.randomUUID();
    const after = await sharp({ create: { width: 40, height: 50, channels: 3, background: '#b4531f' } })
      .png()
      .toBuffer();
    const keys = { input: `creations/${u.id}/${id}-before.jpg`, output: `creations/${u.id}/${id}.png` };
    await t.services.storage.put(keys.input, await sharp(after).jpeg().toBuffer(), 'image/jpeg');
    await t.services.storage.put(keys.output, after, 'image/png');
    await t.services.db
      .insert(generation)
      .values({ id, userId: u.id, prompt: 'copper glow', status: 'succeeded', inputKey: keys.input, outputKey: keys.output });
    const saved = (await (await t.request('/api/creations', { method: 'POST', cookie: u.cookie, json: { generationId: id } })).json()) as { id: string };
    await t.request(`/api/partners/${pro.id}/review`, { method: 'PUT', cookie: u.cookie, json: { rating: 5, comment: 'Brilliant toner.' } });
    await t.request(`/api/partners/${pro.id}/inquiries`, { method: 'POST', cookie: u.cookie, json: { message: 'Could you do this copper?' } });

    const ready = await readyExport(t, u.cookie);
    const files = await download(t, u.cookie, ready.downloadUrl!);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['README.txt', 'profile.json', 'ledger.json', 'creations.json', 'reviews.json', 'inquiries.json']),
    );
    expect(JSON.parse(strFromU8(files['profile.json']))).toMatchObject({ id: u.id, email: u.email, name: 'Ada Export', credits: 1 });
    expect(JSON.parse(strFromU8(files['ledger.json']))).toEqual([expect.objectContaining({ type: 'welcome', amount: 1 })]);
    const creations = JSON.parse(strFromU8(files['creations.json'])) as { id: string; prompt: string; after: string; before: string }[];
    expect(creations).toEqual([expect.objectContaining({ id: saved.id, prompt: 'copper glow' })]);
    expect(Buffer.from(files[creations[0].after]).equals(after)).toBe(true);
    expect(files[creations[0].before].byteLength).toBeGreaterThan(0);
    expect(JSON.parse(strFromU8(files['reviews.json']))).toEqual([expect.objectContaining({ professional: 'Exported Salon', rating: 5 })]);
    expect(JSON.parse(strFromU8(files['inquiries.json'])).sent).toEqual([expect.objectContaining({ to: 'Exported Salon' })]);
    expect(files['listing.json']).toBeUndefined();

    // another account cannot fetch it, nor can a signed-out visitor
    const other = await t.signedInUser();
    expect((await t.request(ready.downloadUrl!, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request(ready.downloadUrl!)).status).toBe(401);
    // past its time the link answers 404 and the file is removed
    const [row] = await t.services.db.select().from(accountExport).where(eq(accountExport.id, ready.id));
    await t.services.db
      .update(accountExport)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountExport.id, ready.id));
    expect((await t.request(ready.downloadUrl!, { cookie: u.cookie })).status).toBe(404);
    expect(((await (await t.request('/api/account/export', { cookie: u.cookie })).json()) as { export: unknown }).export).toBeNull();
    expect(await t.services.storage.get(row.storageKey!)).toBeNull();
  });

  it('gives a professional their listing with its pictures', async () => {
    const pro = await listedPartner(t, { businessName: 'Listing Salon' });
    expect((await uploadPng(t, pro.cookie, 'portfolio')).status).toBe(200);
    const ready = await readyExport(t, pro.cookie);
    const files = await download(t, pro.cookie, ready.downloadUrl!);
    const listing = JSON.parse(strFromU8(files['listing.json'])) as { businessName: string; images: { file: string }[] };
    expect(listing.businessName).toBe('Listing Salon');
    expect(listing.images).toHaveLength(1);
    expect(files[listing.images[0].file].byteLength).toBeGreaterThan(0);
  });

  it('refuses a signed-out request and limits exports to 3 an hour per account', async () => {
    expect((await t.request('/api/account/export', { method: 'POST' })).status).toBe(401);
    const u = await t.signedInUser();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.request('/api/account/export', { method: 'POST', cookie: u.cookie })).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});
