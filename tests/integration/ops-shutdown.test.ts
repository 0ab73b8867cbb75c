import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/server/http/context';
import { requestOps } from '../../src/server/ops/request-log';
import { installGracefulShutdown } from '../../src/server/ops/shutdown';
import { createTestApp } from '../support/test-app';
import { logLines, PROCESS_ORIGIN, startAppProcess, waitReady, type AppProcess } from '../support/app-process';

/** Reads an SSE response until it ends; resolves with everything received. */
async function readAll(res: Response, onChunk: (text: string) => void): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
    onChunk(text);
  }
}

/** A POST whose body arrives in two parts: the request is in flight until `finish()` sends the rest. */
function slowPost(url: string, path: string, body: string) {
  const buf = Buffer.from(body);
  const req = http.request(`${url}${path}`, {
    method: 'POST',
    headers: { origin: PROCESS_ORIGIN, 'content-type': 'application/json', 'content-length': String(buf.length) },
  });
  const response = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let data = '';
      res.on('data', (d: Buffer) => (data += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data }));
    });
    req.on('error', reject);
  });
  req.write(buf.subarray(0, 10));
  return { response, finish: () => req.end(buf.subarray(10)) };
}

describe('graceful shutdown of a real process (SIGTERM)', () => {
  let app: AppProcess;
  beforeAll(async () => {
    app = await startAppProcess({ SHUTDOWN_DEADLINE_MS: '10000', METRICS_TOKEN: 'shutdown-metrics-token' });
  }, 120_000);
  afterAll(async () => {
    if (app.proc.exitCode === null) app.proc.kill('SIGKILL');
  });

  it('stops accepting, ends event streams with a retry hint, finishes the in-flight request and exits 0', async () => {
    await waitReady(app);

    const events = await fetch(`${app.url}/api/events?partner=some-partner`);
    expect(events.headers.get('content-type')).toContain('text/event-stream');
    let sawReady!: () => void;
    const ready = new Promise<void>((r) => (sawReady = r));
    const streamText = readAll(events, (t) => t.includes('event: ready') && sawReady());
    await ready;

    const inflight = slowPost(app.url, '/api/auth/sign-in/email', JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }));
    // The server has the request once it counts it in flight (the metrics request itself is the other one).
    let inflightSeen = 0;
    for (let i = 0; i < 200 && inflightSeen < 2; i++) {
      const m = (await (await fetch(`${app.url}/metrics`, { headers: { authorization: 'Bearer shutdown-metrics-token' } })).text()).match(
        /^tress_inflight_requests (\d+)$/m,
      );
      inflightSeen = Number(m?.[1] ?? 0);
    }
    expect(inflightSeen).toBe(2);

    app.proc.kill('SIGTERM');
    const ended = await streamText;
    expect(ended).toMatch(/\nretry: \d+\n\n$/);

    // The listener is closed: a new connection is refused.
    await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();

    inflight.finish();
    const res = await inflight.response;
    expect(res.status).toBe(401);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body).error.status).toBe('UNAUTHENTICATED');

    expect(await app.exited).toEqual({ code: 0, signal: null });
    const logs = logLines(app.output());
    expect(logs.find((l) => l.msg === 'shutting down')).toMatchObject({ signal: 'SIGTERM', inflight: 1, streams: 1 });
    expect(logs.find((l) => l.msg === 'stopped')).toMatchObject({ drained: true });
  }, 90_000);
});

describe('graceful shutdown when a request outlives the deadline', () => {
  it('runs the shutdown hooks after the deadline (a failing hook does not stop the next), closes the services and exits 0', async () => {
    const t = await createTestApp('pglite');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('services', t.services);
      c.set('requestId', 'slow-1');
      await next();
    });
    app.use('*', requestOps());
    app.get('/slow', async (c) => {
      await held;
      return c.text('late');
    });
    const server = serve({ fetch: app.fetch, port: 0 }) as Server;
    await new Promise<void>((r) => server.once('listening', () => r()));
    const port = (server.address() as AddressInfo).port;

    const calls: string[] = [];
    t.services.onShutdown('fails', () => {
      calls.push('fails');
      throw new Error('refund service down');
    });
    t.services.onShutdown('refund-pending', ({ signal }) => {
      calls.push(`refund-pending:${signal}:inflight=${t.services.ops.lifecycle.inflightCount}`);
    });
    let exitCode: number | undefined;
    let exited!: () => void;
    const exitCalled = new Promise<void>((r) => (exited = r));
    const shutdown = installGracefulShutdown(server, t.services, { deadlineMs: 300, signals: [], exit: (code) => ((exitCode = code), exited()) });
    // The slow request is cut off once the deadline passed: its fetch fails.
    const slow = fetch(`http://127.0.0.1:${port}/slow`).then(
      (r) => r.status,
      () => 'cut off',
    );
    while (t.services.ops.lifecycle.inflightCount === 0) await new Promise((r) => setImmediate(r));
    void shutdown('SIGTERM');
    await exitCalled;
    expect(await slow).toBe('cut off');
    release();
    expect(exitCode).toBe(0);
    expect(calls).toEqual(['fails', 'refund-pending:SIGTERM:inflight=1']);
    // services.close() ran: the database no longer answers.
    await expect(t.services.db.execute(sql`select 1`)).rejects.toThrow();
  }, 90_000);
});
