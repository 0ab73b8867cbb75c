import { describe, expect, it } from 'vitest';
import { isNetworkError, storageCodeForStatus, StorageError, withRetry } from './storage-error';

const policy = { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 };

describe('storage error codes and retries', () => {
  it.each([
    [401, 'storage/unauthenticated'],
    [402, 'storage/quota-exceeded'],
    [403, 'storage/unauthorized'],
    [404, 'storage/object-not-found'],
    [503, 'storage/retry-limit-exceeded'],
    [418, 'storage/unknown'],
  ])('HTTP %i is %s', (status, code) => expect(storageCodeForStatus(status)).toBe(code));

  it('retries transient failures and stops at the first permanent one', async () => {
    let calls = 0;
    const flaky = () => (++calls < 3 ? Promise.reject(Object.assign(new Error('busy'), { status: 503 })) : Promise.resolve('ok'));
    const classify = (e: unknown) => ({ status: (e as { status: number }).status, transient: (e as { status: number }).status >= 500 });
    await expect(withRetry(flaky, classify, policy)).resolves.toBe('ok');
    expect(calls).toBe(3);
    calls = 0;
    const denied = () => (++calls, Promise.reject(Object.assign(new Error('no'), { status: 403 })));
    await expect(withRetry(denied, classify, policy)).rejects.toMatchObject({ code: 'storage/unauthorized' });
    expect(calls).toBe(1);
    calls = 0;
    const down = () => (++calls, Promise.reject(Object.assign(new Error('down'), { status: 500 })));
    const err = await withRetry(down, classify, policy).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({ code: 'storage/retry-limit-exceeded', status: 500 });
    expect(calls).toBe(3);
  });

  it('treats dropped connections as transient, also when wrapped', () => {
    expect(isNetworkError(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isNetworkError(new Error('fetch failed', { cause: Object.assign(new Error('y'), { code: 'UND_ERR_SOCKET' }) }))).toBe(true);
    expect(isNetworkError(new Error('plain'))).toBe(false);
  });
});
