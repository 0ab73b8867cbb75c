import { z } from 'zod';
import { callable, endpoint, type Endpoint } from '../endpoint';
import {
  DeletePartnerImageSchema,
  DirectoryQuerySchema,
  InquiryInputSchema,
  JoinPartnerSchema,
  PartnerProfileSchema,
  PartnerSignupSchema,
  PortfolioOrderSchema,
  PortfolioTagsSchema,
  ReviewInputSchema,
  UploadPartnerImageSchema,
} from './schemas';
import { DirectoryPageSchema, InquiryViewSchema, OwnProfileSchema, PublicProfileSchema, ReviewViewSchema, UploadedImageSchema } from './views';

/** An id or slug in a path: an over-long one finds nothing (404), as any unknown one. */
const key = (max: number) => z.string().transform((s) => s.slice(0, max));
const partnerId = z.object({ id: key(80) });
const Ok = z.object({ ok: z.literal(true) });

/** Public directory, profiles and reviews, and becoming a partner. */
export const partnersEndpoints = {
  /** Answers 201; the account is verified by email before it signs in. */
  signUp: endpoint({
    method: 'POST',
    path: '/api/partners/signup',
    body: PartnerSignupSchema,
    response: z.object({ email: z.string(), message: z.string() }),
  }),
  join: endpoint({ method: 'POST', path: '/api/partners/join', body: JoinPartnerSchema, response: z.object({ created: z.boolean() }) }),
  directory: endpoint({ method: 'GET', path: '/api/partners', query: DirectoryQuerySchema, response: DirectoryPageSchema }),
  profile: endpoint({
    method: 'GET',
    path: '/api/partners/:idOrSlug',
    params: z.object({ idOrSlug: key(80) }),
    /** `via=directory` when opened from the results: counted for the professional's insights; another value is ignored. */
    query: z.object({ via: z.enum(['directory']).optional().catch(undefined) }),
    response: PublicProfileSchema,
  }),
  reviews: endpoint({ method: 'GET', path: '/api/partners/:id/reviews', params: partnerId, response: z.object({ reviews: z.array(ReviewViewSchema) }) }),
  saveReview: endpoint({
    method: 'PUT',
    path: '/api/partners/:id/review',
    params: partnerId,
    body: ReviewInputSchema,
    response: z.object({ review: ReviewViewSchema }),
  }),
  deleteReview: endpoint({ method: 'DELETE', path: '/api/partners/:id/review', params: partnerId, response: Ok }),
  /** Answers 201. */
  sendInquiry: endpoint({
    method: 'POST',
    path: '/api/partners/:id/inquiries',
    params: partnerId,
    body: InquiryInputSchema,
    response: z.object({ id: z.string() }),
  }),
} as const satisfies Record<string, Endpoint>;

const WithProfile = z.object({ profile: OwnProfileSchema });

/** The signed-in partner's own listing, inquiries and images. */
export const partnerAccountEndpoints = {
  profile: endpoint({ method: 'GET', path: '/api/partner/profile', response: OwnProfileSchema }),
  saveProfile: endpoint({
    method: 'PUT',
    path: '/api/partner/profile',
    body: PartnerProfileSchema,
    response: WithProfile.extend({ slug: z.string().nullable() }),
  }),
  reorder: endpoint({ method: 'PUT', path: '/api/partner/portfolio/order', body: PortfolioOrderSchema, response: WithProfile }),
  tag: endpoint({
    method: 'PUT',
    path: '/api/partner/portfolio/:imageId/tags',
    params: z.object({ imageId: key(64) }),
    body: PortfolioTagsSchema,
    response: WithProfile,
  }),
  inquiries: endpoint({ method: 'GET', path: '/api/partner/inquiries', response: z.object({ inquiries: z.array(InquiryViewSchema) }) }),
  uploadImage: callable('uploadPartnerImage', UploadPartnerImageSchema, UploadedImageSchema),
  deleteImage: callable('deletePartnerImage', DeletePartnerImageSchema, z.literal('ok')),
} as const satisfies Record<string, Endpoint>;
