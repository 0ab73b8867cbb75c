import type { Creation, ShareLink, ShareRequest, SharedCreation } from '@shared/studio/creation';
import type { GenerateRequest, GenerateResult } from '@shared/studio/generate';
import { api, callFunction } from '@web/lib/api';

/** A Blob as bare base64 (no data: prefix), as the generateHairStyle payload carries it. */
export function blobToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file.'));
    reader.readAsDataURL(file);
  });
}

export const studioApi = {
  generate: (data: GenerateRequest, signal?: AbortSignal) => callFunction<GenerateResult>('generateHairStyle', data, { signal }),
  listCreations: (limit: number, signal?: AbortSignal) =>
    api.get<{ creations: Creation[] }>(`/api/me/creations?limit=${limit}`, signal).then((r) => r.creations),
  saveCreation: (generationId: string) => api.post<Creation>('/api/creations', { generationId }),
  deleteCreation: (id: string) => api.delete<{ ok: true }>(`/api/creations/${encodeURIComponent(id)}`),
  share: (id: string, body: ShareRequest = {}) => api.post<ShareLink>(`/api/creations/${encodeURIComponent(id)}/share`, body),
  revokeShare: (id: string) => api.delete<{ ok: true }>(`/api/creations/${encodeURIComponent(id)}/share`),
  shared: (token: string, signal?: AbortSignal) => api.get<SharedCreation>(`/api/shared/${encodeURIComponent(token)}`, signal),
};
