import { describe, expect, it } from 'vitest';
import { chargeTestCard, luhnValid, validateCard } from './test-cards';

describe('sandbox test cards', () => {
  it('checks card numbers with Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('0000')).toBe(false);
  });

  it('validates every field with Stripe-like messages', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '11 / 26', cvc: '123', name: 'A' }, now)).toEqual({});
    expect(validateCard({ number: '4242-4242-4242-4242', expiry: '12/2030', cvc: '1234', name: 'A' }, now)).toEqual({});
    expect(validateCard({ number: '1234', expiry: '13 / 30', cvc: '1', name: ' ' }, now)).toEqual({
      number: 'Your card number is invalid.',
      expiry: 'Your card’s expiration month is invalid.',
      cvc: 'Your card’s security code is incomplete.',
      name: 'Enter the name on your card.',
    });
    expect(validateCard({ number: '4242424242424242', expiry: '10 / 26', cvc: '123', name: 'A' }, now).expiry).toBe(
      'Your card’s expiration year is in the past.',
    );
    expect(validateCard({ number: '4242424242424242', expiry: '1026', cvc: '123', name: 'A' }, now).expiry).toBe('Your card’s expiration date is incomplete.');
  });

  it('pays with the success cards and declines with the decline cards, keeping only brand and last four', () => {
    expect(chargeTestCard('4242 4242 4242 4242')).toEqual({ ok: true, brand: 'visa', last4: '4242' });
    expect(chargeTestCard('5555555555554444')).toEqual({ ok: true, brand: 'mastercard', last4: '4444' });
    expect(chargeTestCard('4000000000000002')).toMatchObject({ ok: false, declineCode: 'generic_decline', message: 'Your card was declined.', last4: '0002' });
    expect(chargeTestCard('4000000000009995')).toMatchObject({ ok: false, declineCode: 'insufficient_funds' });
    const live = chargeTestCard('4111111111111111');
    expect(live).toMatchObject({ ok: false, declineCode: 'live_card_in_test_mode', brand: 'unknown', last4: '1111' });
    expect(JSON.stringify(live)).not.toContain('4111111111111111');
  });
});
