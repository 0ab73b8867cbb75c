import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { generation, ledgerEntry, user } from '../../src/server/db/schema';
import { createEngine, EngineInputError, type GenerateResult, type HairEngine } from '../../src/server/engine';
import { postLedgerEntry } from '../../src/server/features/credits/ledger';
import type { Services } from '../../src/server/services';
import type { TestApp } from '../support/test-app';

export const PORTRAITS = path.join(import.meta.dirname, '../fixtures/portraits');
export const portrait = (name = 'front-dark-long.jpg') => readFileSync(path.join(PORTRAITS, name));
const smallPortraits = new Map<string, Promise<Buffer>>();
/**
 * A portrait fixture at 480 px on its long side (360×480 from the 768×1024 fixtures), made once per process:
 * for tests about the route, credits, cost records, budgets or messages rather than the picture, since the
 * engine draws it several times faster than the full-size fixture. Tests about the picture itself (sizes,
 * pixels kept, byte identity) keep the full-size one.
 */
export function smallPortrait(name = 'front-dark-long.jpg'): Promise<Buffer> {
  let small = smallPortraits.get(name);
  if (!small) {
    small = sharp(portrait(name)).resize(480, 480, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer();
    smallPortraits.set(name, small);
  }
  return small;
}
/** HAIR_MODEL_PATH, else the model where CI and every checkout keep it: ../shared/models beside the repository. */
export const MODEL_PATH = process.env.HAIR_MODEL_PATH ?? path.join(import.meta.dirname, '../../../shared/models/hair_segmentation.tflite');
/** One engine worker per test app: test files run two at a time on two cores. */
export const ENGINE_ENV = { HAIR_MODEL_PATH: MODEL_PATH, ENGINE_THREADS: '1' };
/** Set-up that signs users in and runs the engine once can be slow on a loaded machine. */
export const SETUP_TIMEOUT_MS = 120_000;

/** Sets a user's balance to `credits` through the ledger (a purchase), keeping the invariant. */
export async function giveCredits(services: Services, userId: string, credits: number) {
  await services.db.transaction(async (tx) => {
    const [row] = await tx.select({ credits: user.credits }).from(user).where(eq(user.id, userId));
    const delta = credits - row.credits;
    if (delta !== 0) await postLedgerEntry(tx, services.bus, { userId, amount: delta, type: 'credit', reference: `test-${crypto.randomUUID()}` });
  });
}

export async function balance(services: Services, userId: string) {
  const [row] = await services.db.select({ credits: user.credits }).from(user).where(eq(user.id, userId));
  return row.credits;
}

export const generationsOf = (services: Services, userId: string) => services.db.select().from(generation).where(eq(generation.userId, userId));
export const ledgerOf = (services: Services, userId: string) => services.db.select().from(ledgerEntry).where(eq(ledgerEntry.userId, userId));

/** The studio's callable, posted as the signed-in user whose cookie is given. */
export const callGenerate = (t: TestApp, cookie: string, body: unknown) => t.request('/api/fn/generateHairStyle', { method: 'POST', cookie, json: body });

export const generateBody = (prompt: string, image: Buffer = portrait(), imageType = 'image/jpeg') => ({
  data: { imageBase64: image.toString('base64'), imageType, prompt },
});

/**
 * An engine whose behaviour the prompt chooses, for the failure paths: `fail`, `hang` (until aborted),
 * `no face`, `empty`; anything else goes to the real local engine, which is created (its models loaded, ~3.5 s
 * of CPU) only when something reaches it. Until then `ready()` answers as a loaded hair model does, since the
 * scripted answers need none (the route asks before every render whether the fallback matte runs).
 */
export function scriptedEngine(): HairEngine & { calls: string[]; aborted: number; onHang?: () => void } {
  let created: HairEngine | null = null;
  const real = () => (created ??= createEngine({ engine: 'local', modelPath: MODEL_PATH, threads: 1 }));
  const self = {
    calls: [] as string[],
    aborted: 0,
    /** Called when a `hang` generation has started (the credit is debited by then). */
    onHang: undefined as (() => void) | undefined,
    ready: () => (created ? created.ready() : Promise.resolve({ model: 'hair-segmentation' as const })),
    close: async () => created?.close(),
    preview: (input: Parameters<HairEngine['preview']>[0]) => real().preview(input),
    async generate(input: Parameters<HairEngine['generate']>[0]): Promise<GenerateResult> {
      self.calls.push(input.prompt);
      if (input.prompt === 'fail') throw new Error('engine crashed');
      if (input.prompt === 'no face')
        throw new EngineInputError("We couldn't find a face in this photo. Try a front-facing photo with your face and hair visible.", 'no-face');
      if (input.prompt === 'empty')
        return { png: Buffer.alloc(0), applied: '', technique: null, colours: [], analysis: null, engine: 'local', route: 'local', timings: {} };
      if (input.prompt === 'hang') {
        queueMicrotask(() => self.onHang?.());
        return new Promise((_, reject) => {
          input.signal?.addEventListener('abort', () => {
            self.aborted++;
            reject(new DOMException('aborted', 'AbortError'));
          });
        });
      }
      return real().generate(input);
    },
  };
  return self;
}

/**
 * A finished generation whose photo and result are already in storage, saved as a creation through the API:
 * what a paid render leaves behind, without running the engine.
 */
export async function savedCreation(t: TestApp, owner: { id: string; cookie: string }, pictures: { before: Buffer; after: Buffer }) {
  const id = crypto.randomUUID();
  const keys = { input: `creations/${owner.id}/${id}-before.jpg`, output: `creations/${owner.id}/${id}.png` };
  await t.services.storage.put(keys.input, pictures.before, 'image/jpeg');
  await t.services.storage.put(keys.output, pictures.after, 'image/png');
  await t.services.db.insert(generation).values({
    id,
    userId: owner.id,
    prompt: 'copper balayage',
    status: 'succeeded',
    engine: 'local',
    applied: 'Copper balayage',
    inputKey: keys.input,
    outputKey: keys.output,
    result: { applied: 'Copper balayage', technique: 'balayage', colours: ['copper'], analysis: null, engine: 'local' },
    finishedAt: new Date(),
  });
  const saved = await t.request('/api/creations', { method: 'POST', cookie: owner.cookie, json: { generationId: id } });
  if (saved.status !== 201) throw new Error(`saving the creation answered ${saved.status}: ${await saved.text()}`);
  return { creationId: ((await saved.json()) as { id: string }).id, keys };
}
