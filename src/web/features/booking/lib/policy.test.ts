import { describe, expect, it } from 'vitest';
import { depositCents } from './money';
import { cancelConsequence, policyLines } from './policy';

const policy = { cancellationWindowHours: 48, lateCancelFeePercent: 50, noShowFeePercent: 100, note: '' };

describe('policy sentences', () => {
  it('states the window and the fees before booking', () => {
    expect(policyLines(policy)).toEqual([
      'Cancel or move your appointment free of charge up to 2 days before it starts.',
      'Cancelling later costs 50 % of the service price.',
      'Not turning up costs 100 % of the service price.',
    ]);
  });

  it('spells out what cancelling now costs', () => {
    const paid = { amountCents: 3000, status: 'paid', currency: 'USD' };
    expect(cancelConsequence({ late: false, deposit: paid, currency: 'USD' }, policy, 'Copper & Comb')).toMatch(/deposit is refunded in full/);
    expect(cancelConsequence({ late: true, deposit: paid, currency: 'USD' }, policy, 'Copper & Comb')).toMatch(
      /less than 2 days before the appointment: under Copper & Comb’s policy your \$30 deposit is kept/,
    );
    expect(cancelConsequence({ late: true, deposit: { amountCents: 0, status: 'none' }, currency: 'USD' }, policy, 'X')).toMatch(
      /late fee of 50 % of the price is due at the salon/,
    );
  });

  it('works a percentage deposit out from the price, and not from a price set at consultation', () => {
    expect(depositCents({ kind: 'percent', percent: 25, appliesTo: 'all' }, { kind: 'fixed', amountCents: 12000 })).toBe(3000);
    expect(depositCents({ kind: 'percent', percent: 25, appliesTo: 'all' }, { kind: 'consultation' })).toBeNull();
    expect(depositCents({ kind: 'fixed', amountCents: 2000, appliesTo: 'new' }, { kind: 'consultation' })).toBe(2000);
  });
});
