import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, updatedAt } from './columns';

/** A checkout session created by the server from a price id it knows. */
export const checkout = pgTable('checkout', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['pack', 'plan'] }).notNull(),
  priceId: text('price_id').notNull(),
  /** The catalogue entry (pack or plan id) the price id stood for when the session was made. */
  itemId: text('item_id'),
  status: text('status', { enum: ['open', 'completed', 'expired'] })
    .notNull()
    .default('open'),
  createdAt: createdAt(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/** Provider event ids already processed: the primary key makes every webhook idempotent. */
export const paymentEvent = pgTable('payment_event', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

/**
 * Our mirror of each provider subscription, fed only by verified webhooks. `lastEventAt` orders
 * events that arrive shuffled; the partner's billing columns are projected from these rows.
 * For the sandbox provider it is also the provider's own state (its portal reads and changes it).
 */
export const billingSubscription = pgTable(
  'billing_subscription',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    customerId: text('customer_id'),
    plan: text('plan', { enum: ['monthly', 'yearly'] }),
    status: text('status').notNull().default('incomplete'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('billing_subscription_user_idx').on(t.userId)],
);
