import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { booking, creation } from '../../db/schema';
import { AppError } from '../../http/app-error';

/** The storage key of a booking's attached picture, for the booking's client or professional only. */
export async function bookingImageKey(db: Db, callerId: string, bookingId: string, which: 'before' | 'after'): Promise<string> {
  const [row] = await db
    .select({ partnerId: booking.partnerId, clientId: booking.clientId, inputKey: creation.inputKey, outputKey: creation.outputKey })
    .from(booking)
    .innerJoin(creation, eq(creation.id, booking.creationId))
    .where(eq(booking.id, bookingId));
  if (!row || (row.partnerId !== callerId && row.clientId !== callerId)) throw new AppError('not-found', 'No such picture.');
  return which === 'before' ? row.inputKey : row.outputKey;
}
