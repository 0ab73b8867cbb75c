import { describe, expect, it } from 'vitest';
import { depositAfter } from './deposit-amount';

describe('what a paid deposit becomes when a booking ends (decision 171)', () => {
  const policy = { lateCancelFeePercent: 50, noShowFeePercent: 100 };
  const row = { depositCents: 3000, priceCents: 12000 };

  it('gives it all back when the salon cancels or declines, a request expires, or the client cancels in time', () => {
    for (const to of ['cancelled_by_professional', 'declined', 'expired'] as const)
      expect(depositAfter(row, to, false, policy)).toEqual({ status: 'refunding', refundCents: 3000 });
    expect(depositAfter(row, 'cancelled_by_client', false, policy)).toEqual({ status: 'refunding', refundCents: 3000 });
  });

  it('keeps the policy’s fee out of a late cancel or a no-show, never more than the deposit', () => {
    expect(depositAfter(row, 'cancelled_by_client', true, policy)).toEqual({ status: 'forfeited', refundCents: 0 });
    expect(depositAfter(row, 'cancelled_by_client', true, { ...policy, lateCancelFeePercent: 10 })).toEqual({ status: 'refunding', refundCents: 1800 });
    expect(depositAfter(row, 'cancelled_by_client', true, { ...policy, lateCancelFeePercent: 0 })).toEqual({ status: 'refunding', refundCents: 3000 });
    expect(depositAfter(row, 'no_show', false, policy)).toEqual({ status: 'forfeited', refundCents: 0 });
    // priced at the consultation: any fee keeps the whole deposit
    expect(depositAfter({ depositCents: 2000, priceCents: null }, 'no_show', false, { ...policy, noShowFeePercent: 1 })).toEqual({
      status: 'forfeited',
      refundCents: 0,
    });
  });

  it('keeps it as part of the bill after the visit', () => {
    expect(depositAfter(row, 'completed', false, policy)).toBeNull();
  });
});
