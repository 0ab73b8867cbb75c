import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/messages';
import { ApiError, call, errorMessage, readResponse } from './api';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('docs/product.md §8 status → code mapping', () => {
  it.each([
    [400, 'invalid-argument'],
    [401, 'unauthenticated'],
    [403, 'permission-denied'],
    [404, 'not-found'],
    [409, 'aborted'],
    [429, 'resource-exhausted'],
    [499, 'cancelled'],
    [500, 'internal'],
    [501, 'unimplemented'],
    [503, 'unavailable'],
    [504, 'deadline-exceeded'],
    [418, 'unknown'],
    [502, 'unknown'],
  ])('HTTP %i → %s', async (status, code) => {
    const err = await readResponse(json(status, {})).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(code);
  });

  it('never shows a code name when the answer has no message of ours (a proxy page, a bare 500)', async () => {
    const bare = (status: number) =>
      readResponse(new Response('<html>Bad gateway</html>', { status })).then(
        () => undefined,
        (e: unknown) => e as ApiError,
      );
    expect((await bare(502))?.message).toBe(MSG.serverFailed);
    expect((await bare(500))?.message).toBe(MSG.serverFailed);
    expect((await bare(429))?.message).toBe(MSG.tooManyAttempts);
    expect((await bare(504))?.message).toBe(MSG.timedOut);
  });

  it('lets a server error body override code and message', async () => {
    const err = (await readResponse(json(500, { error: { status: 'RESOURCE_EXHAUSTED', message: 'Slow down', details: { retryIn: 5 } } })).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(err.code).toBe('resource-exhausted');
    expect(err.message).toBe('Slow down');
    expect(err.details).toEqual({ retryIn: 5 });
  });

  it('rejects a success body that is not a JSON object', async () => {
    for (const body of ['not json', '42', '"text"', 'null']) {
      const err = (await readResponse(new Response(body, { status: 200 })).catch((e: unknown) => e)) as ApiError;
      expect(err.message).toBe(MSG.notJsonObject);
      expect(err.code).toBe('internal');
    }
  });
});

describe('call', () => {
  afterEach(() => vi.unstubAllGlobals());
  const checkout = { body: { priceId: 'price_1' } };

  it('fills path parameters, and posts {} when a body is optional', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => json(200, { status: 'open', kind: 'pack', name: null, credits: null }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await call('GET /api/billing/checkouts/:id', { params: { id: 'a b/c' } })).toMatchObject({ status: 'open' });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/billing/checkouts/a%20b%2Fc');
    expect(fetchMock.mock.calls[0][1].method).toBe('GET');
    expect(fetchMock.mock.calls[0][1].body).toBeUndefined();
    await call('POST /api/billing/portal');
    expect(JSON.parse(String(fetchMock.mock.calls[1][1].body))).toEqual({});
  });

  it('posts a callable as {data} and reads data, or result as fallback', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(200, { data: { url: 'a' } }))
      .mockResolvedValueOnce(json(200, { result: { url: 'b' } }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await call('POST /api/fn/createCheckoutSession', checkout)).toEqual({ url: 'a' });
    expect(await call('POST /api/fn/createCheckoutSession', checkout)).toEqual({ url: 'b' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/fn/createCheckoutSession');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ data: { priceId: 'price_1' } });
  });

  it("says 'Response is missing data field.' when neither is present", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(200, { other: true })));
    await expect(call('POST /api/fn/createCheckoutSession', checkout)).rejects.toMatchObject({ message: MSG.missingData });
  });

  it('maps a network failure (status 0) to internal and a timeout to deadline-exceeded, in words a person understands', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(call('POST /api/fn/createCheckoutSession', checkout)).rejects.toMatchObject({ code: 'internal', status: 0, message: MSG.networkFailed });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    );
    await expect(call('POST /api/fn/createCheckoutSession', checkout, { timeoutMs: 20 })).rejects.toMatchObject({
      code: 'deadline-exceeded',
      message: MSG.timedOut,
    });
  });

  it('uses a 70 s default timeout', async () => {
    const spy = vi.spyOn(AbortSignal, 'timeout');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(200, { data: { url: 'a' } })));
    await call('POST /api/fn/createCheckoutSession', checkout);
    expect(spy).toHaveBeenCalledWith(70_000);
  });
});

describe('errorMessage: what a failed action shows', () => {
  afterEach(() => vi.unstubAllGlobals());
  const checkout = { body: { priceId: 'price_1' } };

  it("shows the server's own words when it sent some", async () => {
    const err = await readResponse(json(409, { error: { status: 'ALREADY_EXISTS', message: MSG.emailInUse } })).catch((e: unknown) => e);
    expect(errorMessage(err, MSG.signUpFailed)).toBe(MSG.emailInUse);
  });

  it("shows the action's fallback, then why, when the failure came without words (a bare 500, the network)", async () => {
    const bare = await readResponse(new Response('', { status: 500 })).catch((e: unknown) => e);
    expect(errorMessage(bare, MSG.signInFailed)).toBe(`${MSG.signInFailed} ${MSG.serverFailed}`);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const offline = await call('POST /api/fn/createCheckoutSession', checkout).catch((e: unknown) => e);
    expect(errorMessage(offline, MSG.signInFailed)).toBe(`${MSG.signInFailed} ${MSG.networkFailed}`);
  });

  it('falls back for anything that is not an error', () => {
    expect(errorMessage('nope', MSG.googleFailed)).toBe(MSG.googleFailed);
  });
});
