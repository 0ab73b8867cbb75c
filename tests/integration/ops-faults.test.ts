import { Redis } from 'ioredis';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_PACKS } from '@shared/billing/catalogue';
import { logLines, startAppProcess, waitReady, type AppProcess } from '../support/app-process';
import { OwnPostgres, OwnRedis, postgresBin, redisServerBin } from '../support/own-services';
import { call, cookieOf, sseEvents } from '../support/process-client';
import { generateBody, MODEL_PATH, portrait } from './studio-support';

/**
 * Issue 34's faults, against servers this file starts itself (never the machine's shared PostgreSQL or Redis):
 * the app process must ride out PostgreSQL restarts under load and a Redis that goes away (decision 157).
 */
const pgBin = postgresBin();
const redisBin = redisServerBin();
const PACK = CREDIT_PACKS[0];
const CARD = { number: '4242424242424242', expiry: '12 / 34', cvc: '123', name: 'Fault Tester' };

async function signUp(app: AppProcess, email: string): Promise<string> {
  const up = await call(app, '/api/auth/sign-up/email', { json: { email, password: 'password123', name: 'Fault Tester' } });
  expect(up.status, await up.clone().text()).toBe(200);
  const mail = await app.waitForLog((l) => l.msg === 'mail written to outbox' && l.to === email);
  const link = new URL(String(mail.link));
  const verified = await call(app, link.pathname + link.search);
  expect(verified.status).toBe(302);
  return cookieOf(verified);
}

/** A credit-pack purchase through the sandbox checkout: the session id and the payment page's answer. */
async function buyPack(app: AppProcess, cookie: string): Promise<{ sessionId?: string; status: number }> {
  const session = await call(app, '/api/fn/createCheckoutSession', { cookie, json: { data: { priceId: PACK.sandboxPriceId } } });
  if (session.status !== 200) return { status: session.status };
  const path = new URL(((await session.json()) as { result: { url: string } }).result.url).pathname;
  const paid = await call(app, path, { cookie, form: CARD });
  return { sessionId: path.split('/').pop(), status: paid.status };
}

async function generate(app: AppProcess, cookie: string, photo: Buffer): Promise<{ generationId?: string; status: number }> {
  const res = await call(app, '/api/fn/generateHairStyle', { cookie, json: generateBody('copper balayage', photo) });
  const body = (await res.json().catch(() => null)) as { result?: { generationId?: string } } | null;
  return { status: res.status, generationId: body?.result?.generationId };
}

