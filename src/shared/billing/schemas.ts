import { z } from 'zod';

/** Callable createCheckoutSession (docs/product.md §7): the browser sends only a price id, plus which flow it came from. */
export const CreateCheckoutSessionSchema = z.object({
  priceId: z.string().trim().min(1, 'Choose a pack or plan.').max(200),
  /** The page's flow: a plan's price id used in the pack flow (or the reverse) is refused. */
  flow: z.enum(['pack', 'plan']).optional(),
});
export type CreateCheckoutSessionInput = z.infer<typeof CreateCheckoutSessionSchema>;

export const CheckoutSessionResultSchema = z.object({ url: z.string() });

/** GET /api/billing/prices: the active provider's price id for each catalogue entry. */
export const PriceBookSchema = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  packs: z.record(z.string(), z.string()),
  plans: z.record(z.string(), z.string()),
});
export type PriceBook = z.infer<typeof PriceBookSchema>;

const LedgerTypeSchema = z.enum(['credit', 'generation', 'welcome', 'refund']);
export type LedgerKind = z.infer<typeof LedgerTypeSchema>;

/** GET /api/me/ledger: the latest entries (DISPLAY.billingHistory), newest first. */
export const LedgerHistorySchema = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      amount: z.number().int(),
      type: LedgerTypeSchema,
      /** The pack bought, for purchases. */
      packName: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type LedgerHistory = z.infer<typeof LedgerHistorySchema>;

/** Spec §3: 'credit' means purchase, generation is Image Generation; the newer kinds are named for what they are. */
export const LEDGER_LABELS: Record<LedgerKind, string> = {
  credit: 'Credit purchase',
  generation: 'Image Generation',
  welcome: 'Welcome credit',
  refund: 'Refund',
};

/** GET /api/billing/checkouts/{id}: whether the result page's session was paid yet (owner only). */
export const CheckoutStatusSchema = z.object({
  status: z.enum(['open', 'completed', 'expired']),
  kind: z.enum(['pack', 'plan']),
  /** The pack's or plan's name, and the pack's credits. */
  name: z.string().nullable(),
  credits: z.number().int().nullable(),
});

/** POST /api/billing/portal answers where the billing portal is. */
export const PortalSessionSchema = z.object({ url: z.string() });

/** What /partners/subscribe shows about the signed-in user's partner subscription. */
export const SubscriptionSummarySchema = z.object({
  isPartner: z.boolean(),
  status: z.string(),
  plan: z.enum(['monthly', 'yearly']).nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  canManage: z.boolean(),
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummarySchema>;
