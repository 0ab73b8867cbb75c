import { sql } from 'drizzle-orm';
import { boolean, check, customType, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
import { user } from './auth';
import { createdAt, id, updatedAt } from './columns';
import { creation } from './creations';

/** A hair professional's listing, 1:1 with a user. The unique slug index is the slug reservation. */
export const partner = pgTable(
  'partner',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('partner'),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    businessName: text('business_name').notNull(),
    subscriptionStatus: text('subscription_status').notNull().default('inactive'),
    plan: text('plan', { enum: ['monthly', 'yearly'] }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id').unique(),
    profileComplete: boolean('profile_complete').notNull().default(false),
    profileImageKey: text('profile_image_key'),
    location: text('location').notNull().default(''),
    bio: text('bio').notNull().default(''),
    services: jsonb('services').$type<string[]>().notNull().default([]),
    website: text('website').notNull().default(''),
    instagram: text('instagram').notNull().default(''),
    facebook: text('facebook').notNull().default(''),
    isVerified: boolean('is_verified').notNull().default(false),
    averageRating: doublePrecision('average_rating').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    slug: text('slug').unique(),
    /** Lower-cased business name, location, full name and services: what directory search matches (decision 052). */
    searchText: text('search_text').notNull().default(''),
    /** The search text as words, kept by the database; GIN-indexed and cheap to test while walking the sort order. */
    /** Spec §4 "listed": status active (any case) and profile complete. A column, so the planner has statistics for it. */
    listed: boolean('listed').generatedAlwaysAs(sql`lower(subscription_status) = 'active' and profile_complete`),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
    /** Union of the portfolio images' technique and colour tags, for /professionals?style=&colour=. */
    styleTags: jsonb('style_tags').$type<string[]>().notNull().default([]),
    /** The GeoNames city the location was matched to when the profile was saved, and its coordinates (decision 104). */
    placeId: integer('place_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('partner_listed_idx').on(t.subscriptionStatus, t.profileComplete),
    index('partner_search_vector_idx').using('gin', t.searchVector),
    index('partner_style_tags_idx').using('gin', t.styleTags),
    // near-me: a latitude range scan of the listed rows narrows to a band before the exact distance (decision 104)
    index('partner_geo_idx')
      .on(t.latitude, t.longitude)
      .where(sql`${t.listed} and ${t.latitude} is not null`),
    index('partner_directory_idx')
      .on(t.isVerified.desc(), t.averageRating.desc(), t.businessName, t.userId)
      .where(sql`${t.listed}`),
  ],
);

export const partnerImage = pgTable(
  'partner_image',
  {
    id: id(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partner.userId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['profile', 'portfolio'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    position: integer('position').notNull().default(0),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('partner_image_partner_idx').on(t.partnerId, t.kind, t.position)],
);

/**
 * One review per (partner, reviewer); aggregates on partner change in the same transaction. A deleted
 * reviewer's reviews stay, with no reviewer and the name "Former customer", so averages stay true (decision 154).
 */
export const review = pgTable(
  'review',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partner.userId, { onDelete: 'cascade' }),
    reviewerId: text('reviewer_id').references(() => user.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    reviewerName: text('reviewer_name').notNull(),
    /** The professional's one public answer (issue 33). */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('review_partner_reviewer_uq').on(t.partnerId, t.reviewerId),
    check('review_rating_range', sql`${t.rating} between 1 and 5`),
    index('review_partner_created_idx').on(t.partnerId, t.createdAt),
  ],
);

/** A client's message to a professional, optionally with one of their creations attached as a brief. */
export const inquiry = pgTable(
  'inquiry',
  {
    id: id(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partner.userId, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    senderName: text('sender_name').notNull(),
    senderEmail: text('sender_email').notNull(),
    message: text('message').notNull(),
    creationId: text('creation_id').references(() => creation.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('inquiry_partner_created_idx').on(t.partnerId, t.createdAt), index('inquiry_sender_created_idx').on(t.senderId, t.createdAt)],
);
