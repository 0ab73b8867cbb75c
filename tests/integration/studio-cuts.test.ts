import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENGINE_TEXT } from '@shared/studio/engine-text';
import { hostedCall } from '../../src/server/db/schema';
import { MESSAGES } from '../../src/server/engine/errors';
import { createEngine, type HairEngine } from '../../src/server/engine';
import { routeDbKinds } from '../support/db-kinds';
import { hairOfEngine, startFakeProviderServer, type FakeProviderServer } from '../support/fake-provider-server';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  balance,
  callGenerate,
  ENGINE_ENV,
  generateBody,
  generationsOf,
  giveCredits,
  ledgerOf,
  MODEL_PATH,
  SETUP_TIMEOUT_MS,
  smallPortrait,
} from './studio-support';

// real engine runs and hosted calls on loopback: generous per-test time on a busy two-core machine
vi.setConfig({ testTimeout: 90_000 });

const METRICS = { headers: { authorization: 'Bearer cuts-metrics-token' } };
const PRICE = 0.039;
const CUT = 'chin-length bob in copper';

/**
 * The product's own engine (HAIR_ENGINE=auto against the fake provider), with a switch that makes the next
 * calls fail as a provider hiccup would: how one variation of several fails while the others come back.
 */
function engineWithHiccups(fake: FakeProviderServer): HairEngine & { hiccups: number } {
  const real = createEngine({
    engine: 'auto',
    modelPath: MODEL_PATH,
    threads: 1,
    gemini: { apiKey: 'test-key', baseUrl: fake.url, model: 'gemini-2.5-flash-image' },
  });
  const self = {
    hiccups: 0,
    ready: () => real.ready(),
    close: () => real.close(),
    preview: (input: Parameters<HairEngine['preview']>[0]) => real.preview(input),
    generate(input: Parameters<HairEngine['generate']>[0]) {
      if (self.hiccups > 0) {
        self.hiccups--;
        return Promise.reject(new Error('hair engine: gemini failed: 500 Internal error encountered.'));
      }
      return real.generate(input);
    },
  };
  return self;
}

/**
 * The photo every test here sends: these tests are about the route, credits, cost records, budget and
 * variations, not the picture (cut-path.test.ts checks the pictures), so a 360×480 portrait, which the engine
 * and the fake provider go through several times faster than the 768×1024 fixture.
 */
let photo: Buffer;
const body = (prompt: string) => generateBody(prompt, photo);
const withVariations = (prompt: string, variations: number) => ({ data: { ...body(prompt).data, variations } });
const hostedCallsOf = (t: TestApp, generationId: string) => t.services.db.select().from(hostedCall).where(eq(hostedCall.generationId, generationId));

