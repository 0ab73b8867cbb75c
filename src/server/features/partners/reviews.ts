import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { partner, review, user } from '../../db/schema';
import type { EventBus } from '../../events/bus';
import { AppError } from '../../http/app-error';
import { MSG } from '@shared/messages';
import { reviewerName } from '@shared/partners/format';
import type { ReviewInput } from '@shared/partners/schemas';
import type { ReviewView } from '@shared/partners/views';
import { verifiedReviewers } from '../booking/review-booking';
import { listed } from './directory-search';

/** Newest first (docs/product.md §7: live list by createdAt descending). Only a listed partner's reviews are public. */
export async function listReviews(db: Db, partnerId: string): Promise<ReviewView[]> {
  await requireListedPartner(db, partnerId);
  const rows = await db.select().from(review).where(eq(review.partnerId, partnerId)).orderBy(desc(review.createdAt), desc(review.id)).limit(200);
  const verified = await verifiedReviewers(db, partnerId);
  return rows.map((r) => view(r, !!r.reviewerId && verified.has(r.reviewerId)));
}

/**
 * Create or update the caller's review (docs/product.md §4: an update keeps the original createdAt). The partner
 * row is locked, so concurrent reviews of one partner take turns and the aggregates are recomputed
 * from the rows in the same transaction: they always equal the rows.
 */
export async function upsertReview(db: Db, bus: EventBus, reviewerId: string, partnerId: string, input: ReviewInput): Promise<ReviewView> {
  if (reviewerId === partnerId) throw new AppError('permission-denied', 'You cannot review your own listing.');
  const [me] = await db.select({ name: user.name }).from(user).where(eq(user.id, reviewerId));
  if (!me) throw new AppError('unauthenticated', MSG.reviewSignIn);
  return db.transaction(async (tx) => {
    await lockListedPartner(tx, partnerId);
    const now = new Date();
    const [row] = await tx
      .insert(review)
      .values({ partnerId, reviewerId, rating: input.rating, comment: input.comment, reviewerName: reviewerName(me.name), createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [review.partnerId, review.reviewerId],
        set: { rating: input.rating, comment: input.comment, reviewerName: reviewerName(me.name), updatedAt: now },
      })
      .returning();
    await recompute(tx, bus, partnerId);
    return view(row, (await verifiedReviewers(tx, partnerId, reviewerId)).has(reviewerId));
  });
}

/** Deletes the caller's own review; there is no way to name someone else's. */
export async function deleteReview(db: Db, bus: EventBus, reviewerId: string, partnerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockListedPartner(tx, partnerId);
    const gone = await tx
      .delete(review)
      .where(and(eq(review.partnerId, partnerId), eq(review.reviewerId, reviewerId)))
      .returning({ id: review.id });
    if (!gone.length) throw new AppError('not-found', 'You have no review here to delete.');
    await recompute(tx, bus, partnerId);
  });
}

async function recompute(tx: Tx, bus: EventBus, partnerId: string) {
  await tx.execute(sql`
    update partner set
      average_rating = coalesce((select avg(rating)::float8 from review where partner_id = ${partnerId}), 0),
      rating_count = (select count(*)::int from review where partner_id = ${partnerId}),
      updated_at = now()
    where user_id = ${partnerId}`);
  await bus.publish(tx, `partner:${partnerId}`, { type: 'reviews', partnerId });
}

async function lockListedPartner(tx: Tx, partnerId: string) {
  const [row] = await tx
    .select({ id: partner.userId })
    .from(partner)
    .where(and(eq(partner.userId, partnerId), listed))
    .for('update');
  if (!row) throw new AppError('not-found', MSG.partnerNotFound);
}

async function requireListedPartner(db: Db, partnerId: string) {
  const [row] = await db
    .select({ id: partner.userId })
    .from(partner)
    .where(and(eq(partner.userId, partnerId), listed));
  if (!row) throw new AppError('not-found', MSG.partnerNotFound);
}

const view = (r: typeof review.$inferSelect, verified: boolean): ReviewView => ({
  id: r.id,
  reviewerId: r.reviewerId,
  // re-checked on the way out: rows written before decision 108 may hold the reviewer's email
  reviewerName: reviewerName(r.reviewerName),
  rating: r.rating,
  comment: r.comment,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  verified,
  reply: r.reply && r.repliedAt ? { text: r.reply, at: r.repliedAt.toISOString() } : null,
});

/** The professional's one public answer to a review; a second answer is refused, not overwritten. */
export async function replyToReview(db: Db, partnerId: string, reviewerId: string, text: string): Promise<ReviewView> {
  const [row] = await db
    .update(review)
    .set({ reply: text, repliedAt: new Date() })
    .where(and(eq(review.partnerId, partnerId), eq(review.reviewerId, reviewerId), sql`${review.reply} is null`))
    .returning();
  if (!row) {
    const [exists] = await db
      .select({ id: review.id })
      .from(review)
      .where(and(eq(review.partnerId, partnerId), eq(review.reviewerId, reviewerId)));
    if (!exists) throw new AppError('not-found', 'No such review of your listing.');
    throw new AppError('aborted', 'You have already answered this review.');
  }
  return view(row, (await verifiedReviewers(db, partnerId, reviewerId)).has(reviewerId));
}
