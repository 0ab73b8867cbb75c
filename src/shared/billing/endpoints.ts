import { z } from 'zod';
import { callable, endpoint, type Endpoint } from '../endpoint';
import {
  CheckoutSessionResultSchema,
  CheckoutStatusSchema,
  CreateCheckoutSessionSchema,
  LedgerHistorySchema,
  PortalSessionSchema,
  PriceBookSchema,
  SubscriptionSummarySchema,
} from './schemas';

export const billingEndpoints = {
  createCheckoutSession: callable('createCheckoutSession', CreateCheckoutSessionSchema, CheckoutSessionResultSchema),
  prices: endpoint({ method: 'GET', path: '/api/billing/prices', response: PriceBookSchema }),
  subscription: endpoint({ method: 'GET', path: '/api/billing/subscription', response: SubscriptionSummarySchema }),
  checkoutStatus: endpoint({
    method: 'GET',
    path: '/api/billing/checkouts/:id',
    // an over-long id finds nothing (404), as any unknown one
    params: z.object({ id: z.string().transform((id) => id.slice(0, 200)) }),
    response: CheckoutStatusSchema,
  }),
  portal: endpoint({ method: 'POST', path: '/api/billing/portal', response: PortalSessionSchema }),
  ledger: endpoint({ method: 'GET', path: '/api/me/ledger', response: LedgerHistorySchema }),
} as const satisfies Record<string, Endpoint>;
