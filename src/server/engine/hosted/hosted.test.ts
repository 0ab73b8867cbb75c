/**
 * Hosted engines through the real SDKs (@google/genai, openai) pointed at the loopback fake: success,
 * safety refusal, quota exceeded, no image, slow (timeout), malformed, server error (one retry), abort,
 * not configured; a colour alone never reaches a provider, and a cut with a colour falls back to the colour
 * on-device when the provider fails, and says so. The cut path's own must-holds: cut/cut-path.test.ts.
 */
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseHairPrompt } from '@shared/hair/prompt';
import { createEngine, EngineInputError, type EngineConfig, type HairEngine } from '../index';
import { fixture, testModelPath } from '../../../../tests/support/engine-support';
import { startFakeProviderServer, type FakeProviderServer } from '../../../../tests/support/fake-provider-server';

const modelPath = testModelPath() ?? '/nonexistent/hair_segmentation.tflite';
let fake: FakeProviderServer;
const engines: HairEngine[] = [];
const photo = fixture('front-dark-long');

beforeAll(async () => {
  fake = await startFakeProviderServer();
});
afterAll(async () => {
  await Promise.all(engines.map((e) => e.close()));
  await fake.close();
});
afterEach(() => {
  fake.scenario = 'ok';
  fake.requests.length = 0;
});

/** One engine per provider for the tests that take the defaults: each engine loads the hair model in a thread of its own. */
const defaults = new Map<string, HairEngine>();

function engineFor(name: 'gemini' | 'openai', extra: Partial<EngineConfig> = {}, timeoutMs = 30_000): HairEngine {
  const plain = Object.keys(extra).length === 0 && timeoutMs === 30_000;
  const known = plain ? defaults.get(name) : undefined;
  if (known) return known;
  const logs: string[] = [];
  const e = createEngine({
    engine: name,
    modelPath,
    threads: 1,
    gemini: { apiKey: 'test-key', baseUrl: fake.url, model: 'gemini-2.5-flash-image', timeoutMs },
    openai: { apiKey: 'test-key', baseUrl: `${fake.url}/v1`, model: 'gpt-image-1', timeoutMs },
    logger: { info: (m) => logs.push(m), warn: (m) => logs.push(m) },
    ...extra,
  });
  engines.push(e);
  if (plain) defaults.set(name, e);
  return e;
}

const cut = {
  image: photo,
  mimeType: 'image/jpeg',
  prompt: 'short pixie cut with curtain bangs',
  reading: parseHairPrompt('short pixie cut with curtain bangs'),
};
const colour = { image: photo, mimeType: 'image/jpeg', prompt: 'copper balayage', reading: parseHairPrompt('copper balayage') };
const cutAndColour = { image: photo, mimeType: 'image/jpeg', prompt: 'copper bob', reading: parseHairPrompt('copper bob') };

