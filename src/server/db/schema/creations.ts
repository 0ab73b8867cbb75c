import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, id } from './columns';
import { generation } from './credits';

/** A saved try-on. The original's two mirrored collections are this one table. */
export const creation = pgTable(
  'creation',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The generation it was saved from: saving the same result twice returns the same creation. */
    generationId: text('generation_id')
      .unique()
      .references(() => generation.id, { onDelete: 'set null' }),
    prompt: text('prompt').notNull(),
    inputKey: text('input_key').notNull(),
    outputKey: text('output_key').notNull(),
    styleTags: jsonb('style_tags').$type<string[]>().notNull().default([]),
    colour: text('colour'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    shareToken: text('share_token').unique(),
    /** The owner chose to show the original photo on the share page too (decision 111); off by default. */
    shareIncludesBefore: boolean('share_includes_before').notNull().default(false),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('creation_user_created_idx').on(t.userId, t.createdAt)],
);
