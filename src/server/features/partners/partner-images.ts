import { and, asc, count, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Db, Tx } from '../../db/client';
import { partner, partnerImage } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Services } from '../../services';
import { LIMITS } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { UploadPartnerImageInput } from '@shared/partners/schemas';
import { isOwnKey, mediaUrl, newImageKey } from './partner-media';
import { requireManagingPartner } from './own-partner';

const ALLOWED = new Set(['image/png', 'image/jpeg']);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MAX_EDGE = { profile: 800, portfolio: 1600 } as const;

/** Refuses anything that is not a PNG or JPEG by content, or over 2 MB, before a byte is stored. */
async function decodeUpload(input: UploadPartnerImageInput): Promise<Buffer> {
  if (/[/\\]|\.\./.test(input.fileName) || [...input.fileName].some((ch) => ch.charCodeAt(0) < 32))
    throw new AppError('invalid-argument', MSG.imageType, { field: 'fileName' });
  if (!ALLOWED.has(input.contentType.toLowerCase())) throw new AppError('invalid-argument', MSG.imageType, { field: 'contentType' });
  const b64 = input.base64.replace(/^data:[^,]*,/, '');
  // 4 base64 characters carry 3 bytes: refuse an oversized file before decoding it.
  if (Math.floor((b64.length * 3) / 4) - (b64.match(/=+$/)?.[0].length ?? 0) > LIMITS.partnerImageBytes) {
    throw new AppError('invalid-argument', MSG.imageTooLarge, { maxBytes: LIMITS.partnerImageBytes });
  }
  if (!BASE64.test(b64) || b64.length % 4 !== 0) throw new AppError('invalid-argument', MSG.imageType, { field: 'base64' });
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > LIMITS.partnerImageBytes) throw new AppError('invalid-argument', MSG.imageTooLarge, { maxBytes: LIMITS.partnerImageBytes });
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ALLOWED.has(type.mime)) throw new AppError('invalid-argument', MSG.imageType, { detected: type?.mime ?? null });
  return bytes;
}

/** Re-encodes the picture (EXIF orientation applied, all metadata dropped, bounded size); a broken file is refused. */
async function reencode(bytes: Buffer, kind: 'profile' | 'portfolio'): Promise<{ body: Buffer; ext: 'jpg' | 'png' }> {
  try {
    const img = sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate();
    const { hasAlpha } = await img.metadata();
    const resized = img.resize({ width: MAX_EDGE[kind], height: MAX_EDGE[kind], fit: 'inside', withoutEnlargement: true });
    if (kind === 'profile' && hasAlpha) return { body: await resized.png({ compressionLevel: 9 }).toBuffer(), ext: 'png' };
    return { body: await resized.flatten({ background: '#ffffff' }).jpeg({ quality: 84, mozjpeg: true }).toBuffer(), ext: 'jpg' };
  } catch {
    throw new AppError('invalid-argument', MSG.imageType, { reason: 'undecodable' });
  }
}

/** uploadPartnerImage (docs/product.md §7): {type, fileName, contentType, base64} → {downloadUrl}. */
export async function uploadPartnerImage(s: Pick<Services, 'db' | 'storage' | 'logger'>, uid: string, input: UploadPartnerImageInput) {
  await requireManagingPartner(s.db, uid);
  if (input.type === 'portfolio' && (await portfolioCount(s.db, uid)) >= LIMITS.portfolioImages) throw portfolioFull();
  const { body, ext } = await reencode(await decodeUpload(input), input.type);
  const key = newImageKey(uid, input.type, ext);
  await s.storage.put(key, body, ext === 'png' ? 'image/png' : 'image/jpeg');
  let replaced: string | null = null;
  let imageId: string | null = null;
  try {
    await s.db.transaction(async (tx) => {
      const p = await requireManagingPartner(tx, uid, { forUpdate: true });
      if (input.type === 'profile') {
        replaced = p.profileImageKey;
        await tx.update(partner).set({ profileImageKey: key, updatedAt: new Date() }).where(eq(partner.userId, uid));
        return;
      }
      const n = await portfolioCount(tx, uid);
      if (n >= LIMITS.portfolioImages) throw portfolioFull();
      const [row] = await tx
        .insert(partnerImage)
        .values({ partnerId: uid, kind: 'portfolio', storageKey: key, position: n })
        .returning({ id: partnerImage.id });
      imageId = row.id;
    });
  } catch (e) {
    await s.storage.delete(key);
    throw e;
  }
  if (replaced) await s.storage.delete(replaced).catch((err) => s.logger.warn({ err, key: replaced }, 'old profile image not deleted'));
  return { downloadUrl: mediaUrl(key)!, path: key, id: imageId };
}