for (const name of ['gemini', 'openai'] as const) {
  describe(`${name} engine`, () => {
    it('edits through the official SDK and returns a PNG of the input size', async () => {
      const r = await engineFor(name).generate(cut);
      expect(r.engine).toBe(name);
      expect(r.route).toBe('cut');
      // the usage the provider reported, for the cost of the call
      expect(r.hosted).toEqual(
        name === 'gemini'
          ? { provider: 'gemini', model: 'gemini-2.5-flash-image', images: 1, inputTokens: 1290, outputTokens: 1290 }
          : { provider: 'openai', model: 'gpt-image-1', images: 1, inputTokens: 50, outputTokens: 50 },
      );
      const meta = await sharp(r.png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 768, 1024]);
      // the hair as it is now, measured on-device while the provider worked; a haircut names no target
      expect(r.analysis?.currentLevel).toBeGreaterThanOrEqual(1);
      expect(r.analysis?.currentLevel).toBeLessThanOrEqual(4);
      expect(r.analysis?.targetLevel).toBeNull();
      const mine = fake.requests.filter((q) => q.scenario === 'ok');
      expect(mine).toHaveLength(1);
      const req = mine[0];
      if (name === 'gemini') {
        expect(req.path).toBe('/v1beta/models/gemini-2.5-flash-image:generateContent');
        expect(req.headers['x-goog-api-key']).toBe('test-key');
        const body = req.body as {
          contents: { parts: { inlineData?: { mimeType: string }; text?: string }[] }[];
          generationConfig: { responseModalities: string[] };
        };
        expect(body.contents[0].parts[0].inlineData?.mimeType).toBe('image/png');
        expect(body.contents[0].parts.at(-1)?.text).toMatch(/new haircut: pixie\. Length: short\. Fringe: curtain bangs\..*Keep the same person/s);
        expect(body.generationConfig.responseModalities).toEqual(['TEXT', 'IMAGE']);
      } else {
        expect(req.path).toBe('/v1/images/edits');
        expect(req.headers.authorization).toBe('Bearer test-key');
        const f = req.body as Record<string, unknown>;
        expect(f.model).toBe('gpt-image-1');
        expect(f.input_fidelity).toBe('high');
        expect(f.prompt).toMatch(/Keep the head position, pose, clothing/);
        expect((f.image as { type: string }).type).toBe('image/png');
      }
    });

    it('a safety refusal is a clear input error for shape changes', async () => {
      fake.scenario = 'refuse';
      const err = await engineFor(name)
        .generate(cut)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EngineInputError);
      expect((err as Error).message).toMatch(/declined/);
    });

    it('quota exceeded is an engine failure, not retried', async () => {
      fake.scenario = 'quota';
      const err = await engineFor(name)
        .generate(cut)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(EngineInputError);
      expect((err as Error).message).toMatch(/quota/);
      expect(fake.requests.filter((r) => r.scenario === 'quota')).toHaveLength(1);
    });

    it('a response without an image is an engine failure', async () => {
      fake.scenario = 'no-image';
      await expect(engineFor(name).generate(cut)).rejects.toThrow(/no-image/);
    });

    it('a malformed response is an engine failure, not retried', async () => {
      fake.scenario = 'malformed';
      const err = await engineFor(name)
        .generate(cut)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(EngineInputError);
      expect((err as Error).message).toMatch(/malformed/);
      expect(fake.requests.filter((r) => r.scenario === 'malformed')).toHaveLength(1);
    });

    it('a server error is retried once, then fails', async () => {
      fake.scenario = 'server-error';
      await expect(engineFor(name).generate(cut)).rejects.toThrow(/server|500|internal/i);
      expect(fake.requests.filter((r) => r.scenario === 'server-error')).toHaveLength(2);
    });

    it('a slow provider times out', async () => {
      fake.scenario = 'slow';
      fake.slowMs = 3000;
      // the model loaded and the photo's region found first (as the studio's preview does), so the time
      // measured is the provider's
      const e = engineFor(name, {}, 400);
      await e.preview({ image: photo });
      const t0 = performance.now();
      await expect(e.generate(cut)).rejects.toThrow(/timeout|timed out|abort/i);
      expect(performance.now() - t0).toBeLessThan(2900 * 2);
      // timeouts are not retried (by us or by the SDK)
      expect(fake.requests.filter((r) => r.scenario === 'slow')).toHaveLength(1);
    });

    it('abort cancels the request', async () => {
      fake.scenario = 'slow';
      fake.slowMs = 20_000;
      const ac = new AbortController();
      const pending = engineFor(name).generate({ ...cut, signal: ac.signal });
      pending.catch(() => undefined); // judged below, once the provider holds the request
      // aborted while the provider holds the request, not on a timer: a request sent after a timed abort arrived
      // during the next test and was counted there
      await expect.poll(() => fake.requests.length, { timeout: 60_000 }).toBe(1);
      ac.abort();
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    });
  });
}

describe('colour on-device', () => {
  it('a colour alone never reaches the provider', async () => {
    fake.scenario = 'refuse';
    const r = await engineFor('gemini').generate(colour);
    expect(r).toMatchObject({ engine: 'local', route: 'local', applied: 'Copper, balayage' });
    expect(r.hosted).toBeUndefined();
    expect(fake.requests).toHaveLength(0);
  });

  it('routes by the reading the request came with, never reading the words again (decision 180)', async () => {
    fake.scenario = 'refuse';
    const r = await engineFor('gemini').generate({ ...colour, prompt: 'short pixie cut with curtain bangs' });
    expect(r).toMatchObject({ engine: 'local', route: 'local', applied: 'Copper, balayage' });
    expect(fake.requests).toHaveLength(0);
  });

  it('a cut with a colour falls back to the colour when the provider refuses, and says so', async () => {
    fake.scenario = 'refuse';
    const r = await engineFor('gemini').generate(cutAndColour);
    expect(r).toMatchObject({ engine: 'local', route: 'local' });
    expect(r.applied).toMatch(/^Copper, all-over colour .*\(gemini declined the request: colour applied on-device\)$/);
    expect(r.analysis).not.toBeNull();
  });

  it('… or is out of quota', async () => {
    fake.scenario = 'quota';
    const r = await engineFor('openai').generate(cutAndColour);
    expect(r.engine).toBe('local');
    expect(r.applied).toMatch(/openai was unavailable/);
  });

  it('… or has no API key (and a cut alone gets a clear message)', async () => {
    const e = engineFor('openai', { openai: undefined });
    const r = await e.generate(cutAndColour);
    expect(r.applied).toMatch(/openai is not configured/);
    await expect(e.generate(cut)).rejects.toBeInstanceOf(EngineInputError);
    expect(fake.requests).toHaveLength(0);
  });
});
