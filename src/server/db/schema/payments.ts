import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt } from './columns';

/** A checkout session created by the server from a price id it knows. */
export const checkout = pgTable('checkout', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
  userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['pack', 'plan'] }).notNull(),
  priceId: text('price_id').notNull(),
  status: text('status', { enum: ['open', 'completed', 'expired'] }).notNull().default('open'),
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
