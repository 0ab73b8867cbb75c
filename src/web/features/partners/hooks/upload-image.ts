import { LIMITS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { ApiError, errorMessage } from '@web/lib/api';
import { partnersApi } from '../api/partners-api';

const TYPES = ['image/png', 'image/jpeg'];

function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => {
      const s = String(r.result ?? '');
      resolve(s.slice(s.indexOf(',') + 1));
    };
    r.onerror = () => reject(new ApiError('cancelled', 'The file could not be read.', 0));
    r.readAsDataURL(file);
  });
}

/** Checks what the browser can (type, size) with the spec's messages, then calls uploadPartnerImage. */
export async function uploadImage(file: File, type: 'profile' | 'portfolio') {
  if (!TYPES.includes(file.type)) throw new ApiError('invalid-argument', MSG.imageType, 400);
  if (file.size > LIMITS.partnerImageBytes) throw new ApiError('invalid-argument', MSG.imageTooLarge, 400);
  const res = await partnersApi.upload({ type, fileName: file.name.slice(-200), contentType: file.type, base64: await toBase64(file) });
  if (!res?.downloadUrl) throw new ApiError('internal', MSG.uploadNoUrl, 200);
  return res;
}

const FRIENDLY: Partial<Record<string, string>> = {
  unauthenticated: 'You are not allowed to upload here. Please sign in again.',
  'permission-denied': 'You are not allowed to upload here. Check that your subscription is active.',
  'resource-exhausted': 'Too many uploads in a row. Please wait a minute and try again.',
  cancelled: 'The upload was cancelled.',
};

/**
 * What an upload failure shows. A rule the person broke (type, size, a full portfolio, a limit; any 4xx)
 * is its message alone, worded for them. Only a failure nobody expected (5xx, no answer) adds the code and
 * details of docs/product.md §8, which are what a person would quote to support.
 */
export interface UploadFailure {
  message: string;
  code?: string;
  details?: string;
}
export function uploadError(e: unknown): UploadFailure {
  if (!(e instanceof ApiError)) return { message: e instanceof Error && e.message ? e.message : MSG.uploadFailed, code: 'unknown' };
  const message = FRIENDLY[e.code] ?? errorMessage(e, MSG.uploadFailed);
  if (e.status > 0 && e.status < 500) return { message };
  const details = e.details === undefined ? undefined : typeof e.details === 'string' ? e.details : JSON.stringify(e.details);
  return { message, code: e.code, details };
}