/** deletePartnerImage (docs/product.md §7): {path, url}; only a path of the caller's own images. */
export async function deletePartnerImage(s: Pick<Services, 'db' | 'storage' | 'logger'>, uid: string, path: string) {
  await requireManagingPartner(s.db, uid);
  if (!isOwnKey(uid, path)) throw new AppError('permission-denied', 'You can only delete your own images.', { path });
  const found = await s.db.transaction(async (tx) => {
    const p = await requireManagingPartner(tx, uid, { forUpdate: true });
    if (p.profileImageKey === path) {
      await tx.update(partner).set({ profileImageKey: null, updatedAt: new Date() }).where(eq(partner.userId, uid));
      return true;
    }
    const gone = await tx
      .delete(partnerImage)
      .where(and(eq(partnerImage.partnerId, uid), eq(partnerImage.storageKey, path)))
      .returning({ id: partnerImage.id });
    if (!gone.length) return false;
    await renumber(tx, uid);
    await refreshStyleTags(tx, uid);
    return true;
  });
  if (!found) throw new AppError('not-found', 'That image is not part of your listing.', { path });
  await s.storage.delete(path);
  return 'ok';
}

/** Puts the portfolio in the given order; the ids must be exactly the partner's portfolio images. */
export async function reorderPortfolio(db: Db, uid: string, ids: string[]) {
  await requireManagingPartner(db, uid);
  await db.transaction(async (tx) => {
    await requireManagingPartner(tx, uid, { forUpdate: true });
    const rows = await tx
      .select({ id: partnerImage.id })
      .from(partnerImage)
      .where(and(eq(partnerImage.partnerId, uid), eq(partnerImage.kind, 'portfolio')));
    const mine = new Set(rows.map((r) => r.id));
    if (ids.length !== mine.size || new Set(ids).size !== ids.length || !ids.every((id) => mine.has(id))) {
      throw new AppError('invalid-argument', 'The new order must list each of your portfolio images once.');
    }
    for (const [i, id] of ids.entries()) await tx.update(partnerImage).set({ position: i }).where(eq(partnerImage.id, id));
  });
}

/** Tags one portfolio image with techniques and colours; the listing's style tags follow. */
export async function tagPortfolioImage(db: Db, uid: string, imageId: string, tags: string[]) {
  await requireManagingPartner(db, uid);
  await db.transaction(async (tx) => {
    await requireManagingPartner(tx, uid, { forUpdate: true });
    const rows = await tx
      .update(partnerImage)
      .set({ tags })
      .where(and(eq(partnerImage.id, imageId), eq(partnerImage.partnerId, uid)))
      .returning({ id: partnerImage.id });
    if (!rows.length) throw new AppError('not-found', 'That image is not part of your listing.');
    await refreshStyleTags(tx, uid);
  });
}

export async function portfolioOf(db: Db | Tx, uid: string) {
  const rows = await db
    .select()
    .from(partnerImage)
    .where(and(eq(partnerImage.partnerId, uid), eq(partnerImage.kind, 'portfolio')))
    .orderBy(asc(partnerImage.position), asc(partnerImage.createdAt));
  return rows.map((r) => ({ id: r.id, url: mediaUrl(r.storageKey)!, path: r.storageKey, tags: r.tags }));
}

async function portfolioCount(db: Db | Tx, uid: string) {
  const [row] = await db
    .select({ n: count() })
    .from(partnerImage)
    .where(and(eq(partnerImage.partnerId, uid), eq(partnerImage.kind, 'portfolio')));
  return row?.n ?? 0;
}

async function renumber(tx: Tx, uid: string) {
  const rows = await portfolioOf(tx, uid);
  for (const [i, r] of rows.entries()) await tx.update(partnerImage).set({ position: i }).where(eq(partnerImage.id, r.id));
}

export async function refreshStyleTags(tx: Db | Tx, uid: string) {
  const rows = await tx.select({ tags: partnerImage.tags }).from(partnerImage).where(eq(partnerImage.partnerId, uid));
  const tags = [...new Set(rows.flatMap((r) => r.tags))].sort();
  await tx.update(partner).set({ styleTags: tags }).where(eq(partner.userId, uid));
}

const portfolioFull = () => new AppError('invalid-argument', MSG.portfolioFull, { limit: LIMITS.portfolioImages });
