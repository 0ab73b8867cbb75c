import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { creation, generation } from '../../src/server/db/schema';
import { SAVE_MESSAGES } from '../../src/server/features/studio/save-creation';
import { UNSAVED_TTL_MS } from '../../src/server/features/studio/sweeper';
import { routeDbKinds } from '../support/db-kinds';
import { createTestApp, ledgerViolations, type TestApp } from '../support/test-app';
import { balance, ENGINE_ENV, generateBody, giveCredits, portrait, SETUP_TIMEOUT_MS } from './studio-support';

vi.setConfig({ testTimeout: 60_000 });

/**
 * Save refers to the result the server stored at generation (decision 116): the request is the
 * generation id alone, checked for owner and age; it carries no image and moves no credit.
 */
describe.each(routeDbKinds)('saving a result by reference on %s', (kind) => {
  let t: TestApp;
  let owner: { id: string; cookie: string };
  let other: { id: string; cookie: string };
  const credits = async () => [await balance(t.services, owner.id), await balance(t.services, other.id)];
  const creationsOf = (userId: string) => t.services.db.select().from(creation).where(eq(creation.userId, userId));
  const save = (cookie: string, body: unknown) => t.request('/api/creations', { method: 'POST', cookie, json: body });

  async function generate(prompt: string): Promise<string> {
    const small = await sharp(portrait('curly-blonde.jpg')).resize(400).jpeg().toBuffer();
    const res = await t.request('/api/fn/generateHairStyle', { method: 'POST', cookie: owner.cookie, json: generateBody(prompt, small) });
    expect(res.status).toBe(200);
    return (await res.json()).result.generationId;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, ENGINE_ENV, { sweeper: false });
    owner = await t.signedInUser();
    other = await t.signedInUser();
    await giveCredits(t.services, owner.id, 3);
    await giveCredits(t.services, other.id, 2);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    expect(await ledgerViolations(t.services)).toEqual([]);
    await t.close();
  });

  it("refuses someone else's result and an unknown id with a 4xx, and no credit moves", async () => {
    const generationId = await generate('copper balayage');
    const before = await credits();
    expect(before).toEqual([2, 2]);

    const stolen = await save(other.cookie, { generationId });
    expect(stolen.status).toBe(404);
    expect((await stolen.json()).error).toMatchObject({ status: 'NOT_FOUND', message: SAVE_MESSAGES.notFound });

    for (const unknown of [crypto.randomUUID(), 'not-a-generation', 'x'.repeat(64)]) {
      const res = await save(owner.cookie, { generationId: unknown });
      expect(res.status, unknown).toBe(404);
      expect((await res.json()).error.status).toBe('NOT_FOUND');
    }
    // not an id at all: refused before any lookup
    for (const bad of ['a\u0000b', '../etc', 'x'.repeat(65), '']) {
      const res = await save(owner.cookie, { generationId: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await creationsOf(other.id)).toEqual([]);
    expect(await creationsOf(owner.id)).toEqual([]);
    expect(await credits()).toEqual(before);

    // the owner's own save still works afterwards, and costs nothing either
    const mine = await save(owner.cookie, { generationId });
    expect(mine.status).toBe(201);
    expect(await credits()).toEqual(before);
  });

  it('carries no image: the body is the id alone and the creation keeps the files stored at generation', async () => {
    const generationId = await generate('honey blonde highlights');
    const [gen] = await t.services.db.select().from(generation).where(eq(generation.id, generationId));
    expect(gen.outputKey).toBeTruthy();
    const before = await credits();

    // an image next to the id is over the save's 1 KB body limit, and any other field is refused too:
    // saving never takes bytes from the browser
    const withImage = await save(owner.cookie, { generationId, image: (await sharp(portrait()).resize(64).png().toBuffer()).toString('base64') });
    expect(withImage.status).toBe(413);
    const withField = await save(owner.cookie, { generationId, image: 'x' });
    expect(withField.status).toBe(400);
    expect(await creationsOf(owner.id).then((rows) => rows.filter((r) => r.generationId === generationId))).toEqual([]);

    const body = JSON.stringify({ generationId });
    expect(Buffer.byteLength(body)).toBeLessThan(100);
    const res = await save(owner.cookie, { generationId });
    expect(res.status).toBe(201);
    const [row] = await t.services.db.select().from(creation).where(eq(creation.generationId, generationId));
    expect([row.inputKey, row.outputKey]).toEqual([gen.inputKey, gen.outputKey]);
    expect(await credits()).toEqual(before);
  });

  it('refuses a result older than its lifetime even before the sweeper has purged it, with no credit change', async () => {
    const generationId = await generate('cherry cola');
    const before = await credits();
    await t.services.db
      .update(generation)
      .set({ createdAt: new Date(Date.now() - UNSAVED_TTL_MS - 60_000) })
      .where(eq(generation.id, generationId));
    const res = await save(owner.cookie, { generationId });
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toBe(SAVE_MESSAGES.expired);
    expect(await creationsOf(owner.id).then((rows) => rows.filter((r) => r.generationId === generationId))).toEqual([]);
    expect(await credits()).toEqual(before);
  });
});