describe.skipIf(!pgBin)('the app process while its PostgreSQL restarts', () => {
  let db: OwnPostgres;
  let app: AppProcess;

  beforeAll(async () => {
    db = await OwnPostgres.create(pgBin!);
    app = await startAppProcess({ DATABASE_URL: db.url, HAIR_MODEL_PATH: MODEL_PATH, ENGINE_THREADS: '1', AUTH_SECRET: 'fault-test-secret-0123456789abcdef' });
    await waitReady(app);
  }, 150_000);

  afterAll(async () => {
    await app?.stop();
    db?.destroy();
  });

  it('stays up through three restarts under generations and purchases, serves within 10 s, loses and doubles no credit, and its event stream goes on', async () => {
    const photo = await sharp(portrait()).resize(360).jpeg().toBuffer();
    const users = await Promise.all([0, 1, 2].map(async (i) => signUp(app, `fault-${i}-${Date.now()}@example.com`)));
    for (const cookie of users) expect((await buyPack(app, cookie)).status).toBe(303);
    const stream = sseEvents(await call(app, '/api/events', { cookie: users[0] }));
    await stream.next((e) => e.event === 'ready', 5000);

    const purchases: Array<{ sessionId?: string; status: number }> = [];
    const generations: Array<{ generationId?: string; status: number }> = [];
    const recoveries: number[] = [];
    for (const [round, mode] of (['fast', 'immediate', 'fast'] as const).entries()) {
      // every user generates while the others keep buying; the database goes away once a generation's credit
      // is taken (its engine runs) and purchases are in their transactions
      let running = true;
      const seenBefore = stream.events.length;
      const buying = users.slice(1).map(async (cookie) => {
        while (running) purchases.push(await buyPack(app, cookie));
      });
      const generating = users.map((cookie) => generate(app, cookie, photo).then((g) => generations.push(g)));
      await stream.next((e) => stream.events.indexOf(e as never) >= seenBefore && e.event === 'message' && JSON.parse(e.data).type === 'credits', 10_000);
      const load = [...generating, ...buying];
      db.stop(mode);
      const down = await call(app, '/readyz');
      const downBody = (await down.json()) as { status: string; checks: Record<string, { ok: boolean; degraded?: boolean }> };
      expect(down.status, `round ${round}`).toBe(503);
      expect(downBody.status).toBe('not-ready');
      expect(downBody.checks.database.ok).toBe(false);
      const during = await call(app, '/api/me', { cookie: users[1] });
      expect([503]).toContain(during.status);
      db.start();
      const restarted = performance.now();
      for (;;) {
        const me = await call(app, '/api/me', { cookie: users[1] });
        if (me.status === 200) break;
        expect(me.status, `round ${round}: answered while recovering`).toBe(503);
        expect(performance.now() - restarted, `round ${round}: still not serving`).toBeLessThan(10_000);
      }
      recoveries.push(performance.now() - restarted);
      running = false;
      await Promise.all(load);
      expect(app.proc.exitCode, `round ${round}: the process ended`).toBeNull();
      // the event listener is back too: readiness says ready, not degraded
      await expect.poll(async () => ((await (await call(app, '/readyz')).json()) as { status: string }).status, { timeout: 10_000 }).toBe('ready');
    }
    expect(recoveries.every((ms) => ms < 10_000)).toBe(true);

    // the stream opened before the restarts hears the next credit change
    const seen = stream.events.length;
    expect((await buyPack(app, users[0])).status).toBe(303);
    const credits = ((await (await call(app, '/api/me', { cookie: users[0] })).json()) as { credits: number }).credits;
    const live = await stream.next((e) => stream.events.indexOf(e as never) >= seen && e.event === 'message' && JSON.parse(e.data).type === 'credits', 5000);
    expect(JSON.parse(live.data)).toEqual({ type: 'credits', credits });
    await stream.cancel();

    // the books: balance = sum(ledger) for everyone; a paid purchase credited once; a generation debited once, refunded at most once
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const broken = await c.query(
        `select u.id from "user" u left join ledger_entry l on l.user_id = u.id group by u.id, u.credits having u.credits <> coalesce(sum(l.amount), 0)`,
      );
      expect(broken.rows).toEqual([]);
      for (const p of purchases.filter((p) => p.status === 303)) {
        const rows = await c.query(`select count(*)::int as n from ledger_entry where reference = $1 and type = 'credit'`, [p.sessionId]);
        expect(rows.rows[0].n, `purchase ${p.sessionId}`).toBe(1);
      }
      const doubled = await c.query(`select reference, type, count(*)::int as n from ledger_entry group by 1, 2 having count(*) > 1`);
      expect(doubled.rows).toEqual([]);
      const gens = await c.query(`
        select g.id, g.status,
          (select count(*)::int from ledger_entry l where l.reference = g.id and l.type = 'generation') as debits,
          (select count(*)::int from ledger_entry l where l.reference = g.id and l.type = 'refund') as refunds
        from generation g`);
      for (const g of gens.rows as Array<{ id: string; status: string; debits: number; refunds: number }>) {
        expect(g.debits, `generation ${g.id}`).toBe(1);
        expect(g.refunds, `generation ${g.id} (${g.status})`).toBe(g.status === 'refunded' ? 1 : 0);
      }
      for (const g of generations.filter((x) => x.status === 200)) {
        expect(gens.rows.find((r: { id: string }) => r.id === g.generationId)?.status).toBe('succeeded');
      }
    } finally {
      await c.end();
    }
    expect(generations.length).toBe(9);
    expect(logLines(app.output()).some((l) => l.msg === 'LISTEN connection restored')).toBe(true);
    expect(app.proc.exitCode).toBeNull();
  }, 240_000);
});

