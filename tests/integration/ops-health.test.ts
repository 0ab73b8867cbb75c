import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsServer } from '../../src/server/ops/metrics-server';
import { recordGeneration } from '../../src/server/ops/ops';
import { createVerifiedUser } from '../../src/server/seed/create-verified-user';
import { dbKinds } from '../support/db-kinds';
import { createLoggedApp } from '../support/ops-app';
import { cookieFrom, ledgerViolations } from '../support/test-app';

type LoggedApp = Awaited<ReturnType<typeof createLoggedApp>>;

/** Waits for the engine the studio puts into the services (if any) so /readyz can be ready. */
async function engineLoaded(t: LoggedApp) {
  const engine = (t.services as unknown as { engine?: { ready(): Promise<unknown> } }).engine;
  if (engine) await engine.ready();
}

describe.each(dbKinds)('health, readiness, metrics and request logs on %s', (kind) => {
  let t: LoggedApp;
  beforeAll(async () => {
    t = await createLoggedApp(kind, { METRICS_TOKEN: 'metrics-secret-123' });
  });
  afterAll(async () => {
    expect(await ledgerViolations(t.services)).toEqual([]);
    await t.close();
  });

  it('answers /healthz without touching anything and /readyz with every check', async () => {
    const health = await t.request('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    expect(health.headers.get('cache-control')).toBe('no-store');

    await engineLoaded(t);
    const ready = await t.request('/readyz');
    const body = await ready.json();
    expect(ready.status, JSON.stringify(body)).toBe(200);
    expect(body.status).toBe('ready');
    expect(body.checks.database).toEqual({ ok: true, detail: kind });
    expect(body.checks.migrations.ok).toBe(true);
    expect(body.checks.events).toEqual({ ok: true, detail: 'listening' });
    expect(body.checks.rateLimits).toEqual({ ok: true, detail: "this instance's memory (no REDIS_URL)" });
    if ('engine' in t.services) expect(body.checks.engine.ok).toBe(true);
  });

  it('reports not ready when migrations are missing and while draining', async () => {
    await t.services.db.execute(`create table drizzle.__ops_backup as select * from drizzle.__drizzle_migrations` as never);
    const latest = await t.services.db.execute(
      `delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)` as never,
    );
    expect(latest).toBeTruthy();
    const missing = await t.request('/readyz');
    expect(missing.status).toBe(503);
    expect((await missing.json()).checks.migrations.ok).toBe(false);
    await t.services.db.execute(
      `insert into drizzle.__drizzle_migrations select * from drizzle.__ops_backup b where not exists (select 1 from drizzle.__drizzle_migrations m where m.id = b.id)` as never,
    );
    await t.services.db.execute(`drop table drizzle.__ops_backup` as never);
    expect((await t.request('/readyz')).status).toBe(200);

    t.services.ops.lifecycle.draining = true;
    try {
      const draining = await t.request('/readyz');
      expect(draining.status).toBe(503);
      expect((await draining.json()).checks.shutdown).toEqual({ ok: false, detail: 'shutting down' });
      expect((await t.request('/healthz')).status).toBe(200);
    } finally {
      t.services.ops.lifecycle.draining = false;
    }
  });

  it('guards /metrics with the bearer token and serves the Prometheus text format', async () => {
    expect((await t.request('/metrics')).status).toBe(401);
    expect((await t.request('/metrics', { headers: { authorization: 'Bearer wrong-token-12345' } })).status).toBe(401);

    const id = await createVerifiedUser(t.services, { email: 'metrics@example.com', password: 'password123', name: 'M' });
    const signIn = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: 'metrics@example.com', password: 'password123' } });
    const me = await t.request('/api/me', { cookie: cookieFrom(signIn) });
    expect((await me.json()).id).toBe(id);
    recordGeneration(t.services, { engine: 'local', outcome: 'succeeded', seconds: 1.5 });

    const res = await t.request('/metrics', { headers: { authorization: 'Bearer metrics-secret-123' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const text = await res.text();
    expect(text).toMatch(/^# TYPE tress_http_request_duration_seconds histogram$/m);
    expect(text).toMatch(/^tress_http_request_duration_seconds_count\{method="GET",route="\/api\/me",status="200"\} 1$/m);
    expect(text).toMatch(/^tress_http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/api\/auth\/\*",status="200"\} 1$/m);
    expect(text).toMatch(/^tress_generation_outcomes_total\{engine="local",outcome="succeeded"\} 1$/m);
    expect(text).toMatch(/^tress_credits_granted\{type="welcome"\} 1$/m);
    expect(text).toMatch(/^tress_credits_spent 0$/m);
    expect(text).toMatch(/^tress_inflight_requests 1$/m);
    // Every sample line is `name{labels} number`.
    for (const line of text.split('\n').filter((l) => l && !l.startsWith('#'))) expect(line).toMatch(/^[a-z_][a-z0-9_]*(\{[^}]*\})? (-?[0-9.e+-]+|\+Inf|NaN)$/);
  });

  it('logs one JSON line per request with its request id, and no cookies, passwords or tokens', async () => {
    await createVerifiedUser(t.services, { email: 'logs@example.com', password: 'sup3r-secret-pw', name: 'L' });
    t.logs.lines.length = 0;
    const signIn = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'x-request-id': 'req-sign-in-1' },
      json: { email: 'logs@example.com', password: 'sup3r-secret-pw' },
    });
    expect(signIn.headers.get('x-request-id')).toBe('req-sign-in-1');
    const cookie = cookieFrom(signIn);
    const me = await t.request('/api/me', { cookie, headers: { 'x-request-id': 'req-me-1' } });
    expect(me.status).toBe(200);
    const missing = await t.request('/api/no-such-thing?token=abc123secret', { cookie });
    expect(missing.status).toBe(404);
    const generated = missing.headers.get('x-request-id');
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);

    const requests = t.logs.lines.filter((l) => l.msg === 'request');
    expect(requests.map((l) => [l.requestId, l.route, l.status])).toEqual([
      ['req-sign-in-1', '/api/auth/*', 200],
      ['req-me-1', '/api/me', 200],
      [generated, '/api/*', 404],
    ]);
    expect(requests[1].userId).toEqual(expect.any(String));
    const cookieValue = cookie.split('=')[1];
    expect(t.logs.raw).not.toContain('sup3r-secret-pw');
    expect(t.logs.raw).not.toContain(cookieValue.slice(0, 20));
    expect(t.logs.raw).not.toContain('abc123secret');
  });
});

describe('metrics without METRICS_TOKEN', () => {
  let t: LoggedApp;
  beforeAll(async () => {
    t = await createLoggedApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('are not on the app port, and are served on a local listener instead', async () => {
    const open = await t.request('/metrics');
    expect(open.status).toBe(404);
    expect((await open.json()).error.status).toBe('NOT_FOUND');
    const server = startMetricsServer(t.services, 0);
    try {
      await new Promise((resolve) => (server.listening ? resolve(null) : server.once('listening', resolve)));
      const { address, port } = server.address() as AddressInfo;
      expect(address).toBe('127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^tress_inflight_requests \d+$/m);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
