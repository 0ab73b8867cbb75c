import { index, integer, jsonb, numeric, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, id } from './columns';

/**
 * Every change of a user's credits. Invariant: user.credits = sum(amount) per user.
 * (type, reference) is unique so a replayed webhook or a retried refund cannot count twice.
 * A deleted account's entries stay as a record with no user (decision 154).
 */
export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    id: id(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    type: text('type', { enum: ['credit', 'generation', 'welcome', 'refund'] }).notNull(),
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('ledger_type_reference_uq').on(t.type, t.reference), index('ledger_user_created_idx').on(t.userId, t.createdAt)],
);

/** One paid generation attempt; `pending` rows left by a crash are refunded by the sweeper. */
export const generation = pgTable(
  'generation',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    engine: text('engine'),
    applied: text('applied'),
    error: text('error'),
    timings: jsonb('timings').$type<Record<string, number>>(),
    durationMs: integer('duration_ms'),
    /** Normalised input (orientation applied, metadata stripped) and result, kept until saved or purged. */
    inputKey: text('input_key'),
    outputKey: text('output_key'),
    /** What the engine applied (AppliedLook), so a creation saved later carries it. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('generation_user_idx').on(t.userId, t.createdAt), index('generation_status_idx').on(t.status, t.createdAt)],
);

/**
 * One call to a hosted image model and what it cost the operator (issue 36, decision 168), whether the
 * picture was shown or refused: the daily budget and /metrics add these up. It names its generation but
 * does not hang on it: the spend stays recorded when a generation or its account is removed.
 */
export const hostedCall = pgTable(
  'hosted_call',
  {
    id: id(),
    generationId: text('generation_id').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    images: integer('images').notNull(),
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    costUsd: numeric('cost_usd', { precision: 12, scale: 6, mode: 'number' }).notNull(),
    /** The picture was shown (`shown`) or the studio refused it and gave the credit back (`refused`). */
    outcome: text('outcome', { enum: ['shown', 'refused'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('hosted_call_created_idx').on(t.createdAt)],
);
