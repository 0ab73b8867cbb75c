import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { partner } from './partners';

/**
 * Per professional, per day, per kind: how often the public profile was opened and how often it was opened
 * from directory results. Counters, not a row per visit: nothing here says who looked (decision 106).
 */
export const partnerDailyStat = pgTable(
  'partner_daily_stat',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partner.userId, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['view', 'directory-click'] }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.day, t.kind] }), check('partner_daily_stat_count', sql`${t.count} >= 0`)],
);

/**
 * A signed-in person's coarse location: the GeoNames city they last searched the directory near, never a
 * street or a browser position. Local demand counts renders by it (decision 106).
 */
export const userPlace = pgTable(
  'user_place',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    placeId: integer('place_id').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_place_lat_idx').on(t.latitude, t.longitude)],
);
