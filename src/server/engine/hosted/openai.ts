/** OpenAI image edits through the official SDK (openai, images.edit with gpt-image-1). */
import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError, toFile } from 'openai';
import { abortError } from '../errors';
import { HOSTED_TIMEOUT_MS, ProviderError, withRetry, type EditRequest, type EditResult, type ImageEditProvider } from './provider';

export class OpenAIProvider implements ImageEditProvider {
  readonly name = 'openai' as const;
  readonly model: string;
  private readonly client: OpenAI;
  constructor(cfg: { apiKey: string; baseUrl?: string; model: string; timeoutMs?: number }) {
    this.model = cfg.model;
    this.client = new OpenAI({ apiKey: cfg.apiKey, baseURL: cfg.baseUrl, timeout: cfg.timeoutMs ?? HOSTED_TIMEOUT_MS, maxRetries: 0 });
  }

  edit(req: EditRequest): Promise<EditResult> {
    return withRetry(() => this.editOnce(req), req.signal);
  }

  private async editOnce(req: EditRequest): Promise<EditResult> {
    const image = await toFile(req.image, 'photo.png', { type: 'image/png' });
    let res;
    try {
      res = await this.client.images.edit(
        {
          model: this.model,
          image,
          prompt: req.instruction,
          input_fidelity: 'high',
          size: 'auto',
          quality: 'medium',
          output_format: 'png',
          n: 1,
        },
        { signal: req.signal },
      );
    } catch (err) {
      if (req.signal?.aborted || err instanceof APIUserAbortError) throw abortError(req.signal?.reason);
      throw mapError(err);
    }
    const b64 = res?.data?.[0]?.b64_json;
    if (!Array.isArray(res?.data)) throw new ProviderError('openai', 'malformed', 'response without data');
    if (!b64) throw new ProviderError('openai', 'no-image', 'no image in the response');
    const bytes = Buffer.from(b64, 'base64');
    if (!bytes.length) throw new ProviderError('openai', 'malformed', 'empty image data');
    return {
      bytes,
      usage: { provider: 'openai', model: this.model, images: res.data.length, inputTokens: res.usage?.input_tokens, outputTokens: res.usage?.output_tokens },
    };
  }
}

function mapError(err: unknown): ProviderError {
  if (err instanceof APIConnectionTimeoutError) return new ProviderError('openai', 'timeout', err.message);
  if (err instanceof APIError) {
    const code = String((err as { code?: unknown }).code ?? '');
    if (code === 'moderation_blocked' || code === 'content_policy_violation') return new ProviderError('openai', 'refused', err.message);
    const s = err.status ?? 0;
    if (s === 429) return new ProviderError('openai', 'quota', err.message);
    if (s === 401 || s === 403) return new ProviderError('openai', 'auth', err.message);
    if (s === 400) return new ProviderError('openai', 'bad-request', err.message);
    if (!s) return new ProviderError('openai', 'server', err.message);
    return new ProviderError('openai', 'server', err.message);
  }
  const e = err as Error;
  if (e instanceof SyntaxError) return new ProviderError('openai', 'malformed', e.message);
  return new ProviderError('openai', 'server', e?.message ?? String(err));
}