describe.skipIf(!redisBin)('the app process while its Redis is stopped and started again', () => {
  let redis: OwnRedis;
  let app: AppProcess;

  beforeAll(async () => {
    redis = await OwnRedis.create(redisBin!);
    app = await startAppProcess({
      REDIS_URL: redis.url,
      METRICS_TOKEN: 'fault-metrics-token-123',
      HAIR_MODEL_PATH: MODEL_PATH,
      ENGINE_THREADS: '1',
      AUTH_SECRET: 'fault-test-secret-0123456789abcdef',
    });
    await waitReady(app);
  }, 150_000);

  afterAll(async () => {
    await app?.stop();
    await redis?.stop();
  });

  it('answers no 5xx with Redis down, limits in memory (logged once, counted, degraded), and shares limits again when it returns', async () => {
    const ready = (await (await call(app, '/readyz')).json()) as { status: string; checks: Record<string, { ok: boolean; detail: string }> };
    expect(ready.checks.rateLimits).toEqual({ ok: true, detail: 'shared through Redis' });
    const cookie = await signUp(app, `redis-${Date.now()}@example.com`);
    const photo = await sharp(portrait()).resize(360).jpeg().toBuffer();

    await redis.stop();
    await app.waitForLog((l) => String(l.msg).startsWith('Redis is unreachable'));
    const answers: Record<string, number> = {};
    answers.signIn = (await call(app, '/api/auth/sign-in/email', { json: { email: 'nobody@example.com', password: 'wrong-password' } })).status;
    answers.signUp = (
      await call(app, '/api/auth/sign-up/email', { json: { email: `down-${Date.now()}@example.com`, password: 'password123', name: 'Down' } })
    ).status;
    answers.generate = (await generate(app, cookie, photo)).status;
    answers.checkout = (await buyPack(app, cookie)).status;
    answers.review = (await call(app, '/api/partners/no-such-partner/review', { method: 'PUT', cookie, json: { rating: 5, comment: 'Lovely' } })).status;
    answers.inquiry = (await call(app, '/api/partners/no-such-partner/inquiries', { cookie, json: { message: 'Are you free on Saturday?' } })).status;
    const events = await call(app, '/api/events', { cookie });
    answers.events = events.status;
    await events.body?.cancel();
    expect(Object.entries(answers).filter(([, s]) => s >= 500)).toEqual([]);
    expect(answers).toMatchObject({ signIn: 401, signUp: 200, checkout: 303, events: 200 });

    // still limited, by this instance's memory: the backoff after five failures holds
    const guess = (i: number) => call(app, '/api/auth/sign-in/email', { json: { email: 'target@example.com', password: `guess-${i}` } });
    for (let i = 0; i < 5; i++) expect((await guess(i)).status).toBe(401);
    expect((await guess(5)).status).toBe(429);

    const degraded = await call(app, '/readyz');
    const body = (await degraded.json()) as { status: string; checks: Record<string, { ok: boolean; degraded?: boolean }> };
    expect(degraded.status).toBe(200);
    expect(body.status).toBe('degraded');
    expect(body.checks.rateLimits).toMatchObject({ ok: false, degraded: true });
    const metrics = await (await call(app, '/metrics', { headers: { authorization: 'Bearer fault-metrics-token-123' } })).text();
    const fallbacks = [...metrics.matchAll(/^tress_rate_limit_fallback_total\{limit="([^"]+)"\} (\d+)/gm)];
    expect(fallbacks.map((m) => m[1])).toEqual(expect.arrayContaining(['auth:sign-in', 'checkout', 'event-streams']));
    expect(logLines(app.output()).filter((l) => String(l.msg).startsWith('Redis is unreachable'))).toHaveLength(1);

    await redis.start();
    await app.waitForLog((l) => String(l.msg).startsWith('Redis answers again'), 15_000);
    await expect.poll(async () => ((await (await call(app, '/readyz')).json()) as { status: string }).status, { timeout: 10_000 }).toBe('ready');
    // counted in Redis again: another instance would see this client's backoff
    for (let i = 0; i < 5; i++)
      expect((await call(app, '/api/auth/sign-in/email', { json: { email: 'shared@example.com', password: `guess-${i}` } })).status).toBe(401);
    const check = new Redis(redis.url);
    try {
      const keys = await check.keys('tress:rl:auth:sign-in-backoff*');
      expect(keys.some((k) => k.includes('shared@example.com'))).toBe(true);
    } finally {
      check.disconnect();
    }
    expect(app.proc.exitCode).toBeNull();
  }, 180_000);
});
