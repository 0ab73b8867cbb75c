import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startFakeS3, type FakeS3 } from '../support/fake-s3';
import { CREDIT_PACKS } from '@shared/billing/catalogue';
import { startAppProcess, waitReady, type AppProcess } from '../support/app-process';
import { call, cookieOf, sseEvents } from '../support/process-client';
import { PG_ADMIN_URL, postgresAvailable } from '../support/test-db';
import { REDIS_URL, redisAnswers, unavailable } from '../support/required-services';
import { generateBody, MODEL_PATH, portrait } from './studio-support';

const infra = (await postgresAvailable()) && ((await redisAnswers()) || unavailable(`Redis at ${REDIS_URL} does not answer`, 'the two-instance test'));

describe.skipIf(!infra)('two app processes on one PostgreSQL, one Redis and one bucket behave as one product', () => {
  let a: AppProcess;
  let b: AppProcess;
  let dbName: string;
  let dbUrl: string;
  let s3: FakeS3;

  beforeAll(async () => {
    // The machine's Redis outlives a run: limits counted by an earlier run in the last 15 minutes (failed sign-ins
    // per client, all from this loopback address) would refuse this run's first attempts. Start from none.
    const redis = new Redis(REDIS_URL);
    const stale = await redis.keys('tress:rl:*');
    if (stale.length > 0) await redis.del(...stale);
    await redis.quit();
    s3 = await startFakeS3();
    dbName = `tress_ops_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    dbUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
    const shared = {
      DATABASE_URL: dbUrl,
      REDIS_URL,
      AUTH_SECRET: 'two-instances-share-this-secret-0123456789',
      // Files in one bucket (a loopback S3), so a picture made through A is served by B.
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      HAIR_MODEL_PATH: MODEL_PATH,
      ENGINE_THREADS: '1',
    };
    // Both boot at once against an empty database: migrations run once, under the advisory lock.
    [a, b] = await Promise.all([startAppProcess(shared), startAppProcess(shared)]);
  }, 150_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.close();
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  it('shares sessions, live credit events, files and rate limits across instances', async () => {
    expect(a.port).not.toBe(b.port);
    await Promise.all([waitReady(a), waitReady(b)]);

    // Sign up on A; the verification link (A's outbox, logged) is opened on B, which signs the user in.
    const email = `two-${Date.now()}@example.com`;
    const up = await call(a, '/api/auth/sign-up/email', { json: { email, password: 'password123', name: 'Two Places' } });
    expect(up.status).toBe(200);
    const mail = await a.waitForLog((l) => l.msg === 'mail written to outbox' && l.to === email);
    const link = new URL(String(mail.link));
    const verified = await call(b, link.pathname + link.search);
    expect(verified.status).toBe(302);
    const cookie = cookieOf(verified);

    // The session works on both instances.
    const meA = await call(a, '/api/me', { cookie });
    const meB = await call(b, '/api/me', { cookie });
    expect(meA.status).toBe(200);
    expect(meB.status).toBe(200);
    const me = await meA.json();
    expect(await meB.json()).toEqual(me);
    expect(me.credits).toBe(1);

    // A live stream on B; a purchase completed through A reaches it within 1 s of A's answer.
    const stream = sseEvents(await call(b, '/api/events', { cookie }));
    await stream.next((e) => e.event === 'ready', 5000);
    const pack = CREDIT_PACKS[0];
    const session = await call(a, '/api/fn/createCheckoutSession', { cookie, json: { data: { priceId: pack.sandboxPriceId } } });
    expect(session.status, await session.clone().text()).toBe(200);
    const checkoutPath = new URL((await session.json()).result.url).pathname;
    const paid = await call(a, checkoutPath, { cookie, form: { number: '4242424242424242', expiry: '12 / 34', cvc: '123', name: 'Two Places' } });
    expect(paid.status).toBe(303);
    const committedBy = performance.now();
    const live = await stream.next((e) => e.event === 'message' && JSON.parse(e.data).type === 'credits', 1000);
    expect(JSON.parse(live.data)).toEqual({ type: 'credits', credits: 1 + pack.credits });
    expect(live.at - committedBy).toBeLessThan(1000);
    stream.cancel();
    expect((await (await call(b, '/api/me', { cookie })).json()).credits).toBe(1 + pack.credits);

    // A try-on generated and saved through A (credit spent there) is served by B from the shared bucket.
    const photo = await sharp(portrait()).resize(400).jpeg().toBuffer();
    const generated = await call(a, '/api/fn/generateHairStyle', { cookie, json: generateBody('copper balayage', photo) });
    const result = await generated.json();
    expect(generated.status, JSON.stringify(result).slice(0, 200)).toBe(200);
    expect(result.result.credits).toBe(pack.credits);
    const saved = await call(a, '/api/creations', { cookie, json: { generationId: result.result.generationId } });
    expect(saved.status).toBe(201);
    const creation = await saved.json();
    const image = await call(b, `/api/creations/${creation.id}/image/after`, { cookie });
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(result.result.image, 'base64'))).toBe(true);
    expect([...s3.objects.keys()].some((k) => k.endsWith(`${result.result.generationId}.png`))).toBe(true);

    // Sign-in backoff per address and email (decision 159): five wrong ones through A, and B makes that client wait.
    const victim = `limited-${Date.now()}@example.com`;
    const ip = { 'x-forwarded-for': '198.51.100.77' };
    for (let i = 0; i < 5; i++) {
      const res = await call(a, '/api/auth/sign-in/email', { headers: ip, json: { email: victim, password: `guess-${i}` } });
      expect(res.status).toBe(401);
    }
    const onB = await call(b, '/api/auth/sign-in/email', { headers: ip, json: { email: victim, password: 'guess-10' } });
    expect(onB.status).toBe(429);
    expect((await onB.json()).error.status).toBe('RESOURCE_EXHAUSTED');
    const otherEmail = await call(b, '/api/auth/sign-in/email', { headers: ip, json: { email: `other-${victim}`, password: 'guess' } });
    expect(otherEmail.status).toBe(401);

    // Signing out on B ends the session on A too.
    expect((await call(b, '/api/auth/sign-out', { cookie, json: {} })).status).toBe(200);
    expect((await call(a, '/api/me', { cookie })).status).toBe(401);

    // The books balance: credits = sum(ledger) for every user.
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    const bad = await c.query(
      `select u.id from "user" u left join ledger_entry l on l.user_id = u.id group by u.id, u.credits having u.credits <> coalesce(sum(l.amount), 0)`,
    );
    const migrations = await c.query(`select count(*)::int as n from drizzle.__drizzle_migrations`);
    await c.end();
    expect(bad.rows).toEqual([]);
    expect(migrations.rows[0].n).toBeGreaterThan(0);
  }, 120_000);
});
