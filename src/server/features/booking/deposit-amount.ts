import type { BookingState } from '@shared/booking/views';
import type { bookingService } from '../../db/schema';
import type { BookingRow } from './booking-view';
import type { SettingsRow } from './settings';

type ServiceRow = typeof bookingService.$inferSelect;

/** Whether deposits are taken online: the professional's own account is ready with the provider this server uses. */
export const takesDepositsOnline = (settings: SettingsRow, provider: string) =>
  settings.depositAccountReady && !!settings.depositAccountId && settings.depositProvider === provider;

/**
 * The deposit a booking takes, from the server's menu only: a fixed amount, or a share of the price
 * (rounded to the minor unit), for every client or new clients only. Online when the professional has
 * connected their own payment account (decision 171); otherwise it is paid at the salon.
 */
export function depositFor(
  svc: ServiceRow,
  newClient: boolean,
  settings: SettingsRow,
  provider: string,
): { cents: number; status: 'none' | 'due' | 'pay-at-salon' } {
  const d = svc.deposit;
  if (!d || (d.appliesTo === 'new' && !newClient)) return { cents: 0, status: 'none' };
  const cents = d.kind === 'fixed' ? d.amountCents : Math.round(((svc.priceCents ?? 0) * d.percent) / 100);
  if (cents <= 0) return { cents: 0, status: 'none' };
  return { cents, status: takesDepositsOnline(settings, provider) ? 'due' : 'pay-at-salon' };
}

/**
 * What happens to a paid deposit when a booking ends (decision 171): the professional cancelling or declining,
 * or a request expiring, gives it all back; a client cancelling in time gets it all back; a late cancel or a
 * no-show keeps the policy's fee (a share of the price) out of it and gives back the rest. A completed visit
 * keeps it as part of the bill. The fee of a service priced at consultation is the whole deposit.
 */
export function depositAfter(
  row: Pick<BookingRow, 'depositCents' | 'priceCents'>,
  to: BookingState,
  late: boolean,
  policy: Pick<SettingsRow, 'lateCancelFeePercent' | 'noShowFeePercent'>,
): { status: 'refunding' | 'forfeited'; refundCents: number } | null {
  const feePercent = to === 'no_show' ? policy.noShowFeePercent : to === 'cancelled_by_client' && late ? policy.lateCancelFeePercent : 0;
  if (to === 'completed') return null;
  const fee = feePercent === 0 ? 0 : row.priceCents === null ? row.depositCents : Math.round((row.priceCents * feePercent) / 100);
  const refundCents = Math.max(0, row.depositCents - fee);
  return { status: refundCents > 0 ? 'refunding' : 'forfeited', refundCents };
}
