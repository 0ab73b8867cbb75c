import { z } from 'zod';
import { EmailSchema, PasswordSchema } from '../auth';
import { LIMITS } from '../constants';
import { DEFAULT_RADIUS_KM, RADII_KM } from '../geo/distance';
import { MSG } from '../messages';
import { TextSchema } from '../safe-text';
import { COLOUR_WORDS } from '../hair/colour-words';
import { TECHNIQUES } from '../hair/techniques';
import { parseServices } from './format';
import { STYLE_TAGS } from './style-tags';

const required = (label: string, max = 120) => TextSchema.trim().min(1, `${label} is required.`).max(max, `${label} is too long.`);

/** /partners/signup (docs/product.md §5: all four fields required). */
export const PartnerSignupSchema = z.object({
  fullName: required('Full name', 80),
  businessName: required('Business name'),
  email: EmailSchema,
  password: PasswordSchema.max(128, 'Password is too long.'),
});
export type PartnerSignupInput = z.infer<typeof PartnerSignupSchema>;

/** Join as a Professional, for someone already signed in. */
export const JoinPartnerSchema = PartnerSignupSchema.pick({ fullName: true, businessName: true });
export type JoinPartnerInput = z.infer<typeof JoinPartnerSchema>;

const optionalText = (max: number, label: string) => TextSchema.trim().max(max, `${label} is too long.`).default('');
const link = (label: string) => optionalText(200, label).refine((v) => !v || !/[\s<>"]/.test(v), `${label} must be a link or a handle without spaces.`);

/** /partner/profile save. Services arrive as the comma-separated text or as a list; both become the list. */
export const PartnerProfileSchema = z.object({
  fullName: required('Full name', 80),
  businessName: required('Business name'),
  location: optionalText(120, 'Location'),
  /** The GeoNames city chosen from the autocomplete; without it the location text is matched on save. */
  placeId: z.number().int().positive().nullable().optional(),
  bio: TextSchema.trim().max(LIMITS.bioChars, `Bio must be at most ${LIMITS.bioChars} characters.`).default(''),
  services: z
    .union([z.string().max(1000), z.array(z.string().max(60)).max(30)])
    .transform((v) => parseServices(Array.isArray(v) ? v.join(',') : v))
    .pipe(z.array(z.string().max(60, 'Each service must be at most 60 characters.')).max(20, 'List at most 20 services.')),
  website: link('Website'),
  instagram: link('Instagram'),
  facebook: link('Facebook'),
});
export type PartnerProfileInput = z.input<typeof PartnerProfileSchema>;
export type PartnerProfile = z.output<typeof PartnerProfileSchema>;

const TAG_IDS = new Set(STYLE_TAGS.map((t) => t.id));
const StyleTagSchema = z.string().refine((t) => TAG_IDS.has(t), 'Unknown style tag.');

export const PortfolioTagsSchema = z.object({
  tags: z
    .array(StyleTagSchema)
    .max(8, 'Choose at most 8 tags.')
    .transform((t) => [...new Set(t)]),
});
export const PortfolioOrderSchema = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(LIMITS.portfolioImages) });

/** Callables of docs/product.md §7. */
export const UploadPartnerImageSchema = z.object({
  type: z.enum(['profile', 'portfolio']),
  fileName: z.string().max(200),
  contentType: z.string().max(100),
  base64: z.string().min(1, MSG.imageType),
});
export type UploadPartnerImageInput = z.infer<typeof UploadPartnerImageSchema>;
export const DeletePartnerImageSchema = z.object({ path: z.string().min(1).max(512), url: z.string().max(1024).optional() });

/** Spec §5 review: rating 1-5, trimmed comment 2-600. */
export const ReviewInputSchema = z.object({
  rating: z.number().int().min(1, 'Choose a rating from 1 to 5 stars.').max(5, 'Choose a rating from 1 to 5 stars.'),
  comment: TextSchema.trim()
    .min(LIMITS.reviewMin, `Write at least ${LIMITS.reviewMin} characters.`)
    .max(LIMITS.reviewMax, `Keep it under ${LIMITS.reviewMax} characters.`),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

const coordinate = (max: number) => z.coerce.number().min(-max).max(max).optional().catch(undefined);

/**
 * /professionals?q=&style=&colour=&page= and near me: `near` (a GeoNames city id) or `lat`+`lng` (the
 * browser's position), within `radius` km. A bad value is dropped rather than refused, like the filters.
 */
export const DirectoryQuerySchema = z.object({
  q: TextSchema.trim().max(100).optional().default(''),
  style: z
    .enum(TECHNIQUES.map((t) => t.id) as [string, ...string[]])
    .optional()
    .catch(undefined),
  colour: z
    .enum(COLOUR_WORDS.map((c) => c.id) as [string, ...string[]])
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(1000).optional().default(1),
  near: z.coerce.number().int().positive().optional().catch(undefined),
  lat: coordinate(90),
  lng: coordinate(180),
  radius: z.coerce
    .number()
    .refine((r) => (RADII_KM as readonly number[]).includes(r))
    .optional()
    .default(DEFAULT_RADIUS_KM)
    .catch(DEFAULT_RADIUS_KM),
  /** `week`: only professionals with a free time for some service in the next 7 days (issue 33). */
  available: z.enum(['week']).optional().catch(undefined),
});
export type DirectoryQuery = z.infer<typeof DirectoryQuerySchema>;

/** A client inquiry, optionally with one of the sender's creations as a "show my stylist" brief. */
export const InquiryInputSchema = z.object({
  message: TextSchema.trim().min(10, 'Tell them a little more (at least 10 characters).').max(2000, 'Keep it under 2000 characters.'),
  creationId: z.string().min(1).max(64).optional(),
});
export type InquiryInput = z.infer<typeof InquiryInputSchema>;
