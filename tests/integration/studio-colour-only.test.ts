import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENGINE_TEXT } from '@shared/studio/engine-text';
import { routeDbKinds } from '../support/db-kinds';
import { createTestApp, ledgerViolations, type TestApp } from '../support/test-app';
import { balance, callGenerate, ENGINE_ENV, generateBody, generationsOf, giveCredits, ledgerOf, SETUP_TIMEOUT_MS, smallPortrait } from './studio-support';

// real engine runs: generous per-test time on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

/**
 * What these tests check is what is charged, refused, refunded and said, not the picture: every request sends
 * the 360×480 portrait, which the engine draws several times faster than the 768×1024 fixture.
 */
let photo: Buffer;
beforeAll(async () => {
  photo = await smallPortrait();
});
const body = (prompt: string) => generateBody(prompt, photo);

const withColourOnly = (b: ReturnType<typeof generateBody>) => ({ data: { ...b.data, colourOnly: true } });

describe.each(routeDbKinds)('no surprise charge for a haircut, without a generative engine, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, ENGINE_ENV, { sweeper: false });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    expect(await ledgerViolations(t.services)).toEqual([]);
    await t.close();
  });

  it('says, signed out, that haircuts are not possible here and which matte runs', async () => {
    const res = await t.request('/api/engine');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ shapes: false, generative: 'none', paused: false });
    expect(['hair-model', 'loading']).toContain(body.matte);
  });

  it('refuses a cut-and-colour prompt without "Apply the colour only", before any debit', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 2);
    const ledgerBefore = await ledgerOf(t.services, u.id);
    const res = await callGenerate(t, u.cookie, body('copper red bob with curtain bangs'));
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.message).toBe(ENGINE_TEXT.colourOnlyRefused);
    expect(error.details).toMatchObject({ reason: 'colour-only-unconfirmed' });
    expect(await balance(t.services, u.id)).toBe(2);
    expect(await ledgerOf(t.services, u.id)).toEqual(ledgerBefore);
    expect(await generationsOf(t.services, u.id)).toEqual([]);
  });

  it('refuses a haircut with no colour before any debit', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 1);
    const before = await ledgerOf(t.services, u.id);
    const res = await callGenerate(t, u.cookie, body('short pixie cut'));
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/generative engine/);
    expect(await balance(t.services, u.id)).toBe(1);
    expect(await ledgerOf(t.services, u.id)).toEqual(before);
    expect(await generationsOf(t.services, u.id)).toEqual([]);
  });

  it('variations of a cut are refused before any debit where no generative engine runs', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 3);
    const res = await callGenerate(t, u.cookie, { data: { ...body('copper red bob').data, colourOnly: true, variations: 3 } });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ message: ENGINE_TEXT.variationsNeedCut, details: { reason: 'variations-need-a-cut' } });
    expect(await balance(t.services, u.id)).toBe(3);
    expect(await generationsOf(t.services, u.id)).toEqual([]);
  });

  it('a confirmed "Apply the colour only" is charged one credit and says the cut was not done', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 2);
    const res = await callGenerate(t, u.cookie, withColourOnly(body('copper red bob with curtain bangs')));
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result).toMatchObject({ engine: 'local', credits: 1, applied: expect.stringMatching(/colour applied only/) });
    expect(result.colours).toContain('copper');
    expect(await balance(t.services, u.id)).toBe(1);
  });

  it('a colour prompt needs no confirmation, and a negated colour is not applied', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 1);
    const res = await callGenerate(t, u.cookie, body('no blonde please, just darker'));
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result.colours).not.toContain('blonde');
    expect(result.applied).toMatch(/darker/i);
  });
});

describe.each(routeDbKinds)('a generative engine that falls back to colour only, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Gemini is configured but unreachable: colour prompts fall back to the on-device engine
    t = await createTestApp(
      kind,
      { ...ENGINE_ENV, HAIR_ENGINE: 'gemini', GEMINI_API_KEY: 'test-key', GEMINI_BASE_URL: 'http://127.0.0.1:9' },
      { sweeper: false },
    );
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    expect(await ledgerViolations(t.services)).toEqual([]);
    await t.close();
  });

  it('says haircuts are possible, and refunds a cut-and-colour result that came back as colour only', async () => {
    expect((await (await t.request('/api/engine')).json()).shapes).toBe(true);
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 1);
    const res = await callGenerate(t, u.cookie, body('copper bob'));
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({ message: ENGINE_TEXT.cutNotDrawn, details: { reason: 'cut-not-drawn' } });
    expect(await balance(t.services, u.id)).toBe(1);
    const [gen] = await generationsOf(t.services, u.id);
    expect(gen.status).toBe('refunded');
  });
});

describe('the fallback matte is visible to operators', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(routeDbKinds[0], { HAIR_MODEL_PATH: '/nonexistent/hair_segmentation.tflite', ENGINE_THREADS: '1' }, { sweeper: false });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => t.close());

  it('/readyz and /api/engine say the fallback matte runs', async () => {
    await vi.waitFor(async () => expect((await (await t.request('/api/engine')).json()).matte).toBe('fallback'), { timeout: 30_000, interval: 200 });
    const ready = await (await t.request('/readyz')).json();
    expect(ready.checks.engine).toEqual({ ok: true, detail: expect.stringMatching(/^fallback matte/) });
  });
});
