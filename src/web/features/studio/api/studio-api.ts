import type { ShareRequest } from '@shared/studio/creation';
import type { GenerateRequest } from '@shared/studio/generate';
import type { PreviewRequest } from '@shared/studio/preview';
import { call } from '@web/lib/api';

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
  generate: (body: GenerateRequest, signal?: AbortSignal) => call('POST /api/fn/generateHairStyle', { body }, { signal }),
  /** The free preview: the hair region the render will paint (decision 142). */
  preview: (body: PreviewRequest, signal?: AbortSignal) => call('POST /api/studio/preview', { body }, { signal }),
  listCreations: async (limit: number, signal?: AbortSignal) => (await call('GET /api/me/creations', { query: { limit } }, { signal })).creations,
  saveCreation: (generationId: string) => call('POST /api/creations', { body: { generationId } }),
  deleteCreation: (id: string) => call('DELETE /api/creations/:id', { params: { id } }),
  share: (id: string, body: ShareRequest = {}) => call('POST /api/creations/:id/share', { params: { id }, body }),
  revokeShare: (id: string) => call('DELETE /api/creations/:id/share', { params: { id } }),
  shared: (token: string, signal?: AbortSignal) => call('GET /api/shared/:token', { params: { token } }, { signal }),
};
