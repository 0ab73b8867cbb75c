import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyCorrections } from '@shared/hair/apply-corrections';
import type { Corrections } from '@shared/studio/corrections';
import { ENGINE_TEXT } from '@shared/studio/engine-text';
import { PreviewSchema, type Preview } from '@shared/studio/preview';
import { createTestApp, ledgerViolations, type TestApp } from '../support/test-app';
import { routeDbKinds } from '../support/db-kinds';
import {
  balance,
  callGenerate,
  ENGINE_ENV,
  generateBody,
  generationsOf,
  giveCredits,
  ledgerOf,
  portrait,
  SETUP_TIMEOUT_MS,
  smallPortrait,
} from './studio-support';

// real engine runs: generous per-test time on a busy two-core machine
vi.setConfig({ testTimeout: 90_000 });

const previewBody = (image: Buffer, person?: { x: number; y: number }) => ({
  imageBase64: image.toString('base64'),
  imageType: 'image/jpeg',
  ...(person ? { person } : {}),
});
const callPreview = (t: TestApp, cookie: string | undefined, body: unknown) => t.request('/api/studio/preview', { method: 'POST', cookie, json: body });

async function preview(t: TestApp, cookie: string, image: Buffer, person?: { x: number; y: number }): Promise<Preview> {
  const res = await callPreview(t, cookie, previewBody(image, person));
  expect(res.status).toBe(200);
  return PreviewSchema.parse(await res.json());
}

/** The raw pixels of a base64 image: `channels` per pixel. */
async function pixels(base64: string, channels: 1 | 3): Promise<Uint8Array> {
  const s = sharp(Buffer.from(base64, 'base64'));
  const { data } = await (channels === 1 ? s.extractChannel(0) : s.removeAlpha()).raw().toBuffer({ resolveWithObject: true });
  return new Uint8Array(data);
}

const render = async (t: TestApp, cookie: string, image: Buffer, prompt: string, extra: Record<string, unknown> = {}) => {
  const body = generateBody(prompt, image);
  const res = await callGenerate(t, cookie, { data: { ...body.data, ...extra } });
  expect(res.status, JSON.stringify((await res.clone().json()).error ?? {})).toBe(200);
  return (await res.json()).result as { image: string; credits: number };
};

