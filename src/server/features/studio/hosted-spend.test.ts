import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import { hostedCost } from './hosted-spend';

const gemini = { provider: 'gemini' as const, model: 'gemini-2.5-flash-image', images: 1, inputTokens: 1290, outputTokens: 1290 };

describe('the generative engine is chosen and priced from the environment', () => {
  it('HAIR_ENGINE is auto when a provider key is set and it is unset, local otherwise, and a named engine stays', () => {
    expect(loadEnv({}).HAIR_ENGINE).toBe('local');
    expect(loadEnv({ GEMINI_API_KEY: 'k' }).HAIR_ENGINE).toBe('auto');
    expect(loadEnv({ OPENAI_API_KEY: 'k' }).HAIR_ENGINE).toBe('auto');
    expect(loadEnv({ OPENAI_API_KEY: 'k', HAIR_ENGINE: 'local' }).HAIR_ENGINE).toBe('local');
    expect(loadEnv({ GEMINI_API_KEY: 'k', HAIR_ENGINE: 'gemini' }).HAIR_ENGINE).toBe('gemini');
  });

  it('an empty price or budget (X= in a .env file) is unset, not zero; a word is refused', () => {
    const env = loadEnv({ HOSTED_DAILY_BUDGET_USD: '', HOSTED_PRICE_PER_IMAGE_USD: '' });
    expect(env.HOSTED_DAILY_BUDGET_USD).toBeUndefined();
    expect(env.HOSTED_PRICE_PER_IMAGE_USD).toBe(0.039);
    expect(loadEnv({ HOSTED_DAILY_BUDGET_USD: '0' }).HOSTED_DAILY_BUDGET_USD).toBe(0);
    expect(() => loadEnv({ HOSTED_DAILY_BUDGET_USD: 'ten' })).toThrow(/HOSTED_DAILY_BUDGET_USD/);
  });

  it('a call costs its images at the image price, or its tokens where a token price is set and the provider counted them', () => {
    expect(hostedCost(gemini, loadEnv({}))).toBeCloseTo(0.039, 9);
    expect(hostedCost({ ...gemini, images: 2 }, loadEnv({ HOSTED_PRICE_PER_IMAGE_USD: '0.05' }))).toBeCloseTo(0.1, 9);
    const byTokens = loadEnv({ HOSTED_PRICE_PER_MILLION_INPUT_TOKENS_USD: '0.3', HOSTED_PRICE_PER_MILLION_OUTPUT_TOKENS_USD: '30' });
    expect(hostedCost(gemini, byTokens)).toBeCloseTo((1290 * 0.3 + 1290 * 30) / 1e6, 9);
    // a provider that did not count tokens is priced by its image
    expect(hostedCost({ provider: 'openai', model: 'gpt-image-1', images: 1 }, byTokens)).toBeCloseTo(0.039, 9);
  });
});