describe.each(routeDbKinds)('cuts by the generative engine: route, cost, budget and variations, on %s', (kind) => {
  let t: TestApp;
  let fake: FakeProviderServer;
  let engine: ReturnType<typeof engineWithHiccups>;
  beforeAll(async () => {
    photo = await smallPortrait();
    // the fake finds the hair and face its 'turned' and 'buzz' answers change with the test's own engine, not a second one it would load
    fake = await startFakeProviderServer({ hairOf: (png) => hairOfEngine(engine)(png) });
    engine = engineWithHiccups(fake);
    // HAIR_ENGINE unset with a key: auto. Budget: one picture's price, so the second cut of the day is declined.
    t = await createTestApp(
      kind,
      { ...ENGINE_ENV, GEMINI_API_KEY: 'test-key', GEMINI_BASE_URL: fake.url, HOSTED_DAILY_BUDGET_USD: '0.5', METRICS_TOKEN: 'cuts-metrics-token' },
      { sweeper: false, engine },
    );
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('says, signed out, that cuts go to the generative engine and colour stays with Tress', async () => {
    expect(t.services.env.HAIR_ENGINE).toBe('auto');
    expect(await (await t.request('/api/engine')).json()).toMatchObject({ shapes: true, generative: 'cuts', paused: false });
  });

  it('a cut is charged one credit, calls the provider once and records what the call cost', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 1);
    const before = fake.requests.length;
    const res = await callGenerate(t, u.cookie, body(CUT));
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result).toMatchObject({ engine: 'gemini', credits: 0 });
    expect(result.variations).toBeUndefined();
    expect(fake.requests.length - before).toBe(1);
    const [call] = await hostedCallsOf(t, result.generationId);
    expect(call).toMatchObject({ provider: 'gemini', model: 'gemini-2.5-flash-image', images: 1, outcome: 'shown' });
    expect(call.costUsd).toBeCloseTo(PRICE, 6);
  });

  it('variations: four are debited at once, each is its own generation and saved on its own', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 5);
    const before = fake.requests.length;
    const res = await callGenerate(t, u.cookie, withVariations(CUT, 4));
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result.variations).toHaveLength(4);
    expect(result.refunded).toBe(0);
    expect(result).toMatchObject({ generationId: result.variations[0].generationId, credits: 1 });
    expect(fake.requests.length - before).toBe(4);
    const ids = result.variations.map((v: { generationId: string }) => v.generationId);
    expect(new Set(ids).size).toBe(4);
    const gens = await generationsOf(t.services, u.id);
    expect(gens.map((g) => g.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(
      (await ledgerOf(t.services, u.id))
        .filter((l) => l.type === 'generation')
        .map((l) => l.reference)
        .sort(),
    ).toEqual([...ids].sort());
    for (const id of ids) expect(await hostedCallsOf(t, id)).toHaveLength(1);
    // Save on each tile: four creations
    for (const generationId of ids) expect((await t.request('/api/creations', { method: 'POST', cookie: u.cookie, json: { generationId } })).status).toBe(201);
    const { creations } = await (await t.request('/api/me/creations', { cookie: u.cookie })).json();
    expect(creations).toHaveLength(4);
  });

  it('variations: a variation that fails gives its own credit back, and the others are shown', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 3);
    engine.hiccups = 1;
    const res = await callGenerate(t, u.cookie, withVariations(CUT, 3));
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result.variations).toHaveLength(2);
    expect(result.refunded).toBe(1);
    expect(result.credits).toBe(1);
    expect(await balance(t.services, u.id)).toBe(1);
    const gens = await generationsOf(t.services, u.id);
    expect(gens.map((g) => g.status).sort()).toEqual(['refunded', 'succeeded', 'succeeded']);
    const ledger = await ledgerOf(t.services, u.id);
    expect(ledger.filter((l) => l.type === 'generation')).toHaveLength(3);
    expect(ledger.filter((l) => l.type === 'refund').map((l) => l.reference)).toEqual([gens.find((g) => g.status === 'refunded')!.id]);
  });

  it('variations: all of them failing refunds every credit and says so', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 2);
    engine.hiccups = 2;
    const res = await callGenerate(t, u.cookie, withVariations(CUT, 2));
    expect(res.status).toBe(500);
    expect(await balance(t.services, u.id)).toBe(2);
    expect((await generationsOf(t.services, u.id)).map((g) => g.status)).toEqual(['refunded', 'refunded']);
  });

  it('variations: more than the balance is refused before any debit; a colour prompt cannot be varied', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 2);
    const before = fake.requests.length;
    const tooMany = await callGenerate(t, u.cookie, withVariations(CUT, 3));
    expect(tooMany.status).toBe(429);
    expect((await tooMany.json()).error).toMatchObject({
      message: '3 variations use 3 credits and you have 2 credits. Ask for fewer variations, or buy a pack.',
      details: { credits: 2 },
    });
    const colour = await callGenerate(t, u.cookie, withVariations('copper balayage', 2));
    expect(colour.status).toBe(400);
    expect((await colour.json()).error).toMatchObject({ message: ENGINE_TEXT.variationsNeedCut, details: { reason: 'variations-need-a-cut' } });
    const five = await callGenerate(t, u.cookie, withVariations(CUT, 5));
    expect(five.status).toBe(400);
    expect(await balance(t.services, u.id)).toBe(2);
    expect(await generationsOf(t.services, u.id)).toEqual([]);
    expect(fake.requests.length).toBe(before);
  });

  it('a cut the provider refuses gives the credit back with a clear message', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 1);
    fake.scenario = 'refuse';
    try {
      const res = await callGenerate(t, u.cookie, body(CUT));
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await res.json()).error.message).toMatch(/No credit was used|nothing was charged|declined/);
    } finally {
      fake.scenario = 'ok';
    }
    expect(await balance(t.services, u.id)).toBe(1);
    expect((await generationsOf(t.services, u.id)).map((g) => g.status)).toEqual(['refunded']);
  });

  it('a colour alone with a provider configured is drawn on-device: no hosted call on the fake’s log, no hosted cost', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 1);
    const before = fake.requests.length;
    const res = await callGenerate(t, u.cookie, body('copper balayage'));
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result).toMatchObject({ engine: 'local', credits: 0 });
    expect(fake.requests.length).toBe(before);
    expect(await hostedCallsOf(t, result.generationId)).toEqual([]);
  });

  it('a cut whose face cannot be put back on the photo is refused and refunded, and its call’s cost still recorded', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 1);
    const before = fake.requests.length;
    fake.scenario = 'turned';
    try {
      const res = await callGenerate(t, u.cookie, body(CUT));
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await res.json()).error.message).toBe(MESSAGES.cutFaceChanged);
    } finally {
      fake.scenario = 'ok';
    }
    expect(fake.requests.length - before).toBe(1);
    expect(await balance(t.services, u.id)).toBe(1);
    const [gen] = await generationsOf(t.services, u.id);
    expect(gen.status).toBe('refunded');
    const [call] = await hostedCallsOf(t, gen.id);
    expect(call).toMatchObject({ provider: 'gemini', images: 1, outcome: 'refused' });
    expect(call.costUsd).toBeCloseTo(PRICE, 6);
  });

  it('a buzz cut (a near-bald head) is drawn and charged like any cut', async () => {
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 1);
    fake.scenario = 'buzz';
    try {
      const res = await callGenerate(t, u.cookie, body('buzz cut'));
      expect(res.status).toBe(200);
      const { result } = await res.json();
      expect(result).toMatchObject({ engine: 'gemini', applied: 'Buzz cut', credits: 0 });
      const [call] = await hostedCallsOf(t, result.generationId);
      expect(call).toMatchObject({ outcome: 'shown', images: 1 });
    } finally {
      fake.scenario = 'ok';
    }
    expect((await generationsOf(t.services, u.id)).map((g) => g.status)).toEqual(['succeeded']);
  });

  // last: it spends the rest of today's budget
  it('the daily budget stops cut calls with no charge, and /metrics shows the spend', async () => {
    const spent = async () => (await t.services.db.select({ usd: hostedCall.costUsd }).from(hostedCall)).reduce((sum, r) => sum + r.usd, 0);
    const u = await t.signedInUser();
    await giveCredits(t.services, u.id, 20);
    // spend up to the budget (0.5 USD at 0.039 a picture), four pictures at a time
    while ((await spent()) < 0.5) expect((await callGenerate(t, u.cookie, withVariations(CUT, 4))).status).toBe(200);
    expect((await (await t.request('/api/engine')).json()).paused).toBe(true);

    const credits = await balance(t.services, u.id);
    const gens = (await generationsOf(t.services, u.id)).length;
    const calls = fake.requests.length;
    const declined = await callGenerate(t, u.cookie, body(CUT));
    expect(declined.status).toBe(429);
    expect((await declined.json()).error).toMatchObject({ message: ENGINE_TEXT.cutsPausedToday, details: { reason: 'daily-budget' } });
    expect(await balance(t.services, u.id)).toBe(credits);
    expect(await generationsOf(t.services, u.id)).toHaveLength(gens);
    expect(fake.requests.length).toBe(calls);

    const metrics = await (await t.request('/metrics', METRICS)).text();
    const today = Number(/^tress_hosted_spend_usd\{provider="gemini",period="today"\} ([\d.]+)$/m.exec(metrics)?.[1]);
    expect(today).toBeCloseTo(await spent(), 6);
    expect(today).toBeGreaterThanOrEqual(0.5);
    expect(metrics).toMatch(/^tress_hosted_spend_usd\{provider="gemini",period="all"\} [\d.]+$/m);
    expect(metrics).toMatch(/^tress_hosted_calls\{provider="gemini",outcome="shown"\} \d+$/m);
    expect(metrics).toMatch(/^tress_hosted_daily_budget_usd 0\.5$/m);
  });
});