describe('the studio preview: the hair region the render paints, free (decision 138)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(routeDbKinds[0], ENGINE_ENV, { sweeper: false });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    expect(await ledgerViolations(t.services)).toEqual([]);
    await t.close();
  });

  it('needs a signed-in caller and a real photo, and charges nothing', async () => {
    expect((await callPreview(t, undefined, previewBody(portrait()))).status).toBe(401);
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 1);
    const bad = await callPreview(t, u.cookie, previewBody(Buffer.from('not a photo at all')));
    expect(bad.status).toBe(400);
    const offPhoto = await callPreview(t, u.cookie, previewBody(portrait(), { x: -5, y: 3 }));
    expect(offPhoto.status).toBe(400);
    const p = await preview(t, u.cookie, portrait());
    expect(await balance(t.services, u.id)).toBe(1);
    expect(await generationsOf(t.services, u.id)).toEqual([]);
    // the photo as the render uses it, and the region at its size
    const photo = await sharp(Buffer.from(p.photo, 'base64')).metadata();
    const matte = await sharp(Buffer.from(p.matte, 'base64')).metadata();
    expect([photo.width, photo.height, matte.width, matte.height]).toEqual([p.width, p.height, p.width, p.height]);
    expect(matte.channels).toBe(1);
    const m = await pixels(p.matte, 1);
    const hairShare = m.filter((v) => v >= 128).length / m.length;
    expect(hairShare).toBeGreaterThan(0.1);
    expect(p.people.filter((q) => q.chosen)).toHaveLength(1);
    expect(p.matteSource).toBe('hair-model');
    expect(p.read).toMatchObject({ currentLevel: expect.any(Number), targetLevel: null });
  });

  it('paints exactly the previewed region with the corrections applied: a tap that adds hair changes the render there, and only where the region says', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 2);
    const image = portrait();
    const p = await preview(t, u.cookie, image);
    const photo = await pixels(p.photo, 3);
    const matte = await pixels(p.matte, 1);
    // a lock the region missed: a tap on a point the region left out, beside the hair
    let at = -1;
    for (let i = 0; i < matte.length && at < 0; i++) {
      const x = i % p.width;
      const y = (i / p.width) | 0;
      if (y > p.height * 0.3 && x > 40 && matte[i] === 0 && matte[i + 12] >= 250) at = i;
    }
    expect(at).toBeGreaterThan(0);
    const tap = { x: at % p.width, y: (at / p.width) | 0 };
    const corrections: Corrections = { marks: [{ label: 'hair', radius: 6, points: [[tap.x, tap.y]] }] };
    // the network's belief the taps read (decision 187), at its own grid
    expect(p.belief).not.toBeNull();
    const grid = await sharp(Buffer.from(p.belief!, 'base64')).metadata();
    const belief = { width: grid.width!, height: grid.height!, data: await pixels(p.belief!, 1) };
    // and the person matte an "add hair" tap reads (decision 203), at the selfie model's grid
    expect(p.person).not.toBeNull();
    const personGrid = await sharp(Buffer.from(p.person!, 'base64')).metadata();
    const person = { width: personGrid.width!, height: personGrid.height!, data: await pixels(p.person!, 1) };
    const painted = applyCorrections({ rgba: photo, channels: 3, width: p.width, height: p.height, matte, marks: corrections.marks, belief, person });

    const plain = await pixels((await render(t, u.cookie, image, 'copper red')).image, 3);
    const fixed = await render(t, u.cookie, image, 'copper red', { corrections, previewOf: p.previewId });
    expect(fixed.credits).toBe(0);
    const out = await pixels(fixed.image, 3);
    const differs = (a: Uint8Array, i: number) => a[i * 3] !== photo[i * 3] || a[i * 3 + 1] !== photo[i * 3 + 1] || a[i * 3 + 2] !== photo[i * 3 + 2];
    // the tapped point is painted now and was not before
    expect(differs(plain, at)).toBe(false);
    expect(differs(out, at)).toBe(true);
    // nothing outside the corrected region changed: the render is the preview
    let outside = 0;
    for (let i = 0; i < painted.length; i++) if (painted[i] === 0 && differs(out, i)) outside++;
    expect(outside).toBe(0);
  });

  it('on a photo of two people the person chooses whose hair, and the other person keeps every pixel', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 1);
    const image = portrait('two-people.jpg');
    const first = await preview(t, u.cookie, image);
    expect(first.people).toHaveLength(2);
    const other = first.people.find((q) => !q.chosen)!;
    const point = { x: other.box.x + other.box.w / 2, y: other.box.y + other.box.h / 2 };
    const second = await preview(t, u.cookie, image, point);
    expect(second.people.find((q) => q.chosen)!.box).toEqual(other.box);
    const firstMatte = await pixels(first.matte, 1);
    const secondMatte = await pixels(second.matte, 1);
    const photo = await pixels(first.photo, 3);
    const out = await pixels((await render(t, u.cookie, image, 'copper red', { corrections: { person: point, marks: [] } })).image, 3);
    // the first person's hair (as their own preview found it) that the chosen person's region leaves out
    let theirs = 0;
    let changed = 0;
    for (let i = 0; i < firstMatte.length; i++) {
      if (firstMatte[i] < 128 || secondMatte[i] > 0) continue;
      theirs++;
      if (out[i * 3] !== photo[i * 3] || out[i * 3 + 1] !== photo[i * 3 + 1] || out[i * 3 + 2] !== photo[i * 3 + 2]) changed++;
    }
    expect(theirs).toBeGreaterThan(firstMatte.length * 0.02);
    expect(changed).toBe(0);
  });
});

describe('without the hair model no credit goes on a render nobody saw (decision 138)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(routeDbKinds[0], { HAIR_MODEL_PATH: '/nonexistent/hair_segmentation.tflite', ENGINE_THREADS: '1' }, { sweeper: false });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    expect(await ledgerViolations(t.services)).toEqual([]);
    await t.close();
  });

  it('the preview says the fallback runs; Generate is refused before the debit until that preview was seen', async () => {
    // what is checked is the refusal, the charge and what the preview says: the 360×480 portrait, drawn faster
    const photo = await smallPortrait();
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 1);
    const before = await ledgerOf(t.services, u.id);
    const refused = await callGenerate(t, u.cookie, generateBody('copper red', photo));
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({ message: ENGINE_TEXT.previewFirst, details: { reason: 'preview-unseen' } });
    expect(await ledgerOf(t.services, u.id)).toEqual(before);
    const p = await preview(t, u.cookie, photo);
    expect(p.matteSource).toBe('fallback');
    const r = await render(t, u.cookie, photo, 'copper red', { previewOf: p.previewId });
    expect(r.credits).toBe(0);
  });
});
