import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { MSG } from '@shared/messages';
import type { PublicProfile } from '@shared/partners/views';
import { findListed, toCard } from './directory-search';
import { portfolioOf } from './partner-images';

export async function publicProfile(db: Db, idOrSlug: string): Promise<PublicProfile> {
  const row = await findListed(db, idOrSlug.slice(0, 80));
  if (!row) throw new AppError('not-found', MSG.professionalNotFound);
  return {
    ...toCard(row),
    bio: row.bio,
    website: row.website,
    instagram: row.instagram,
    facebook: row.facebook,
    styleTags: row.styleTags,
    portfolio: await portfolioOf(db, row.id),
    memberSince: row.createdAt.toISOString(),
  };
}
