import { money } from './money';
import type { BookingState } from '@shared/booking/views';

/** Each state in the client's words, and its badge colour. */
export const STATE_LABEL: Record<BookingState, { text: string; tone: string }> = {
  held: { text: 'Waiting for deposit', tone: 'bg-amber-100 text-amber-900' },
  pending: { text: 'Request sent', tone: 'bg-amber-100 text-amber-900' },
  confirmed: { text: 'Confirmed', tone: 'bg-emerald-100 text-emerald-900' },
  declined: { text: 'Declined', tone: 'bg-stone-200 text-stone-700' },
  expired: { text: 'Expired', tone: 'bg-stone-200 text-stone-700' },
  cancelled_by_client: { text: 'Cancelled', tone: 'bg-stone-200 text-stone-700' },
  cancelled_by_professional: { text: 'Cancelled by the salon', tone: 'bg-red-100 text-red-900' },
  completed: { text: 'Completed', tone: 'bg-sky-100 text-sky-900' },
  no_show: { text: 'Missed', tone: 'bg-red-100 text-red-900' },
};

/** The deposit line for a booking, or null when none was asked; a part refunded says how much. */
export function depositStatusText(d: { amountCents: number; status: string; refundCents: number }, currency: string): string | null {
  const amount = money(d.amountCents, currency);
  const part = d.refundCents > 0 && d.refundCents < d.amountCents ? money(d.refundCents, currency) : null;
  switch (d.status) {
    case 'pay-at-salon':
      return `${amount} deposit, paid at the salon`;
    case 'due':
      return `${amount} deposit to pay`;
    case 'paid':
      return `${amount} deposit paid`;
    case 'refunding':
      return part ? `${part} of the ${amount} deposit being refunded` : `${amount} deposit being refunded`;
    case 'refunded':
      return part ? `${part} of the ${amount} deposit refunded, the rest kept under the policy` : `${amount} deposit refunded`;
    case 'forfeited':
      return `${amount} deposit kept under the policy`;
    default:
      return null;
  }
}
