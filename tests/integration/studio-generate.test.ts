import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/messages';
import { refundStalePending } from '../../src/server/features/studio/sweeper';
import { debitGeneration } from '../../src/server/features/studio/debit-generation';
import { generationKeys } from '../../src/server/features/studio/generate-hair-style';
import { dbKinds } from '../support/db-kinds';
import { createTestApp, ledgerViolations, type TestApp } from '../support/test-app';
import {
  balance,
  callGenerate,
  ENGINE_ENV,
  generateBody,
  generationsOf,
  giveCredits,
  ledgerOf,
  portrait,
  scriptedEngine,
  SETUP_TIMEOUT_MS,
  smallPortrait,
} from './studio-support';

// real engine runs: generous per-test time on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

/** A 6000×5000 PNG of ~90 KB (30 megapixels), made once per file: its compression is ~0.4 s of CPU. */
let bombPng: Promise<Buffer> | undefined;
const decompressionBomb = () =>
  (bombPng ??= sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#000' } })
    .png({ compressionLevel: 9 })
    .toBuffer());

describe.each(dbKinds)('generateHairStyle with the real engine on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, ENGINE_ENV, { sweeper: false });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    expect(await ledgerViolations(t.services)).toEqual([]);
    await t.close();
  });

  it('recolours a portrait, debits one credit as Image Generation and stores the files without metadata', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 2);
    // a phone photo: EXIF says "rotate 90°" and carries a camera model that must not be kept (at 360×480:
    // what is checked is the turn and the metadata, which do not depend on the size)
    const rotated = await sharp(await smallPortrait())
      .withMetadata({ orientation: 6, exif: { IFD0: { Model: 'Tress Test Camera' } } })
      .jpeg()
      .toBuffer();
    const raw = await sharp(rotated).metadata();
    const res = await callGenerate(t, u.cookie, generateBody('copper red balayage', rotated));
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result).toMatchObject({ applied: expect.stringMatching(/copper/i), technique: 'balayage', engine: 'local', credits: 1 });
    expect(result.colours).toContain('copper');
    expect(result.analysis).toMatchObject({ currentLevel: expect.any(Number), note: expect.any(String) });
    const out = await sharp(Buffer.from(result.image, 'base64')).metadata();
    expect(out.format).toBe('png');
    // orientation applied: the portrait stands upright again, so width and height swap
    expect([out.width, out.height]).toEqual([raw.height, raw.width]);

    expect(await balance(t.services, u.id)).toBe(1);
    const ledger = await ledgerOf(t.services, u.id);
    expect(ledger.find((l) => l.type === 'generation')).toMatchObject({ amount: -1, reference: result.generationId });
    const [gen] = await generationsOf(t.services, u.id);
    expect(gen).toMatchObject({ status: 'succeeded', engine: 'local' });
    const stored = await t.services.storage.get(gen.inputKey!);
    const meta = await sharp(stored!.body).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([out.width, out.height]);
    expect((await t.services.storage.get(gen.outputKey!))?.contentType).toBe('image/png');
  });

  it('the studio gets a display-size WebP and fetches the stored lossless PNG for its owner only (decision 161)', async () => {
    const u = await t.signedInUser();
    const other = await t.signedInUser();
    await giveCredits(t.services, u.id, 1);
    const body = generateBody('copper red balayage');
    const res = await callGenerate(t, u.cookie, { data: { ...body.data, displayWidth: 400 } });
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result.image).toBeUndefined();
    const shown = await sharp(Buffer.from(result.display.image, 'base64')).metadata();
    expect([shown.format, shown.width, result.display.width, result.display.type]).toEqual(['webp', 400, 400, 'image/webp']);
    const original = await sharp(portrait()).metadata();

    const png = await t.request(`/api/generations/${result.generationId}/image.png`, { cookie: u.cookie });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const lossless = Buffer.from(await png.arrayBuffer());
    const full = await sharp(lossless).metadata();
    expect([full.format, full.width, full.height]).toEqual(['png', original.width, original.height]);
    // the display picture is a small fraction of the lossless one
    expect(result.display.image.length).toBeLessThan(lossless.byteLength / 4);

    expect((await t.request(`/api/generations/${result.generationId}/image.png`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request(`/api/generations/${result.generationId}/image.png`)).status).toBe(401);
    expect((await t.request('/api/generations/not-an-id/image.png', { cookie: u.cookie })).status).toBe(400);
    const tooWide = await callGenerate(t, u.cookie, { data: { ...body.data, displayWidth: 100_000 } });
    expect(tooWide.status).toBe(400);
  });

  it('50 concurrent generations with 5 credits: exactly 5 succeed and the balance ends at 0', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 5);
    const body = generateBody('honey blonde highlights', await smallPortrait());
    const responses = await Promise.all(Array.from({ length: 50 }, () => callGenerate(t, u.cookie, body)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    const refusals = await Promise.all(responses.filter((r) => r.status === 429).map((r) => r.json()));
    expect(refusals.some((b) => b.error.message === MSG.notEnoughCredits)).toBe(true);
    expect(await balance(t.services, u.id)).toBe(0);
    const gens = await generationsOf(t.services, u.id);
    expect(gens.filter((g) => g.status === 'succeeded')).toHaveLength(5);
    const ledger = await ledgerOf(t.services, u.id);
    expect(ledger.reduce((s, l) => s + l.amount, 0)).toBe(0);
    expect(await ledgerViolations(t.services)).toEqual([]);
  });

  it('refuses hostile uploads with a clear message and charges nothing', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 3);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const bomb = await decompressionBomb();
    const cases: { name: string; image: Buffer; type: string; message: RegExp }[] = [
      {
        name: 'a PNG header on a text file',
        image: Buffer.concat([png, Buffer.from('this is not really an image, just some text '.repeat(20))]),
        type: 'image/png',
        message: /couldn't read this photo/,
      },
      { name: 'a decompression bomb', image: bomb, type: 'image/png', message: /at most 25 megapixels/ },
      {
        name: 'an SVG with script',
        image: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="100" height="100"/></svg>'),
        type: 'image/svg+xml',
        message: /JPEG, PNG or WebP/,
      },
      {
        // the studio sends working-size JPEGs (decision 115); the server bounds what it receives at 2 MB
        name: '2 MB + 1 byte',
        image: Buffer.concat([portrait(), Buffer.alloc(2 * 1024 * 1024 + 1 - portrait().byteLength)]),
        type: 'image/jpeg',
        message: /under 2 MB/,
      },
      { name: 'an empty file', image: Buffer.alloc(0), type: 'image/jpeg', message: /empty/ },
    ];
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    for (const c of cases) {
      const res = await callGenerate(t, u.cookie, generateBody('copper', c.image, c.type));
      expect(res.status, c.name).toBe(400);
      const body = await res.json();
      expect(body.error.status, c.name).toBe('INVALID_ARGUMENT');
      expect(body.error.message, c.name).toMatch(c.message);
    }
    // a full-size original as it came from the camera is over the body limit: 413 before anything is read
    const original = Buffer.concat([portrait(), Buffer.alloc(10 * 1024 * 1024 - portrait().byteLength)]);
    const tooBig = await callGenerate(t, u.cookie, generateBody('copper', original));
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).error.message).toBe(MSG.bodyTooLarge);
    expect(await balance(t.services, u.id)).toBe(3);
    expect(await generationsOf(t.services, u.id)).toEqual([]);
  });

  it('copies the colour from a reference photo, and refuses a bad reference before charging', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 1);
    const small = (name: string) => sharp(portrait(name)).resize(400).jpeg().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const bad = await callGenerate(t, u.cookie, {
      data: {
        ...generateBody('this colour', await small('front-dark-long.jpg')).data,
        referenceBase64: svg.toString('base64'),
        referenceType: 'image/svg+xml',
      },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details).toMatchObject({ field: 'referenceBase64' });
    expect(await balance(t.services, u.id)).toBe(1);
    const res = await callGenerate(t, u.cookie, {
      data: {
        ...generateBody('this colour as balayage', await small('front-dark-long.jpg')).data,
        referenceBase64: (await small('curly-blonde.jpg')).toString('base64'),
        referenceType: 'image/jpeg',
      },
    });
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result.applied).toBeTruthy();
    expect(result.analysis?.targetLevel).toBeGreaterThan(result.analysis?.currentLevel);
    expect(await balance(t.services, u.id)).toBe(0);
  });

  it('refuses at 0 credits with resource-exhausted, a signed-out caller with 401, and a blank prompt with 400', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 0);
    const broke = await callGenerate(t, u.cookie, generateBody('copper'));
    expect(broke.status).toBe(429);
    expect((await broke.json()).error).toMatchObject({ status: 'RESOURCE_EXHAUSTED', message: MSG.notEnoughCredits });
    const anon = await t.request('/api/fn/generateHairStyle', { method: 'POST', json: generateBody('copper') });
    expect(anon.status).toBe(401);
    await giveCredits(t.services, u.id, 1);
    const blank = await callGenerate(t, u.cookie, generateBody('   '));
    expect(blank.status).toBe(400);
    expect(await balance(t.services, u.id)).toBe(1);
  });
});

