import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, id } from './columns';

/**
 * A "download my data" request: built by a job into one zip in storage, downloadable by its owner
 * until `expiresAt`, then removed. Goes with the account.
 */
export const accountExport = pgTable(
  'account_export',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('account_export_user_created_idx').on(t.userId, t.createdAt)],
);
