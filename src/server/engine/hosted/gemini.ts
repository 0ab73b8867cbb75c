/** Google Gemini image editing through the official SDK (@google/genai, generateContent with an image part). */
import { ApiError, GoogleGenAI } from '@google/genai';
import { abortError } from '../errors';
import { HOSTED_TIMEOUT_MS, ProviderError, withRetry, type EditRequest, type EditResult, type ImageEditProvider } from './provider';

const REFUSALS = new Set(['SAFETY', 'IMAGE_SAFETY', 'PROHIBITED_CONTENT', 'IMAGE_PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII', 'RECITATION', 'IMAGE_RECITATION']);

export class GeminiProvider implements ImageEditProvider {
  readonly name = 'gemini' as const;
  readonly model: string;
  private readonly ai: GoogleGenAI;
  constructor(cfg: { apiKey: string; baseUrl?: string; model: string; timeoutMs?: number }) {
    this.model = cfg.model;
    this.ai = new GoogleGenAI({
      apiKey: cfg.apiKey,
      httpOptions: {
        baseUrl: cfg.baseUrl,
        timeout: cfg.timeoutMs ?? HOSTED_TIMEOUT_MS,
        retryOptions: { attempts: 1 },
      },
    });
  }

  edit(req: EditRequest): Promise<EditResult> {
    return withRetry(() => this.editOnce(req), req.signal);
  }

  private async editOnce(req: EditRequest): Promise<EditResult> {
    const parts = [{ inlineData: { mimeType: 'image/png', data: req.image.toString('base64') } }, { text: req.instruction }];
    let res;
    try {
      res = await this.ai.models.generateContent({
        model: this.model,
        contents: [{ role: 'user', parts }],
        config: { responseModalities: ['TEXT', 'IMAGE'], abortSignal: req.signal },
      });
    } catch (err) {
      if (req.signal?.aborted) throw abortError(req.signal.reason);
      throw mapError(err);
    }
    const block = res.promptFeedback?.blockReason;
    if (block) throw new ProviderError('gemini', 'refused', `prompt blocked (${block})`);
    const cand = res.candidates?.[0];
    if (!cand) throw new ProviderError('gemini', 'malformed', 'response without candidates');
    const finish = String(cand.finishReason ?? '');
    const img = cand.content?.parts?.find((p) => p.inlineData?.data);
    if (!img?.inlineData?.data) {
      if (REFUSALS.has(finish)) throw new ProviderError('gemini', 'refused', `no image (${finish})`);
      throw new ProviderError('gemini', 'no-image', `no image in the response (finishReason ${finish || 'none'})`);
    }
    const bytes = Buffer.from(img.inlineData.data, 'base64');
    if (!bytes.length) throw new ProviderError('gemini', 'malformed', 'empty image data');
    const usage = res.usageMetadata;
    return {
      bytes,
      usage: { provider: 'gemini', model: this.model, images: 1, inputTokens: usage?.promptTokenCount, outputTokens: usage?.candidatesTokenCount },
    };
  }
}

function mapError(err: unknown): ProviderError {
  if (err instanceof ApiError) {
    const s = err.status;
    if (s === 429) return new ProviderError('gemini', 'quota', err.message);
    if (s === 401 || s === 403) return new ProviderError('gemini', 'auth', err.message);
    if (s === 400) return new ProviderError('gemini', 'bad-request', err.message);
    if (s === 408 || s === 504) return new ProviderError('gemini', 'timeout', err.message);
    return new ProviderError('gemini', 'server', err.message);
  }
  const e = err as Error;
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError' || /timed? ?out|aborted/i.test(e?.message ?? ''))
    return new ProviderError('gemini', 'timeout', e.message);
  if (e instanceof SyntaxError) return new ProviderError('gemini', 'malformed', e.message);
  return new ProviderError('gemini', 'server', e?.message ?? String(err));
}
