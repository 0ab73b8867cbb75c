import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { DISPLAY } from '@shared/constants';
import type { Creation, ShareLink, ShareRequest } from '@shared/studio/creation';
import { creation, generation } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Services } from '../../services';
import { sharePageUrl, toCreation, type CreationRow } from './creation-view';

type Deps = Pick<Services, 'db' | 'bus' | 'env' | 'storage' | 'logger'>;

const CREATION_NOT_FOUND = 'This creation was not found.';

/** The user's latest creations, newest first (at most the creations page's 96). */
export async function listCreations(deps: Pick<Deps, 'db' | 'env'>, userId: string, limit: number = DISPLAY.creationsPage): Promise<Creation[]> {
  const rows = await deps.db
    .select()
    .from(creation)
    .where(eq(creation.userId, userId))
    .orderBy(desc(creation.createdAt), desc(creation.id))
    .limit(Math.min(Math.max(1, limit), DISPLAY.creationsPage));
  return rows.map((r) => toCreation(r, deps.env.publicUrl));
}

/** A creation of this user; someone else's answers exactly like a missing one. */
export async function ownCreation(deps: Pick<Deps, 'db'>, userId: string, id: string): Promise<CreationRow> {
  const [row] = await deps.db
    .select()
    .from(creation)
    .where(and(eq(creation.id, id), eq(creation.userId, userId)));
  if (!row) throw new AppError('not-found', CREATION_NOT_FOUND);
  return row;
}

/** Deletes the row and its stored files (and forgets them on the generation, so it cannot be saved again). */
export async function deleteCreation(deps: Deps, userId: string, id: string): Promise<void> {
  const row = await ownCreation(deps, userId, id);
  await deps.db.delete(creation).where(and(eq(creation.id, id), eq(creation.userId, userId)));
  if (row.generationId) await deps.db.update(generation).set({ inputKey: null, outputKey: null }).where(eq(generation.id, row.generationId));
  const keys = [row.inputKey, row.outputKey, ...(typeof row.meta.thumbKey === 'string' ? [row.meta.thumbKey] : [])];
  await Promise.all(keys.map((k) => deps.storage.delete(k))).catch((err: unknown) =>
    // the row is gone, so nobody can reach the files; a later sweep can collect them
    deps.logger.error({ err, creationId: id }, 'could not delete creation files'),
  );
  await deps.bus.publish(deps.db, `user:${userId}`, { type: 'creations' });
}

/** 24 random bytes: unguessable, URL-safe. */
const newToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64url');

/**
 * Makes (or returns) the public link /c/{token} and sets whether it shows the original photo. A new link
 * shows the result alone unless the owner asks otherwise (decision 111); an existing one keeps its token.
 */
export async function shareCreation(deps: Deps, userId: string, id: string, opts: ShareRequest = {}): Promise<ShareLink> {
  const row = await ownCreation(deps, userId, id);
  const includeBefore = opts.includeBefore ?? (row.shareToken ? row.shareIncludesBefore : false);
  if (row.shareToken && includeBefore === row.shareIncludesBefore)
    return { token: row.shareToken, url: sharePageUrl(deps.env.publicUrl, row.shareToken), includeBefore };
  const [updated] = await deps.db
    .update(creation)
    .set(row.shareToken ? { shareIncludesBefore: includeBefore } : { shareToken: newToken(), sharedAt: new Date(), shareIncludesBefore: includeBefore })
    // a new token only where there is none yet: two clicks at once end with one link, not two
    .where(and(eq(creation.id, id), eq(creation.userId, userId), row.shareToken ? eq(creation.shareToken, row.shareToken) : isNull(creation.shareToken)))
    .returning({ shareToken: creation.shareToken, includeBefore: creation.shareIncludesBefore });
  if (!updated) return shareCreation(deps, userId, id, opts);
  await deps.bus.publish(deps.db, `user:${userId}`, { type: 'creations' });
  return { token: updated.shareToken!, url: sharePageUrl(deps.env.publicUrl, updated.shareToken!), includeBefore: updated.includeBefore };
}

/** Revokes the public link: the old token stops working for good, for the result and the original alike. */
export async function revokeShare(deps: Deps, userId: string, id: string): Promise<void> {
  await ownCreation(deps, userId, id);
  await deps.db
    .update(creation)
    .set({ shareToken: null, sharedAt: null, shareIncludesBefore: false })
    .where(and(eq(creation.id, id), eq(creation.userId, userId)));
  await deps.bus.publish(deps.db, `user:${userId}`, { type: 'creations' });
}

/** A creation by its share token, only while shared. */
export async function sharedCreationByToken(deps: Pick<Deps, 'db'>, token: string): Promise<(CreationRow & { shareToken: string }) | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const [row] = await deps.db
    .select()
    .from(creation)
    .where(and(eq(creation.shareToken, token), isNotNull(creation.shareToken)));
  return row ? (row as CreationRow & { shareToken: string }) : null;
}
