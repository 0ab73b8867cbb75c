import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/messages';
import { ApiError } from '@web/lib/api';
import { createCheckoutSession } from '../api/billing-api';
import { packCheckoutFailure, planCheckoutFailure } from './checkout-messages';

const reply = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );

describe('checkout call and its spec alerts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('returns the url the server answers, sending only the price id and flow', async () => {
    reply(200, { result: { url: 'https://pay.example/cs_1' } });
    await expect(createCheckoutSession({ priceId: 'price_1', flow: 'plan' })).resolves.toBe('https://pay.example/cs_1');
    const [url, init] = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0];
    expect(url).toBe('/api/fn/createCheckoutSession');
    expect(JSON.parse(init.body as string)).toEqual({ data: { priceId: 'price_1', flow: 'plan' } });
  });

  it("maps a reply without a url to 'Could not retrieve checkout session URL.'", async () => {
    reply(200, { result: {} });
    const err = await createCheckoutSession({ priceId: 'price_1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(planCheckoutFailure(err)).toBe(MSG.subscribeNoUrl);
  });

  it('maps a signed-out caller and any other failure to the spec texts', async () => {
    reply(401, { error: { status: 'UNAUTHENTICATED', message: 'Please sign in to continue.' } });
    const signedOut = await createCheckoutSession({ priceId: 'price_1' }).catch((e: unknown) => e);
    expect(planCheckoutFailure(signedOut)).toBe(MSG.subscribeSignedOut);
    reply(503, { error: { status: 'UNAVAILABLE', message: 'The payment provider did not answer.' } });
    const down = await createCheckoutSession({ priceId: 'price_1' }).catch((e: unknown) => e);
    expect(planCheckoutFailure(down)).toBe(MSG.subscribeFailed);
    expect(packCheckoutFailure()).toBe(MSG.checkoutFailed);
  });
});
