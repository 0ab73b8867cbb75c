import type { JoinPartnerInput, PartnerProfileInput, PartnerSignupInput, ReviewInput, InquiryInput, UploadPartnerImageInput } from '@shared/partners/schemas';
import { call } from '@web/lib/api';

export interface DirectoryParams {
  q: string;
  style?: string;
  colour?: string;
  /** Near me: a GeoNames city id, or the browser's rounded position, and a radius in km. */
  near?: number;
  lat?: number;
  lng?: number;
  radius?: number;
  /** Only professionals with a free time in the next 7 days. */
  available?: 'week';
}

export const partnersApi = {
  signUp: (body: PartnerSignupInput) => call('POST /api/partners/signup', { body }),
  join: (body: JoinPartnerInput) => call('POST /api/partners/join', { body }),
  directory: (p: DirectoryParams, page: number, signal?: AbortSignal) => {
    const near = p.near ? { near: p.near } : p.lat !== undefined && p.lng !== undefined ? { lat: p.lat, lng: p.lng } : {};
    const radius = (p.near || p.lat !== undefined) && p.radius ? p.radius : undefined;
    return call(
      'GET /api/partners',
      { query: { page, q: p.q || undefined, style: p.style, colour: p.colour, available: p.available, ...near, radius } },
      { signal },
    );
  },
  /** `via: 'directory'` when opened from the results: counted for the professional's insights. */
  profile: (idOrSlug: string, signal?: AbortSignal, via?: 'directory') =>
    call('GET /api/partners/:idOrSlug', { params: { idOrSlug }, query: { via } }, { signal }),
  reviews: async (id: string, signal?: AbortSignal) => (await call('GET /api/partners/:id/reviews', { params: { id } }, { signal })).reviews,
  saveReview: (id: string, body: ReviewInput) => call('PUT /api/partners/:id/review', { params: { id }, body }),
  deleteReview: (id: string) => call('DELETE /api/partners/:id/review', { params: { id } }),
  /** The professional's one public answer to a review on their listing. */
  replyToReview: (reviewerId: string, reply: string) => call('PUT /api/partner/reviews/:reviewerId/reply', { params: { reviewerId }, body: { reply } }),
  sendInquiry: (id: string, body: InquiryInput) => call('POST /api/partners/:id/inquiries', { params: { id }, body }),
  own: (signal?: AbortSignal) => call('GET /api/partner/profile', undefined, { signal }),
  saveOwn: (body: PartnerProfileInput) => call('PUT /api/partner/profile', { body }),
  reorder: (ids: string[]) => call('PUT /api/partner/portfolio/order', { body: { ids } }),
  tag: (imageId: string, tags: string[]) => call('PUT /api/partner/portfolio/:imageId/tags', { params: { imageId }, body: { tags } }),
  insights: (radius: number, signal?: AbortSignal) => call('GET /api/partner/insights', { query: { radius } }, { signal }),
  inquiries: async (signal?: AbortSignal) => (await call('GET /api/partner/inquiries', undefined, { signal })).inquiries,
  upload: (body: UploadPartnerImageInput) => call('POST /api/fn/uploadPartnerImage', { body }),
  deleteImage: (path: string, url: string) => call('POST /api/fn/deletePartnerImage', { body: { path, url } }),
};

export const partnerKeys = {
  directory: (p: DirectoryParams) => ['partners', 'directory', p] as const,
  profile: (idOrSlug: string) => ['partners', 'profile', idOrSlug] as const,
  reviews: (id: string) => ['partners', 'reviews', id] as const,
  own: ['partner', 'own'] as const,
  inquiries: ['partner', 'inquiries'] as const,
};
