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
  /** The whole instruction, the same for every provider (cut/cut-request.ts, decision 165). */
  instruction: string;
  signal?: AbortSignal;
}

/** What one hosted call used, as the provider reports it: what its cost is computed from. */
export interface HostedUsage {
  provider: 'gemini' | 'openai';
  model: string;
  /** Images the provider returned (and bills for). */
  images: number;
  inputTokens?: number;
  outputTokens?: number;
}

export interface EditResult {
  /** The edited image's bytes (PNG/JPEG/WebP as the provider sends them). */
  bytes: Buffer;
  usage: HostedUsage;
}

export interface ImageEditProvider {
  readonly name: 'gemini' | 'openai';
  readonly model: string;
  edit(req: EditRequest): Promise<EditResult>;
}

/**
 * Request timeout and retries, set on purpose (the SDKs' own retries are off): an image edit takes 5–30 s,
 * so one request may take up to 90 s; a 5xx is retried once after 0.5 s; 429 (quota), refusals, 4xx and
 * timeouts are not retried (a retry would double the user's wait or the bill without helping).
 */
export const HOSTED_TIMEOUT_MS = 90_000;
const HOSTED_MAX_RETRIES = 1;

export async function withRetry<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= HOSTED_MAX_RETRIES || !(err instanceof ProviderError) || err.kind !== 'server' || signal?.aborted) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
