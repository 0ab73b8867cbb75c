import type { z } from 'zod';
import type { DepositSchema, PriceSchema } from '@shared/booking/schemas';

type Price = z.infer<typeof PriceSchema>;
type Deposit = z.infer<typeof DepositSchema>;

const fmts = new Map<string, Intl.NumberFormat>();
/** "$120", "$12.50" in the service's currency. */
export function money(cents: number, currency: string): string {
  let f = fmts.get(currency);
  if (!f) fmts.set(currency, (f = new Intl.NumberFormat(undefined, { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 2 })));
  return f.format(cents / 100);
}

/** "$120", "from $85", "Priced at consultation". */
export function priceLabel(price: Price, currency: string): string {
  if (price.kind === 'consultation') return 'Priced at consultation';
  return price.kind === 'from' ? `from ${money(price.amountCents, currency)}` : money(price.amountCents, currency);
}

/** The deposit's amount in cents for a price, or null when it cannot be known before the visit. */
export function depositCents(deposit: Deposit, price: Price): number | null {
  if (deposit.kind === 'fixed') return deposit.amountCents;
  if (price.kind === 'consultation') return null;
  return Math.round((price.amountCents * deposit.percent) / 100);
}

/** "A $30 deposit (new clients only)". */
export function depositLabel(deposit: Deposit, price: Price, currency: string): string {
  const cents = depositCents(deposit, price);
  const amount = cents === null ? `${deposit.kind === 'percent' ? `${deposit.percent} %` : ''}` : money(cents, currency);
  return `${amount} deposit${deposit.appliesTo === 'new' ? ' for new clients' : ''}`;
}
