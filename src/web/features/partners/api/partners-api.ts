import type { JoinPartnerInput, PartnerProfileInput, PartnerSignupInput, ReviewInput, InquiryInput, UploadPartnerImageInput } from '@shared/partners/schemas';
import type { DirectoryPage, InquiryView, OwnProfile, PublicProfile, ReviewView } from '@shared/partners/views';
import { InsightsResponseSchema, type InsightsResponse } from '@shared/insights/schemas';
import { api, callFunction } from '@web/lib/api';

const enc = encodeURIComponent;

export interface DirectoryParams {
  q: string;
  style?: string;
  colour?: string;
  /** Near me: a GeoNames city id, or the browser's rounded position, and a radius in km. */
  near?: number;
  lat?: number;
  lng?: number;
  radius?: number;
}

export const partnersApi = {
  signUp: (input: PartnerSignupInput) => api.post<{ email: string; message: string }>('/api/partners/signup', input),
  join: (input: JoinPartnerInput) => api.post<{ created: boolean }>('/api/partners/join', input),
  directory: (p: DirectoryParams, page: number, signal?: AbortSignal) => {
    const qs = new URLSearchParams({ page: String(page) });
    if (p.q) qs.set('q', p.q);
    if (p.style) qs.set('style', p.style);
    if (p.colour) qs.set('colour', p.colour);
    if (p.near) qs.set('near', String(p.near));
    else if (p.lat !== undefined && p.lng !== undefined) {
      qs.set('lat', String(p.lat));
      qs.set('lng', String(p.lng));
    }
    if ((p.near || p.lat !== undefined) && p.radius) qs.set('radius', String(p.radius));
    return api.get<DirectoryPage>(`/api/partners?${qs}`, signal);
  },
  /** `via: 'directory'` when opened from the results: counted for the professional's insights. */
  profile: (idOrSlug: string, signal?: AbortSignal, via?: 'directory') =>
    api.get<PublicProfile>(`/api/partners/${enc(idOrSlug)}${via ? `?via=${via}` : ''}`, signal),
  reviews: (partnerId: string, signal?: AbortSignal) =>
    api.get<{ reviews: ReviewView[] }>(`/api/partners/${enc(partnerId)}/reviews`, signal).then((r) => r.reviews),
  saveReview: (partnerId: string, input: ReviewInput) => api.put<{ review: ReviewView }>(`/api/partners/${enc(partnerId)}/review`, input),
  deleteReview: (partnerId: string) => api.delete<{ ok: true }>(`/api/partners/${enc(partnerId)}/review`),
  sendInquiry: (partnerId: string, input: InquiryInput) => api.post<{ id: string }>(`/api/partners/${enc(partnerId)}/inquiries`, input),
  own: (signal?: AbortSignal) => api.get<OwnProfile>('/api/partner/profile', signal),
  saveOwn: (input: PartnerProfileInput) => api.put<{ slug: string | null; profile: OwnProfile }>('/api/partner/profile', input),
  reorder: (ids: string[]) => api.put<{ profile: OwnProfile }>('/api/partner/portfolio/order', { ids }),
  tag: (imageId: string, tags: string[]) => api.put<{ profile: OwnProfile }>(`/api/partner/portfolio/${enc(imageId)}/tags`, { tags }),
  insights: (radius: number, signal?: AbortSignal): Promise<InsightsResponse> =>
    api.get<unknown>(`/api/partner/insights?radius=${radius}`, signal).then((r) => InsightsResponseSchema.parse(r)),
  inquiries: (signal?: AbortSignal) => api.get<{ inquiries: InquiryView[] }>('/api/partner/inquiries', signal).then((r) => r.inquiries),
  upload: (data: UploadPartnerImageInput) => callFunction<{ downloadUrl?: string; path?: string; id?: string | null }>('uploadPartnerImage', data),
  deleteImage: (path: string, url: string) => callFunction<unknown>('deletePartnerImage', { path, url }),
};

export const partnerKeys = {
  directory: (p: DirectoryParams) => ['partners', 'directory', p] as const,
  profile: (idOrSlug: string) => ['partners', 'profile', idOrSlug] as const,
  reviews: (id: string) => ['partners', 'reviews', id] as const,
  own: ['partner', 'own'] as const,
  inquiries: ['partner', 'inquiries'] as const,
};
