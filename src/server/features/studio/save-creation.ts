import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { COLOUR_WORDS, detectColourWords } from '@shared/hair/colour-words';
import { AppliedLookSchema } from '@shared/hair/engine-result';
import type { Creation } from '@shared/studio/creation';
import { creation, generation } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Services } from '../../services';
import { UNSAVED_TTL_MS } from './sweeper';
import { toCreation } from './creation-view';

type Deps = Pick<Services, 'db' | 'bus' | 'env' | 'storage'>;

export const SAVE_MESSAGES = {
  notFound: 'This result was not found. Generate it again to save it.',
  expired: 'This result is no longer stored. Generate it again to save it.',
} as const;
const COLOUR_IDS = new Set<string>(COLOUR_WORDS.map((c) => c.id));

/** Style tags: the technique applied, then the colour words of the prompt and of what was applied. */
export function styleTagsFor(prompt: string, look: { technique: string | null; colours: string[] } | null): { tags: string[]; colour: string | null } {
  const fromPrompt = detectColourWords(prompt) as string[];
  const fromLook = (look?.colours ?? []).filter((c) => COLOUR_IDS.has(c));
  const colours = [...new Set([...fromPrompt, ...fromLook])];
  return { tags: [...(look?.technique ? [look.technique] : []), ...colours], colour: colours[0] ?? null };
}

/**
 * Saves a result the server produced for this user (never an image the browser sends), keeping the
 * files stored at generation time (decision 116). The generation id is the reference: it must be this
 * user's (someone else's answers exactly like an unknown one), succeeded, and younger than UNSAVED_TTL_MS
 * (after that its files are purged, whether or not the sweeper has run yet). Saving the same generation
 * twice returns the same creation, at any age.
 */
export async function saveCreation(deps: Deps, userId: string, generationId: string, now = Date.now()): Promise<{ creation: Creation; created: boolean }> {
  const [gen] = await deps.db
    .select()
    .from(generation)
    .where(and(eq(generation.id, generationId), eq(generation.userId, userId)));
  if (!gen || gen.status !== 'succeeded') throw new AppError('not-found', SAVE_MESSAGES.notFound);
  const existing = await deps.db.select().from(creation).where(eq(creation.generationId, generationId));
  if (existing[0]) return { creation: toCreation(existing[0], deps.env.publicUrl), created: false };
  const expired = now - gen.createdAt.getTime() > UNSAVED_TTL_MS;
  if (expired || !gen.inputKey || !gen.outputKey) throw new AppError('not-found', SAVE_MESSAGES.expired, { reason: 'expired' });
  const output = await deps.storage.get(gen.outputKey);
  if (!output) throw new AppError('not-found', SAVE_MESSAGES.expired, { reason: 'expired' });
  // grids show a ~30 KB WebP instead of the 1–2 MB PNG
  const thumbKey = gen.outputKey.replace(/\.png$/, '') + '-thumb.webp';
  await deps.storage.put(thumbKey, await sharp(output.body).resize({ width: 480, height: 600, fit: 'inside' }).webp({ quality: 80 }).toBuffer(), 'image/webp');
  const look = AppliedLookSchema.safeParse(gen.result);
  const { tags, colour } = styleTagsFor(gen.prompt, look.success ? look.data : null);
  const inserted = await deps.db
    .insert(creation)
    .values({
      userId,
      generationId,
      prompt: gen.prompt,
      inputKey: gen.inputKey,
      outputKey: gen.outputKey,
      styleTags: tags,
      colour,
      meta: { ...(look.success ? { ...look.data, timings: gen.timings ?? {} } : {}), thumbKey },
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted[0]) {
    const [row] = await deps.db.select().from(creation).where(eq(creation.generationId, generationId));
    return { creation: toCreation(row, deps.env.publicUrl), created: false };
  }
  await deps.bus.publish(deps.db, `user:${userId}`, { type: 'creations' });
  return { creation: toCreation(inserted[0], deps.env.publicUrl), created: true };
}
