import { and, eq, isNull } from 'drizzle-orm';
import { bookingPaths } from '@shared/booking/paths';
import { booking, partner, user } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Services } from '../../services';
import { salonOf, type BookingRow } from './booking-view';
import { settingsOf } from './settings';

type Deps = Pick<Services, 'db' | 'payments' | 'env' | 'logger'>;

const HOLD_RELEASED = 'The time held for this booking was released. Book again to choose a time.';

/**
 * Where the client pays a held booking's deposit (decision 171): one checkout per booking on the professional's
 * own account, for the amount the server copied at booking, made once and offered again until it is paid or the
 * hold is released. The browser never names an amount.
 */
export async function depositCheckoutUrl(s: Deps, row: BookingRow): Promise<string> {
  if (row.state !== 'held' || row.depositStatus !== 'due' || (row.expiresAt && row.expiresAt.getTime() <= Date.now()))
    throw new AppError('aborted', row.depositStatus === 'paid' ? 'This deposit is already paid.' : HOLD_RELEASED);
  if (row.depositCheckoutUrl) return row.depositCheckoutUrl;
  const settings = await settingsOf(s.db, salonOf(row));
  if (!settings.depositAccountId || settings.depositProvider !== s.payments.name) throw new AppError('aborted', HOLD_RELEASED);
  const [who] = await s.db
    .select({ businessName: partner.businessName, email: user.email })
    .from(booking)
    .innerJoin(partner, eq(partner.userId, booking.partnerId))
    .innerJoin(user, eq(user.id, booking.clientId))
    .where(eq(booking.id, row.id));
  let session: { id: string; url: string };
  try {
    session = await s.payments.deposits.createCheckout({
      accountId: settings.depositAccountId,
      bookingId: row.id,
      amountCents: row.depositCents,
      currency: row.currency,
      description: `Deposit: ${row.serviceName} at ${who.businessName}`,
      clientEmail: who.email,
      successUrl: `${s.env.publicUrl}${bookingPaths.depositReturn(row.id, 'paid')}`,
      cancelUrl: `${s.env.publicUrl}${bookingPaths.depositReturn(row.id, 'cancelled')}`,
    });
  } catch (err) {
    s.logger.error({ err, bookingId: row.id }, 'deposit checkout could not be created');
    throw new AppError('unavailable', 'The payment page did not open. Your time is held for a few minutes: try Pay deposit again.');
  }
  // two requests at once: the first stored checkout is the one offered (Stripe answered both with the same session)
  await s.db
    .update(booking)
    .set({ depositRef: session.id, depositAccountId: settings.depositAccountId, depositCheckoutUrl: session.url })
    .where(and(eq(booking.id, row.id), isNull(booking.depositCheckoutUrl)));
  const [stored] = await s.db.select({ url: booking.depositCheckoutUrl }).from(booking).where(eq(booking.id, row.id));
  return stored?.url ?? session.url;
}