describe.each(dbKinds)('generateHairStyle failures give the credit back on %s', (kind) => {
  let t: TestApp;
  const engine = scriptedEngine();
  beforeAll(async () => {
    t = await createTestApp(kind, ENGINE_ENV, { engine, generationDeadlineMs: 300, sweeper: false });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    expect(await ledgerViolations(t.services)).toEqual([]);
    await t.close();
  });

  const expectRefunded = async (userId: string, credits: number) => {
    expect(await balance(t.services, userId)).toBe(credits);
    const gens = await generationsOf(t.services, userId);
    expect(gens.every((g) => g.status === 'refunded')).toBe(true);
    const ledger = await ledgerOf(t.services, userId);
    for (const g of gens)
      expect(
        ledger
          .filter((l) => l.reference === g.id)
          .map((l) => [l.type, l.amount])
          .sort(),
      ).toEqual([
        ['generation', -1],
        ['refund', 1],
      ]);
  };

  it('an engine failure answers "Generation failed. Please try again." and refunds', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 1);
    const res = await callGenerate(t, u.cookie, generateBody('fail'));
    expect(res.status).toBe(500);
    expect((await res.json()).error).toMatchObject({ status: 'INTERNAL', message: MSG.generationFailed });
    await expectRefunded(u.id, 1);
  });

  it('a photo without a face is refunded and answered with the engine message as invalid-argument', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 1);
    const res = await callGenerate(t, u.cookie, generateBody('no face'));
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/couldn't find a face/);
    await expectRefunded(u.id, 1);
  });

  it('an empty result raises "No image returned from AI" and refunds', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 1);
    const res = await callGenerate(t, u.cookie, generateBody('empty'));
    expect((await res.json()).error.message).toBe(MSG.noImageReturned);
    await expectRefunded(u.id, 1);
  });

  it('the server deadline cancels the engine and refunds', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 1);
    const before = engine.aborted;
    const res = await callGenerate(t, u.cookie, generateBody('hang'));
    expect(res.status).toBe(504);
    expect((await res.json()).error).toMatchObject({ status: 'DEADLINE_EXCEEDED', message: MSG.generationFailed });
    expect(engine.aborted).toBe(before + 1);
    await expectRefunded(u.id, 1);
  });

  it('a client that hangs up mid-generation cancels it and gets the credit back', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 1);
    const hangUp = new AbortController();
    engine.onHang = () => hangUp.abort();
    const before = engine.aborted;
    const res = await t.request('/api/fn/generateHairStyle', { method: 'POST', cookie: u.cookie, json: generateBody('hang'), signal: hangUp.signal });
    engine.onHang = undefined;
    expect(res.status).toBe(499);
    expect(engine.aborted).toBe(before + 1);
    await expectRefunded(u.id, 1);
    expect((await generationsOf(t.services, u.id)).map((g) => g.error)).toEqual(['client-gone']);
  });

  it('the sweeper refunds a generation a crash left pending, once, and leaves running ones alone', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 2);
    // what a process killed between debit and result leaves behind
    const crashed = crypto.randomUUID();
    const running = crypto.randomUUID();
    await debitGeneration(t.services, u.id, [crashed], 'copper');
    const later = Date.now() + t.services.generationDeadlineMs + 31_000;
    await debitGeneration(t.services, u.id, [running], 'copper');
    // in queue mode the photo and a reference are stored before the engine runs (decision 117)
    const keys = generationKeys(u.id, crashed);
    await t.services.storage.put(keys.input, portrait(), 'image/jpeg');
    await t.services.storage.put(keys.reference, portrait(), 'image/jpeg');
    expect(await balance(t.services, u.id)).toBe(0);
    expect(await refundStalePending(t.services)).toBe(0); // both still within the deadline
    const [a, b] = await Promise.all([refundStalePending(t.services, later), refundStalePending(t.services, later)]);
    expect(a + b).toBe(2);
    expect(await t.services.storage.get(keys.input)).toBeNull();
    expect(await t.services.storage.get(keys.reference)).toBeNull();
    expect(await refundStalePending(t.services, later)).toBe(0);
    await expectRefunded(u.id, 2);
  });

  it('rate limits one user at 20 generations a minute', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 0);
    const statuses: string[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await callGenerate(t, u.cookie, generateBody('copper', Buffer.alloc(0)));
      statuses.push(`${res.status}`);
    }
    expect(statuses.slice(0, 20).every((s) => s === '400')).toBe(true);
    expect(statuses.slice(20)).toEqual(['429', '429']);
  });
});
