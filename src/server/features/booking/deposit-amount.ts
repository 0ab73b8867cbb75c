import type { bookingService } from '../../db/schema';
import type { SettingsRow } from './settings';

type ServiceRow = typeof bookingService.$inferSelect;

/**
 * The deposit a booking takes, from the server's menu only: a fixed amount, or a share of the price
 * (rounded to the cent), for every client or new clients only. Online when the professional has
 * connected their own payment account (decision 149); otherwise it is paid at the salon.
 */
export function depositFor(svc: ServiceRow, newClient: boolean, settings: SettingsRow): { cents: number; status: 'none' | 'due' | 'pay-at-salon' } {
  const d = svc.deposit;
  if (!d || (d.appliesTo === 'new' && !newClient)) return { cents: 0, status: 'none' };
  const cents = d.kind === 'fixed' ? d.amountCents : Math.round(((svc.priceCents ?? 0) * d.percent) / 100);
  if (cents <= 0) return { cents: 0, status: 'none' };
  return { cents, status: settings.depositAccountReady ? 'due' : 'pay-at-salon' };
}
