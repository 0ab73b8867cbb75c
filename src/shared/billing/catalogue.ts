/**
 * The price catalogue (docs/product.md §9 "Pricing data"): three one-time credit packs and two partner
 * listing plans. The ONE source for /pricing, /billing, /partners, /partners/subscribe and the
 * server's checkout. Amounts are USD cents; the server never takes an amount from the browser.
 *
 * `sandboxPriceId` is the built-in price id of the test-mode provider. With Stripe, the real
 * price ids come from the environment (STRIPE_PRICE_*) and the server maps them to these entries.
 */

export const CURRENCY = 'usd' as const;

type PackId = 'starter' | 'creator' | 'studio';
type PlanId = 'monthly' | 'yearly';

export interface CreditPack {
  id: PackId;
  name: string;
  credits: number;
  /** USD cents. */
  amount: number;
  tagline: string;
  features: string[];
  isBestValue: boolean;
  sandboxPriceId: string;
}

export interface PartnerPlan {
  id: PlanId;
  name: string;
  /** USD cents per interval. */
  amount: number;
  interval: 'month' | 'year';
  tagline: string;
  features: string[];
  /** Shown on the card, e.g. 'Most Popular'. */
  badge: string | null;
  sandboxPriceId: string;
}

export const CREDIT_PACKS: readonly CreditPack[] = [
  {
    id: 'starter',
    name: 'Starter',
    credits: 10,
    amount: 499,
    tagline: 'Try a few colours before your next appointment.',
    features: ['10 AI try-ons', 'All 21 colours and techniques', 'Save, share and download results'],
    isBestValue: false,
    sandboxPriceId: 'price_sandbox_starter',
  },
  {
    id: 'creator',
    name: 'Creator',
    credits: 50,
    amount: 1999,
    tagline: 'Explore shades, highlights and balayage side by side.',
    features: ['50 AI try-ons', 'All 21 colours and techniques', 'Save, share and download results', '20% less per try-on than Starter'],
    isBestValue: true,
    sandboxPriceId: 'price_sandbox_creator',
  },
  {
    id: 'studio',
    name: 'Studio',
    credits: 120,
    amount: 3999,
    tagline: 'For stylists showing clients their options.',
    features: ['120 AI try-ons', 'All 21 colours and techniques', 'Save, share and download results', 'Lowest price per try-on'],
    isBestValue: false,
    sandboxPriceId: 'price_sandbox_studio',
  },
];

/** Spec §9: what every partner plan includes. */
const PLAN_CORE_FEATURES = ['Directory profile', 'Search visibility', 'Portfolio images (up to 6)', 'Client inquiries'] as const;

export const PARTNER_PLANS: readonly PartnerPlan[] = [
  {
    id: 'monthly',
    name: 'Monthly',
    amount: 2900,
    interval: 'month',
    tagline: 'Flexible listing, cancel the renewal any time.',
    features: [...PLAN_CORE_FEATURES],
    badge: 'Most Popular',
    sandboxPriceId: 'price_sandbox_partner_monthly',
  },
  {
    id: 'yearly',
    name: 'Yearly',
    amount: 29900,
    interval: 'year',
    tagline: 'A full year in the directory for about ten months’ price.',
    features: [...PLAN_CORE_FEATURES, 'About 2 months free', 'Priority placement', 'Annual member badge'],
    badge: '2 months free',
    sandboxPriceId: 'price_sandbox_partner_yearly',
  },
];

/** Promises a buyer must see where they decide (docs/product.md §1, §9). */
export const PURCHASE_TERMS = {
  packs: 'One-time payment in USD. Credits never expire. Purchases are non-refundable.',
  plans: 'Billed in USD, renews automatically. Cancel the renewal any time from the billing portal. No commissions.',
  cards: 'Payments are handled by our card payment provider; we never store your card details.',
} as const;

export const packById = (id: string) => CREDIT_PACKS.find((p) => p.id === id);
export const planById = (id: string) => PARTNER_PLANS.find((p) => p.id === id);

/** '$4.99', '$29', '$299': whole dollars drop the cents. */
export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

/** Price per credit, e.g. '$0.40'. */
export const perCredit = (pack: Pick<CreditPack, 'amount' | 'credits'>) => `$${(pack.amount / pack.credits / 100).toFixed(2)}`;

/** '/month' or '/year'. */
export const perInterval = (plan: Pick<PartnerPlan, 'interval'>) => `/${plan.interval}`;
