import type { z } from 'zod';
import type { PolicySchema } from '@shared/booking/schemas';
import { money } from './money';

type Policy = z.infer<typeof PolicySchema>;

const hours = (h: number) => (h % 24 === 0 && h >= 48 ? `${h / 24} days` : `${h} ${h === 1 ? 'hour' : 'hours'}`);

/** The policy in plain sentences, as shown before booking. */
export function policyLines(p: Policy): string[] {
  const lines: string[] = [];
  if (p.cancellationWindowHours === 0) lines.push('Cancel or move your appointment free of charge until it starts.');
  else lines.push(`Cancel or move your appointment free of charge up to ${hours(p.cancellationWindowHours)} before it starts.`);
  if (p.cancellationWindowHours > 0 && p.lateCancelFeePercent > 0) lines.push(`Cancelling later costs ${p.lateCancelFeePercent} % of the service price.`);
  if (p.noShowFeePercent > 0) lines.push(`Not turning up costs ${p.noShowFeePercent} % of the service price.`);
  return lines;
}

/**
 * What cancelling now means for the client, in one sentence. Online only the deposit can be kept; a fee
 * above it is owed at the salon under the written policy.
 */
export function cancelConsequence(
  b: { late: boolean; deposit: { amountCents: number; status: string }; currency: string },
  p: Policy | undefined,
  businessName: string,
): string {
  const paid = b.deposit.status === 'paid' ? money(b.deposit.amountCents, b.currency) : null;
  if (!b.late) return paid ? `You cancel in good time: your ${paid} deposit is refunded in full.` : 'You cancel in good time: there is nothing to pay.';
  const fee = p?.lateCancelFeePercent ?? 0;
  const within = p ? `less than ${hours(p.cancellationWindowHours)} before the appointment` : 'late';
  if (paid) return `This is ${within}: under ${businessName}’s policy your ${paid} deposit is kept${fee ? ` (the late fee is ${fee} % of the price)` : ''}.`;
  return fee
    ? `This is ${within}: under ${businessName}’s policy a late fee of ${fee} % of the price is due at the salon.`
    : `This is ${within}, but ${businessName} charges no late fee.`;
}
