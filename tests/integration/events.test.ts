import { describe, expect, it } from 'vitest';
import { postLedgerEntry, lockBalance } from '../../src/server/features/credits/ledger';
import { dbKinds } from '../support/db-kinds';
import { useTestApp } from '../support/test-app';

/** Reads SSE frames from a streaming response until `predicate` matches one, or fails after `ms`. */
async function waitForEvent(res: Response, predicate: (data: unknown) => boolean, ms = 3000) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const deadline = Date.now() + ms;
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, rej) => setTimeout(() => rej(new Error('timed out waiting for SSE event')), deadline - Date.now())),
      ]);
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      for (const frame of buffer.split('\n\n').slice(0, -1)) {
        const data = frame.split('\n').find((l) => l.startsWith('data: '));
        if (data && frame.includes('event: message')) {
          const parsed = JSON.parse(data.slice(6));
          if (predicate(parsed)) return parsed;
        }
      }
      buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
    }
    throw new Error('stream ended before the event');
  } finally {
    await reader.cancel();
  }
}

describe.each(dbKinds)('live events on %s', (kind) => {
  const t = useTestApp(kind);

  it('refuses a stream to nobody', async () => {
    const res = await t.request('/api/events');
    expect(res.status).toBe(401);
  });

  it('pushes a committed credit change to the user’s stream, and nothing of it to another user', async () => {
    const a = await t.signedInUser();
    const b = await t.signedInUser();
    await t.request('/api/me', { cookie: a.cookie });
    const streamA = await t.request('/api/events', { cookie: a.cookie });
    const streamB = await t.request('/api/events', { cookie: b.cookie });
    expect(streamA.headers.get('content-type')).toContain('text/event-stream');
    const got = waitForEvent(streamA, (e) => (e as { type: string }).type === 'credits');
    const bSeesA = waitForEvent(streamB, (e) => (e as { credits?: number }).credits === 11, 800).then(
      () => true,
      () => false,
    );
    await t.services.db.transaction(async (tx) => {
      await lockBalance(tx, a.id);
      await postLedgerEntry(tx, t.services.bus, { userId: a.id, amount: 10, type: 'credit', reference: `test-${a.id}` });
    });
    expect(await got).toEqual({ type: 'credits', credits: 11 });
    expect(await bSeesA).toBe(false);
  });

  it('does not announce a change whose transaction rolled back', async () => {
    const a = await t.signedInUser();
    await t.request('/api/me', { cookie: a.cookie });
    const stream = await t.request('/api/events', { cookie: a.cookie });
    const seen = waitForEvent(stream, (e) => (e as { credits?: number }).credits === 6, 800).then(
      () => true,
      () => false,
    );
    await t.services.db
      .transaction(async (tx) => {
        await postLedgerEntry(tx, t.services.bus, { userId: a.id, amount: 5, type: 'credit', reference: `rollback-${a.id}` });
        throw new Error('abort');
      })
      .catch(() => undefined);
    expect(await seen).toBe(false);
  });
});
