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
 * Who already counted today, so a view or directory click counts once per visitor per day (issue 34):
 * a hash of the visitor (account id, else address and browser) with the day's salt, never the visitor.
 * Rows and salts of earlier days are deleted when a new day's salt is made, so yesterday's hashes cannot
 * be matched against today's.
 */
export const partnerVisit = pgTable(
  'partner_visit',
  {
    partnerId: text('partner_id')
      .notNull()
      .references(() => partner.userId, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['view', 'directory-click'] }).notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.day, t.kind, t.visitor] })],
);

/** The random salt of one UTC day for visitor hashes, shared by every instance; deleted the next day. */
export const visitSalt = pgTable('visit_salt', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

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
