import { asc, eq } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { creation, inquiry, ledgerEntry, partner, partnerImage, review, user } from '../../db/schema';
import type { Services } from '../../services';

type Deps = Pick<Services, 'db' | 'storage'>;

const README = `Your Tress data
===============

profile.json      your account: name, email, when you joined, credits
ledger.json       every change of your credits: welcome credit, packs bought, try-ons, refunds
creations.json    your saved looks; their pictures are in creations/ (before = your photo, after = the result)
reviews.json      the reviews you wrote
inquiries.json    the messages you sent to professionals (and, for a professional, the ones clients sent you)
listing.json      for a professional: your listing; its pictures are in listing/

Dates are in UTC (ISO 8601). Credits are whole numbers; a negative amount is a credit spent.
`;

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
const extension = (contentType: string) => (contentType === 'image/png' ? 'png' : contentType === 'image/webp' ? 'webp' : 'jpg');

/**
 * Everything Tress holds about one account, as a zip: JSON files that a person (or another service) can
 * read, and the stored pictures beside them. Pictures are stored without compression (they are JPEG, PNG
 * or WebP already); a picture missing from storage is listed as missing rather than failing the export.
 */
export async function buildExport(deps: Deps, userId: string): Promise<Uint8Array> {
  const { db, storage } = deps;
  const [me] = await db.select().from(user).where(eq(user.id, userId));
  if (!me) throw new Error(`no user ${userId}`);
  const files: Zippable = { 'README.txt': strToU8(README) };
  const picture = async (key: string | null, name: string): Promise<string | null> => {
    if (!key) return null;
    const obj = await storage.get(key);
    if (!obj) return null;
    const file = `${name}.${extension(obj.contentType)}`;
    files[file] = [new Uint8Array(obj.body), { level: 0 }];
    return file;
  };

  files['profile.json'] = json({
    id: me.id,
    name: me.name,
    email: me.email,
    emailVerified: me.emailVerified,
    image: me.image,
    credits: me.credits,
    joinedAt: me.createdAt.toISOString(),
  });

  const ledger = await db.select().from(ledgerEntry).where(eq(ledgerEntry.userId, userId)).orderBy(asc(ledgerEntry.createdAt));
  files['ledger.json'] = json(ledger.map((l) => ({ at: l.createdAt.toISOString(), amount: l.amount, type: l.type, reference: l.reference })));

  const creations = await db.select().from(creation).where(eq(creation.userId, userId)).orderBy(asc(creation.createdAt));
  const saved = [];
  for (const c of creations) {
    saved.push({
      id: c.id,
      prompt: c.prompt,
      colour: c.colour,
      styleTags: c.styleTags,
      createdAt: c.createdAt.toISOString(),
      shared: c.shareToken !== null,
      before: await picture(c.inputKey, `creations/${c.id}-before`),
      after: await picture(c.outputKey, `creations/${c.id}-after`),
    });
  }
  files['creations.json'] = json(saved);

  const reviews = await db
    .select({ r: review, businessName: partner.businessName })
    .from(review)
    .innerJoin(partner, eq(partner.userId, review.partnerId))
    .where(eq(review.reviewerId, userId));
  files['reviews.json'] = json(
    reviews.map(({ r, businessName }) => ({
      professional: businessName,
      rating: r.rating,
      comment: r.comment,
      shownAs: r.reviewerName,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
  );

  const sent = await db
    .select({ i: inquiry, businessName: partner.businessName })
    .from(inquiry)
    .innerJoin(partner, eq(partner.userId, inquiry.partnerId))
    .where(eq(inquiry.senderId, userId));
  const received = await db.select().from(inquiry).where(eq(inquiry.partnerId, userId));
  files['inquiries.json'] = json({
    sent: sent.map(({ i, businessName }) => ({ to: businessName, message: i.message, creationId: i.creationId, sentAt: i.createdAt.toISOString() })),
    received: received.map((i) => ({ from: i.senderName, email: i.senderEmail, message: i.message, receivedAt: i.createdAt.toISOString() })),
  });

  const [listing] = await db.select().from(partner).where(eq(partner.userId, userId));
  if (listing) {
    const images = await db.select().from(partnerImage).where(eq(partnerImage.partnerId, userId)).orderBy(asc(partnerImage.position));
    const portfolio = [];
    for (const img of images) portfolio.push({ kind: img.kind, tags: img.tags, file: await picture(img.storageKey, `listing/${img.kind}-${img.id}`) });
    files['listing.json'] = json({
      businessName: listing.businessName,
      fullName: listing.fullName,
      email: listing.email,
      slug: listing.slug,
      location: listing.location,
      bio: listing.bio,
      services: listing.services,
      website: listing.website,
      instagram: listing.instagram,
      facebook: listing.facebook,
      verified: listing.isVerified,
      plan: listing.plan,
      subscriptionStatus: listing.subscriptionStatus,
      averageRating: listing.averageRating,
      ratingCount: listing.ratingCount,
      profileImage: await picture(listing.profileImageKey, 'listing/profile'),
      images: portfolio,
      createdAt: listing.createdAt.toISOString(),
    });
  }
  return zipSync(files);
}
