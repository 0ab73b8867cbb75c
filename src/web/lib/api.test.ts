import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/messages';
import { ApiError, callFunction, readResponse } from './api';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('spec §8 status → code mapping', () => {
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

describe('callFunction', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts {data} and reads data, or result as fallback', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(200, { data: { a: 1 } }))
      .mockResolvedValueOnce(json(200, { result: { b: 2 } }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await callFunction('f', { x: 1 })).toEqual({ a: 1 });
    expect(await callFunction('f', { x: 1 })).toEqual({ b: 2 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/fn/f');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ data: { x: 1 } });
  });

  it("says 'Response is missing data field.' when neither is present", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(200, { other: true })));
    await expect(callFunction('f', {})).rejects.toMatchObject({ message: MSG.missingData });
  });

  it('maps a network failure (status 0) to internal and a timeout to deadline-exceeded', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(callFunction('f', {})).rejects.toMatchObject({ code: 'internal', status: 0 });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    );
    await expect(callFunction('f', {}, { timeoutMs: 20 })).rejects.toMatchObject({ code: 'deadline-exceeded' });
  });

  it('uses a 70 s default timeout', async () => {
    const spy = vi.spyOn(AbortSignal, 'timeout');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(200, { data: 1 })));
    await callFunction('f', {});
    expect(spy).toHaveBeenCalledWith(70_000);
  });
});
