import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { partnerImage } from '../../src/server/db/schema';
import { createS3Storage } from '../../src/server/storage/s3-storage';
import { StorageError } from '../../src/server/storage/storage-error';
import { startFakeS3, type FakeS3 } from '../support/fake-s3';
import { routeDbKinds } from '../support/db-kinds';
import { createTestApp, deleteAccount, ledgerViolations, type TestApp } from '../support/test-app';
import { joinAsPartner } from './billing-helpers';
import { setSubscription, uploadPng } from './partners-helpers';
import { ENGINE_ENV, generateBody, giveCredits, portrait, SETUP_TIMEOUT_MS } from './studio-support';

// real engine runs: generous per-test time on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

const FAST = { attempts: 4, baseDelayMs: 1, maxDelayMs: 4 };

describe('S3 storage adapter through the AWS SDK against a loopback S3', () => {
  let s3: FakeS3;
  const storage = () =>
    createS3Storage({
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      retry: FAST,
    });
  beforeAll(async () => {
    s3 = await startFakeS3();
  }, SETUP_TIMEOUT_MS);
  afterAll(() => s3.close());

  const codeOf = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'ok';
    } catch (e) {
      expect(e).toBeInstanceOf(StorageError);
      return (e as StorageError).code;
    }
  };

  it('puts, gets and deletes an object with its content type; a missing object is null; deleting twice is fine', async () => {
    const st = storage();
    const body = Buffer.from(await sharp(portrait()).resize(64).png().toBuffer());
    await st.put('creations/u1/a.png', body, 'image/png');
    expect(s3.objects.get(`${s3.bucket}/creations/u1/a.png`)?.body.equals(body)).toBe(true);
    const got = await st.get('creations/u1/a.png');
    expect(got?.contentType).toBe('image/png');
    expect(got?.body.equals(body)).toBe(true);
    expect(await st.get('creations/u1/missing.png')).toBeNull();
    await st.delete('creations/u1/a.png');
    await st.delete('creations/u1/a.png');
    expect(await st.get('creations/u1/a.png')).toBeNull();
    await expect(st.put('../escape.png', body, 'image/png')).rejects.toThrow(/Unsafe storage key/);
  });

  it('signs every request: a wrong secret is refused as unauthorized and not retried', async () => {
    const bad = createS3Storage({
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: 'not-the-secret',
      retry: FAST,
    });
    const before = s3.log.length;
    expect(await codeOf(bad.put('k/x.png', Buffer.from('x'), 'image/png'))).toBe('storage/unauthorized');
    expect(s3.log.slice(before)).toEqual([{ method: 'PUT', key: 'k/x.png', status: 403 }]);
  });

  it('retries 5xx, 408 and 429 with backoff, then succeeds', async () => {
    const st = storage();
    s3.failNext(1, { status: 503, code: 'SlowDown' }, 'PUT');
    s3.failNext(1, { status: 429, code: 'TooManyRequests' }, 'PUT');
    s3.failNext(1, { status: 408, code: 'RequestTimeout' }, 'PUT');
    const before = s3.log.length;
    await st.put('retry/ok.png', Buffer.from('payload'), 'image/png');
    expect(s3.log.slice(before).map((l) => l.status)).toEqual([503, 429, 408, 200]);
  });

  it('gives up with retry-limit-exceeded when the failure persists', async () => {
    s3.failNext(4, { status: 500, code: 'InternalError' }, 'GET');
    const before = s3.log.length;
    expect(await codeOf(storage().get('retry/ok.png'))).toBe('storage/retry-limit-exceeded');
    expect(s3.log.slice(before)).toHaveLength(4);
  });

  it("maps 401, 402 and 403 to the spec's storage codes without retrying", async () => {
    for (const [status, code] of [
      [401, 'storage/unauthenticated'],
      [402, 'storage/quota-exceeded'],
      [403, 'storage/unauthorized'],
    ] as const) {
      s3.failNext(1, { status, code: 'Injected' }, 'PUT');
      const before = s3.log.length;
      expect(await codeOf(storage().put('codes/x.png', Buffer.from('x'), 'image/png'))).toBe(code);
      expect(s3.log.slice(before)).toHaveLength(1);
    }
  });
});

