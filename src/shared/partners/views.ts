import { z } from 'zod';
import { PlaceSchema } from '../geo/schemas';

/** What the partner endpoints answer. The server builds these; the web reads them. */
const PortfolioImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  path: z.string(),
  tags: z.array(z.string()),
});
export type PortfolioImage = z.infer<typeof PortfolioImageSchema>;

const PartnerCardSchema = z.object({
  id: z.string(),
  slug: z.string().nullable(),
  businessName: z.string(),
  fullName: z.string(),
  location: z.string(),
  services: z.array(z.string()),
  isVerified: z.boolean(),
  annual: z.boolean(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
  profileImageUrl: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  /** Where the map puts the pin: the matched city, not an address. */
  point: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** Kilometres from the searched place (near-me searches only). */
  distanceKm: z.number().nullable(),
  /** The next free start within the week (ISO with the salon's offset, in its zone), for "Next: Tue 10:30"; null when none or not taking bookings. */
  nextFree: z.object({ start: z.string(), timeZone: z.string(), serviceName: z.string() }).nullable(),
});
export type PartnerCard = z.infer<typeof PartnerCardSchema>;

export const DirectoryPageSchema = z.object({
  featured: z.array(PartnerCardSchema),
  items: z.array(PartnerCardSchema),
  nextPage: z.number().int().nullable(),
  /** The centre of a near-me search and its radius, as understood by the server. */
  near: z.object({ label: z.string(), lat: z.number(), lng: z.number(), radiusKm: z.number() }).nullable(),
});
export type DirectoryPage = z.infer<typeof DirectoryPageSchema>;

export const PublicProfileSchema = PartnerCardSchema.extend({
  bio: z.string(),
  website: z.string(),
  instagram: z.string(),
  facebook: z.string(),
  portfolio: z.array(PortfolioImageSchema),
  styleTags: z.array(z.string()),
  memberSince: z.string(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

export const ReviewViewSchema = z.object({
  id: z.string(),
  /** null once the reviewer deleted their account: the review stays as "Former customer" (decision 154). */
  reviewerId: z.string().nullable(),
  reviewerName: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Written after a completed booking with this professional (issue 33). */
  verified: z.boolean().optional(),
  /** The professional's one public answer. */
  reply: z.object({ text: z.string(), at: z.string() }).nullable().optional(),
});
export type ReviewView = z.infer<typeof ReviewViewSchema>;

export const OwnProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  businessName: z.string(),
  location: z.string(),
  bio: z.string(),
  services: z.array(z.string()),
  website: z.string(),
  instagram: z.string(),
  facebook: z.string(),
  slug: z.string().nullable(),
  profileComplete: z.boolean(),
  subscriptionStatus: z.string(),
  plan: z.enum(['monthly', 'yearly']).nullable(),
  isVerified: z.boolean(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
  profileImage: z.object({ url: z.string(), path: z.string() }).nullable(),
  portfolio: z.array(PortfolioImageSchema),
  /** The GeoNames city the location was matched to; null when nothing matched. */
  place: PlaceSchema.nullable(),
});
export type OwnProfile = z.infer<typeof OwnProfileSchema>;

export const InquiryViewSchema = z.object({
  id: z.string(),
  senderName: z.string(),
  senderEmail: z.string(),
  message: z.string(),
  createdAt: z.string(),
  creation: z.object({ prompt: z.string(), beforeUrl: z.string(), afterUrl: z.string(), summary: z.string().nullable() }).nullable(),
});
export type InquiryView = z.infer<typeof InquiryViewSchema>;

/** uploadPartnerImage's result (docs/product.md §7): where the image is served, its storage path, and its id in the portfolio (null for the profile picture). */
export const UploadedImageSchema = z.object({ downloadUrl: z.string(), path: z.string(), id: z.string().nullable() });
