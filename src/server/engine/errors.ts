import { MSG } from '@shared/messages';
import type { HostedUsage } from './hosted/provider';

/**
 * A problem with the photo (or the request) itself. The message is safe to show to the user as is.
 * Any other error thrown by the engine is an engine failure.
 */
export class EngineInputError extends Error {
  constructor(
    message: string,
    /** Machine-readable reason, for logs and metrics. */
    readonly code:
      | 'no-face'
      | 'no-hair'
      | 'undecodable'
      | 'too-big'
      | 'too-small'
      | 'unsupported-format'
      | 'unsupported-request'
      | 'bad-reference'
      | 'cut-refused' = 'undecodable',
  ) {
    super(message);
    this.name = 'EngineInputError';
  }
}

/**
 * A hosted cut that came back in a form Tress will not show (issue 36): the face turned, redrawn or moved
 * past what alignment puts back, or no hair to place. The call was made and is paid for (`hosted`, for the
 * cost); the person is refunded and told so.
 */
export class CutRefusedError extends EngineInputError {
  constructor(
    message: string,
    readonly hosted: HostedUsage,
  ) {
    super(message, 'cut-refused');
    this.name = 'CutRefusedError';
  }
}

export const MESSAGES = {
  noHair: "We couldn't find hair in this photo. Try a front-facing photo with your hair visible.",
  noHairLeft: 'Every part of the hair was marked as not hair. Undo a correction or tap your hair to add it back.',
  /** Only the fallback matte needs a face: what is missing is the hair model's reach, said without its name. */
  noFace: 'Without a face in the photo we can’t find your hair right now. Try a photo with your face and hair visible.',
  undecodable: MSG.unreadablePhoto,
  heic: 'HEIC photos are not supported yet. Please upload a JPEG, PNG or WebP image.',
  tooBigBytes: 'This photo is too large. Please upload an image under 10 MB.',
  tooBigPixels: 'This photo has too many pixels. Please upload an image of at most 25 megapixels.',
  tooSmall: 'This photo is too small. Please upload a photo at least 64 pixels on each side.',
  cutOnly: "Haircut and styling changes need a generative engine, which isn't available right now. Describe a colour instead (for example 'copper balayage').",
  nothing: "We couldn't tell which colour you want. Try a colour or a technique, for example 'honey blonde balayage'.",
  badReference: "We couldn't find hair in the reference photo. Try a photo where the hair is clearly visible.",
  providerDeclined: 'The image service declined this photo or request. Try another photo or a different description.',
  /** Before any hosted call: the cut path keeps the face by its landmarks, so it needs one. */
  cutNeedsFace: 'A new cut needs a photo with your face in view, so that we can keep your face exactly as it is. Try a front-facing photo.',
  cutFaceChanged: "The new cut came back with your face turned or changed, so we didn't use it and nothing was charged. Please try again.",
  cutUnusable: "The new cut came back in a way we couldn't fit to your photo, so we didn't use it and nothing was charged. Please try again.",
} as const;

/** The error an aborted signal rejects with (DOMException named AbortError, like fetch). */
export function abortError(reason?: unknown): Error {
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The generation was aborted', 'AbortError');
}
