import { HairAnalysisSchema } from '@shared/hair/engine-result';
import type { Creation, SharedCreation } from '@shared/studio/creation';
import type { creation } from '../../db/schema';

export type CreationRow = typeof creation.$inferSelect;
export type ImageKind = 'before' | 'after' | 'thumb';

const creationImageUrl = (id: string, kind: ImageKind) => `/api/creations/${id}/image/${kind}`;
export const sharedImageUrl = (token: string, kind: ImageKind) => `/api/shared/${token}/${kind}.${kind === 'after' ? 'png' : 'jpg'}`;
/** The link preview's picture when the owner shows the original: before and after side by side. */
export const sharedCompareUrl = (token: string) => `/api/shared/${token}/compare.jpg`;
export const sharePageUrl = (publicUrl: string, token: string) => `${publicUrl}/c/${token}`;

const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** The stored file behind an image kind; creations saved before thumbnails existed show the full result. */
export function imageKey(row: CreationRow, kind: ImageKind): string {
  if (kind === 'before') return row.inputKey;
  if (kind === 'thumb') return str(row.meta.thumbKey) ?? row.outputKey;
  return row.outputKey;
}

/** The owner's view of a row: image URLs that only the owner's session can open. */
export function toCreation(row: CreationRow, publicUrl: string): Creation {
  const analysis = HairAnalysisSchema.safeParse(row.meta.analysis);
  return {
    id: row.id,
    prompt: row.prompt,
    inputUrl: creationImageUrl(row.id, 'before'),
    outputUrl: creationImageUrl(row.id, 'after'),
    thumbUrl: str(row.meta.thumbKey) ? creationImageUrl(row.id, 'thumb') : creationImageUrl(row.id, 'after'),
    styleTags: row.styleTags,
    colour: row.colour,
    applied: str(row.meta.applied),
    technique: str(row.meta.technique),
    analysis: analysis.success ? analysis.data : null,
    shareUrl: row.shareToken ? sharePageUrl(publicUrl, row.shareToken) : null,
    shareIncludesBefore: row.shareToken ? row.shareIncludesBefore : false,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What anyone holding the link sees: the result, and the original only if its owner chose to show it. */
export function toSharedCreation(row: CreationRow & { shareToken: string }): SharedCreation {
  return {
    token: row.shareToken,
    prompt: row.prompt,
    applied: str(row.meta.applied),
    inputUrl: row.shareIncludesBefore ? sharedImageUrl(row.shareToken, 'before') : null,
    outputUrl: sharedImageUrl(row.shareToken, 'after'),
    createdAt: row.createdAt.toISOString(),
  };
}