describe.each(routeDbKinds)('the studio on S3 (S3_BUCKET set) on %s', (kind) => {
  let s3: FakeS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startFakeS3({ bucket: 'tress-creations' });
    t = await createTestApp(
      kind,
      {
        ...ENGINE_ENV,
        S3_BUCKET: s3.bucket,
        S3_REGION: s3.region,
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      },
      { sweeper: false },
    );
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    expect(await ledgerViolations(t.services)).toEqual([]);
    await t.close();
    await s3.close();
  });

  it('stores a generation in the bucket, serves it to its owner and deletes it from the bucket', async () => {
    expect(t.services.storage.kind).toBe('s3');
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 1);
    const small = await sharp(portrait('long-blonde-tilted.jpg')).resize(360).jpeg().toBuffer();
    const gen = await t.request('/api/fn/generateHairStyle', { method: 'POST', cookie: u.cookie, json: generateBody('platinum blonde', small) });
    expect(gen.status).toBe(200);
    const { generationId } = (await gen.json()).result;
    expect([...s3.objects.keys()].sort()).toEqual([
      `tress-creations/creations/${u.id}/${generationId}-before.jpg`,
      `tress-creations/creations/${u.id}/${generationId}.png`,
    ]);
    const saved = await (await t.request('/api/creations', { method: 'POST', cookie: u.cookie, json: { generationId } })).json();
    const img = await t.request(saved.outputUrl, { cookie: u.cookie });
    expect(img.status).toBe(200);
    expect(Buffer.from(await img.arrayBuffer()).equals(s3.objects.get(`tress-creations/creations/${u.id}/${generationId}.png`)!.body)).toBe(true);
    expect((await t.request(`/api/creations/${saved.id}`, { method: 'DELETE', cookie: u.cookie })).status).toBe(200);
    expect(s3.objects.size).toBe(0);
  });

  it('deleting an account takes its pictures and its listing’s out of the bucket, and their addresses answer 404 at once', async () => {
    const u = await t.signedInUser({ password: 'leaving-now' });
    await joinAsPartner(t, u.cookie, 'Bucket Studio');
    await setSubscription(t, u.id, 'active');
    expect((await uploadPng(t, u.cookie, 'portfolio')).status).toBe(200);
    await giveCredits(t.services, u.id, 1);
    const small = await sharp(portrait('long-blonde-tilted.jpg')).resize(360).jpeg().toBuffer();
    const gen = await t.request('/api/fn/generateHairStyle', { method: 'POST', cookie: u.cookie, json: generateBody('platinum blonde', small) });
    const { generationId } = (await gen.json()).result;
    const saved = await (await t.request('/api/creations', { method: 'POST', cookie: u.cookie, json: { generationId } })).json();
    const shared = await t.request(`/api/creations/${saved.id}/share`, { method: 'POST', cookie: u.cookie, json: { includeBefore: true } });
    const { token } = (await shared.json()) as { token: string };
    const [image] = await t.services.db.select().from(partnerImage).where(eq(partnerImage.partnerId, u.id));
    const ownKeys = () => [...s3.objects.keys()].filter((key) => key.includes(u.id));
    expect(ownKeys().length).toBeGreaterThanOrEqual(3);
    expect((await t.request(`/api/shared/${token}/after.png`)).status).toBe(200);
    expect((await t.request(`/media/${image.storageKey}`)).status).toBe(200);

    const deleted = await deleteAccount(t, u.cookie, 'leaving-now');
    expect(deleted.status).toBe(200);

    expect(ownKeys()).toEqual([]);
    for (const path of [`/api/shared/${token}`, `/api/shared/${token}/after.png`, `/media/${image.storageKey}`, `/api/partners/${u.id}`])
      expect((await t.request(path)).status, path).toBe(404);
  });
});
