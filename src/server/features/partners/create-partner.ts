import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { partner, user } from '../../db/schema';
import type { Services } from '../../services';
import { AppError } from '../../http/app-error';
import type { JoinPartnerInput } from '@shared/partners/schemas';
import { newImageKey } from './partner-media';
import { placeholderImage } from './placeholder-image';
import { searchText } from './search-text';
import { publishProfessionalStatus } from './publish-status';

/**
 * Spec §3/§4: the partner row at sign-up: role partner, subscription inactive, profile incomplete,
 * a placeholder initial image. A user who already has a row keeps it (joining twice changes nothing).
 */
export async function createPartner(s: Pick<Services, 'db' | 'storage' | 'bus'>, userId: string, input: JoinPartnerInput): Promise<{ created: boolean }> {
  const [u] = await s.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!u) throw new AppError('not-found', 'No such account.');
  const [existing] = await s.db.select({ id: partner.userId }).from(partner).where(eq(partner.userId, userId));
  if (existing) return { created: false };
  const key = newImageKey(userId, 'placeholder', 'png');
  await s.storage.put(key, await placeholderImage(input.businessName), 'image/png');
  const inserted = await s.db.transaction(async (tx: Tx) => {
    const rows = await tx
      .insert(partner)
      .values({
        userId,
        role: 'partner',
        email: u.email,
        fullName: input.fullName,
        businessName: input.businessName,
        subscriptionStatus: 'inactive',
        profileComplete: false,
        profileImageKey: key,
        searchText: searchText({ ...input, location: '', services: [] }),
      })
      .onConflictDoNothing()
      .returning({ id: partner.userId });
    if (rows.length) await publishProfessionalStatus(tx, s.bus, userId);
    return rows.length > 0;
  });
  if (!inserted) await s.storage.delete(key);
  return { created: inserted };
}
