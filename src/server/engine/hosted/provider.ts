/** Hosted generative image editors (Gemini, OpenAI) behind one small interface. */

export type ProviderFailure = 'refused' | 'quota' | 'no-image' | 'timeout' | 'malformed' | 'server' | 'auth' | 'bad-request';

export class ProviderError extends Error {
  constructor(
    readonly provider: 'gemini' | 'openai',
    readonly kind: ProviderFailure,
    message: string,
  ) {
    super(`${provider}: ${kind}: ${message}`);
    this.name = 'ProviderError';
  }
}

export interface EditRequest {
  /** PNG, orientation applied, long side ≤ 1536. */
  image: Buffer;
  prompt: string;
  reference?: Buffer;
  signal?: AbortSignal;
}

export interface ImageEditProvider {
  readonly name: 'gemini' | 'openai';
  /** Returns the edited image's bytes (PNG/JPEG/WebP as the provider sends them). */
  edit(req: EditRequest): Promise<Buffer>;
}

/** Request timeout and retries, set on purpose: image edits take 5–30 s; one retry on 5xx/timeouts only. */
export const HOSTED_TIMEOUT_MS = 90_000;
export const HOSTED_MAX_RETRIES = 1;

/**
 * The instruction sent with the photo. It asks for the hair change only and spells out what must stay:
 * identity, expression, pose, clothing, background, light, framing.
 */
export function editInstruction(userPrompt: string, hasReference: boolean): string {
  const clean = userPrompt.replace(/\s+/g, ' ').trim().slice(0, 500);
  return [
    `Edit the first photo: change only the person's hair to this look: "${clean}".`,
    hasReference ? 'Match the hair colour (tone, depth and placement) of the person in the second photo; do not copy anything else from it.' : '',
    'Keep the same person: face, identity, skin, makeup, expression and eyes unchanged.',
    'Keep the pose, head position, clothing, hands, background, lighting, camera angle and framing exactly as in the photo.',
    'Photorealistic hair with natural strands, roots and shine. Same image size and aspect ratio. No text, no borders.',
  ]
    .filter(Boolean)
    .join(' ');
}
