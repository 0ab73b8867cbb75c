import type Stripe from 'stripe';
import { CREDIT_PACKS, PARTNER_PLANS, type CreditPack, type PartnerPlan } from '@shared/billing/catalogue';
import type { PriceBook } from '@shared/billing/schemas';

export type ProviderName = 'sandbox' | 'stripe';

/** What a price id stands for. The server decides credits and plans from this, never from the browser. */
export type CatalogueItem = { kind: 'pack'; pack: CreditPack } | { kind: 'plan'; plan: PartnerPlan };

interface CheckoutRequest {
  user: { id: string; email: string };
  priceId: string;
  item: CatalogueItem;
  /** The provider customer of a partner who paid before, so the portal shows one history. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
  /** Makes a retried create call return the same session instead of a second one. */
  idempotencyKey: string;
}

/** A booking deposit's checkout, charged on the professional's own account (decision 171). */
interface DepositCheckoutRequest {
  accountId: string;
  bookingId: string;
  /** Minor units of `currency`, from the server's copy of the booking. */
  amountCents: number;
  currency: string;
  /** What the client sees on the payment page, e.g. "Deposit: Copper balayage at Copper & Comb Studio". */
  description: string;
  clientEmail: string;
  successUrl: string;
  cancelUrl: string;
}

/**
 * Stripe Connect for deposits, shaped for a directory that takes no commission: the professional's own
 * (standard) account, direct charges on it with no application fee, refunds from it. The sandbox offers the
 * same calls with its own onboarding and payment pages.
 */
export interface DepositPayments {
  createAccount(req: { partnerId: string; email: string; businessName: string }): Promise<{ accountId: string }>;
  /** The provider's onboarding page for the account; `returnUrl` when done, `refreshUrl` when the link went stale. */
  onboardingLink(req: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  /** Stripe: whether the account can take charges now (its webhook may come later). The sandbox's state is our row. */
  accountReady?(accountId: string): Promise<boolean>;
  createCheckout(req: DepositCheckoutRequest): Promise<{ id: string; url: string }>;
  /** Closes an unpaid checkout whose hold was released, so it can no longer be paid. */
  expireCheckout(req: { accountId: string; checkoutId: string }): Promise<void>;
  /** Refunds `amountCents` of a payment; the idempotency key makes a retried refund one refund. */
  refund(req: { accountId: string; paymentId: string; amountCents: number; idempotencyKey: string }): Promise<void>;
}

/**
 * A card payment provider. Both implementations speak Stripe's event format and signing scheme,
 * so one webhook handler serves both: the sandbox is "Stripe in test mode, hosted by us".
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** price id → catalogue item, for the ids this provider accepts. */
  readonly prices: ReadonlyMap<string, CatalogueItem>;
  createCheckoutSession(req: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** Verifies the `Stripe-Signature` header over the raw body; throws on a bad or stale signature. */
  constructEvent(rawBody: string, signature: string | undefined): Stripe.Event;
  createPortalSession(req: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * Stripe: cancels a subscription at once, at the provider (an account's deletion). The sandbox has no
   * such call: its subscriptions live in our rows and end by a signed event (sandbox-portal's portalAction).
   */
  cancelSubscription?(subscriptionId: string): Promise<void>;
  readonly deposits: DepositPayments;
}

/** Builds the price book from one price id per catalogue entry (missing ids leave that entry unavailable). */
export function buildPriceBook(idFor: (item: CatalogueItem) => string | undefined): Map<string, CatalogueItem> {
  const book = new Map<string, CatalogueItem>();
  const items: CatalogueItem[] = [
    ...CREDIT_PACKS.map((pack) => ({ kind: 'pack' as const, pack })),
    ...PARTNER_PLANS.map((plan) => ({ kind: 'plan' as const, plan })),
  ];
  for (const item of items) {
    const id = idFor(item);
    if (id) book.set(id, item);
  }
  return book;
}

export const itemId = (item: CatalogueItem) => (item.kind === 'pack' ? item.pack.id : item.plan.id);
export const itemName = (item: CatalogueItem) => (item.kind === 'pack' ? `${item.pack.name} pack` : `${item.plan.name} listing plan`);
export const itemAmount = (item: CatalogueItem) => (item.kind === 'pack' ? item.pack.amount : item.plan.amount);

/** The public view of the price book: which price id to send for each pack and plan. */
export function publicPriceBook(provider: PaymentProvider): PriceBook {
  const packs: Record<string, string> = {};
  const plans: Record<string, string> = {};
  for (const [priceId, item] of provider.prices) {
    if (item.kind === 'pack') packs[item.pack.id] = priceId;
    else plans[item.plan.id] = priceId;
  }
  return { provider: provider.name, packs, plans };
}

/** Looks up the catalogue item of a price id. */
export function findItemByCatalogueId(provider: PaymentProvider, kind: 'pack' | 'plan', id: string): { priceId: string; item: CatalogueItem } | undefined {
  for (const [priceId, item] of provider.prices) {
    if (item.kind === kind && itemId(item) === id) return { priceId, item };
  }
  return undefined;
}
