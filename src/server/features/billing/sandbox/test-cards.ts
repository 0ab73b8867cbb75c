/**
 * The sandbox accepts Stripe's published test cards and nothing else, like Stripe in test mode.
 * Only the brand and last four digits ever leave this module.
 */
export interface CardOutcome {
  ok: boolean;
  brand: string;
  last4: string;
  /** Stripe's decline code and the message its hosted checkout shows. */
  declineCode?: string;
  message?: string;
}

const TEST_CARDS: Record<string, { brand: string; declineCode?: string; message?: string }> = {
  '4242424242424242': { brand: 'visa' },
  '4000056655665556': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '378282246310005': { brand: 'amex' },
  '4000000000000002': { brand: 'visa', declineCode: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { brand: 'visa', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { brand: 'visa', declineCode: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { brand: 'visa', declineCode: 'incorrect_cvc', message: 'Your card’s security code is incorrect.' },
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

/** Field errors in the order the form shows them; empty when the card can be charged (or declined). */
export function validateCard(form: CardForm, now = new Date()): Partial<Record<keyof CardForm, string>> {
  const errors: Partial<Record<keyof CardForm, string>> = {};
  const digits = form.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.number = 'Your card number is invalid.';
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry);
  if (!m) errors.expiry = 'Your card’s expiration date is incomplete.';
  else {
    const month = Number(m[1]);
    const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    const endOfMonth = new Date(Date.UTC(year, month, 1));
    if (month < 1 || month > 12) errors.expiry = 'Your card’s expiration month is invalid.';
    else if (endOfMonth <= now) errors.expiry = 'Your card’s expiration year is in the past.';
  }
  if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = 'Your card’s security code is incomplete.';
  if (!form.name.trim()) errors.name = 'Enter the name on your card.';
  return errors;
}

/** What charging this (already valid) card does in test mode. */
export function chargeTestCard(number: string): CardOutcome {
  const digits = number.replace(/[\s-]/g, '');
  const last4 = digits.slice(-4);
  const card = TEST_CARDS[digits];
  if (!card) {
    return {
      ok: false,
      brand: 'unknown',
      last4,
      declineCode: 'live_card_in_test_mode',
      message: 'Your card was declined. This checkout is in test mode: use a test card such as 4242 4242 4242 4242.',
    };
  }
  return card.declineCode
    ? { ok: false, brand: card.brand, last4, declineCode: card.declineCode, message: card.message }
    : { ok: true, brand: card.brand, last4 };
}
