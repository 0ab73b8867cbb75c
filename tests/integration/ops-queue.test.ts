import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHairPrompt } from '@shared/hair/prompt';
import { createApp } from '../../src/server/app';
import { generation, ledgerEntry } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/lib/logger';
import { createVerifiedUser } from '../../src/server/seed/create-verified-user';
import { createServices, type Services } from '../../src/server/services';
import { startWorkerProcess } from '../support/app-process';
import { POSTGRES_TEMPLATE, TEMPLATES_ON } from '../support/db-templates';
import { PG_ADMIN_URL, postgresAvailable } from '../support/test-db';
import { cookieFrom, ledgerViolations, MemoryMailer, ORIGIN } from '../support/test-app';
import { balance, generateBody, giveCredits, MODEL_PATH, portrait } from './studio-support';

type Worker = Awaited<ReturnType<typeof startWorkerProcess>>;

/**
 * GENERATION_MODE=queue: the app enqueues, `npm run worker` processes run the engine. The HTTP
 * caller still gets the picture; a worker killed mid-job has its job retried by another worker and
 * the user is charged once.
 */
describe.skipIf(!(await postgresAvailable()))('generation queue (pg-boss) with separate worker processes', () => {
  let services: Services;
  let app: ReturnType<typeof createApp>;
  let dbName: string;
  let dbUrl: string;
  let cookie: string;
  let userId: string;
  const workers: Worker[] = [];
  let dataDir: string;
  // the workers share the app's storage: jobs carry storage keys, not images (decision 117)
  const workerEnv = () => ({ DATABASE_URL: dbUrl, DATA_DIR: dataDir, HAIR_MODEL_PATH: MODEL_PATH, ENGINE_THREADS: '1', SHUTDOWN_DEADLINE_MS: '5000' });

  beforeAll(async () => {
    dbName = `tress_queue_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    // a copy of the migrated template (decision 164); pg-boss makes its own schema on the first open
    const template = TEMPLATES_ON && (await admin.query('select 1 from pg_database where datname = $1', [POSTGRES_TEMPLATE])).rowCount;
    await admin.query(`CREATE DATABASE ${dbName}${template ? ` TEMPLATE ${POSTGRES_TEMPLATE}` : ''}`);
    await admin.end();
    dbUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'tress-queue-'));
    const env = loadEnv({
      NODE_ENV: 'test',
      PORT: '3999',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      GENERATION_MODE: 'queue',
      HAIR_MODEL_PATH: MODEL_PATH,
      AUTH_SECRET: 'queue-test-secret-queue-test-secret',
      METRICS_TOKEN: 'queue-metrics-token',
      LOG_LEVEL: 'silent',
    });
    services = await createServices(env, { mailer: new MemoryMailer(), logger: createLogger('silent'), sweeper: false, generationDeadlineMs: 55_000 });
    app = createApp(services);
    userId = await createVerifiedUser(services, { email: 'queue@example.com', password: 'password123', name: 'Q' });
    const res = await app.request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'queue@example.com', password: 'password123' }),
    });
    cookie = cookieFrom(res);
    await giveCredits(services, userId, 3);
    workers.push(await startWorkerProcess(workerEnv()));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    expect(await ledgerViolations(services)).toEqual([]);
    await services.close();
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  const generate = async (prompt: string, width = 480) => {
    const image = await sharp(portrait()).resize(width).jpeg().toBuffer();
    return app.request(`${ORIGIN}/api/fn/generateHairStyle`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json', cookie },
      body: JSON.stringify(generateBody(prompt, image)),
    });
  };
  const jobStates = async () =>
    (
      (await services.db.execute(
        sql`select id::text as id, state::text as state from pgboss.job where name = 'generation' order by created_on`,
      )) as unknown as { rows: Array<{ id: string; state: string }> }
    ).rows;

  it('returns the worker’s picture to the HTTP caller and debits one credit', async () => {
    expect((await app.request(`${ORIGIN}/readyz`)).status).toBe(200);
    const res = await generate('copper balayage');
    const body = await res.json();
    expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
    expect(body.result.image.length).toBeGreaterThan(1000);
    expect(body.result.credits).toBe(2);
    const [row] = await services.db.select().from(generation).where(eq(generation.id, body.result.generationId));
    expect(row.status).toBe('succeeded');
    expect((await jobStates()).map((j) => j.state)).toEqual(['completed']);
    // the job row held keys, not images; the result the worker stored is the one the generation keeps
    const [job] = (
      (await services.db.execute(sql`select data::text as data, output::text as output from pgboss.job where name = 'generation'`)) as unknown as {
        rows: Array<{ data: string; output: string }>;
      }
    ).rows;
    expect(job.data.length + job.output.length).toBeLessThan(4096);
    expect(JSON.parse(job.data)).toMatchObject({ inputKey: row.inputKey, outputKey: row.outputKey });
    expect(JSON.parse(job.output)).toMatchObject({ ok: true, outputKey: row.outputKey });
    const stored = await services.storage.get(row.outputKey!);
    expect(stored?.body.toString('base64')).toBe(body.result.image);
  }, 90_000);

  it('retries the job of a worker killed mid-generation on another worker, charging once', async () => {
    // A full-size photo, so the worker is still busy when it is killed.
    const pending = generate('honey blonde highlights', 1600);
    // Wait until a worker holds the job, then kill that worker outright.
    for (let i = 0; i < 400; i++) {
      const states = await jobStates();
      if (states.at(-1)?.state === 'active') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await jobStates()).at(-1)?.state).toBe('active');
    const metrics = await (await app.request(`${ORIGIN}/metrics`, { headers: { authorization: 'Bearer queue-metrics-token' } })).text();
    expect(metrics).toMatch(/^tress_generation_queue_depth\{queue="generation",state="active"\} 1$/m);
    workers[0].proc.kill('SIGKILL');
    await workers[0].exited;
    expect((await jobStates()).at(-1)?.state, 'the worker finished before it was killed').toBe('active');
    workers.push(await startWorkerProcess(workerEnv()));

    const res = await pending;
    const body = await res.json();
    expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
    expect(body.result.credits).toBe(1);
    const last = (await jobStates()).at(-1)!;
    expect(last.state).toBe('completed');
    // The killed worker's attempt never completed the job; the new worker ran it again once the job expired (decision 094).
    expect(await workers[1].waitForLog((l) => l.msg === 'generation job done' && l.jobId === last.id)).toMatchObject({ ok: true });
    const entries = await services.db.select().from(ledgerEntry).where(eq(ledgerEntry.reference, body.result.generationId));
    expect(entries.map((e) => [e.type, e.amount])).toEqual([['generation', -1]]);
    expect(await balance(services, userId)).toBe(1);
  }, 90_000);

  it('passes a reference photo by its key too, and deletes it once the job settles', async () => {
    const image = await sharp(portrait()).resize(480).jpeg().toBuffer();
    const reference = await sharp(portrait('curly-blonde.jpg')).resize(320).jpeg().toBuffer();
    const res = await app.request(`${ORIGIN}/api/fn/generateHairStyle`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        data: { ...generateBody('this colour', image).data, referenceBase64: reference.toString('base64'), referenceType: 'image/jpeg' },
      }),
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
    const rows = (
      (await services.db.execute(sql`select data::text as data from pgboss.job where name = 'generation' order by created_on`)) as unknown as {
        rows: Array<{ data: string }>;
      }
    ).rows;
    const job = JSON.parse(rows.at(-1)!.data) as Record<string, unknown>;
    expect(Object.keys(job).sort()).toEqual(['inputKey', 'mimeType', 'outputKey', 'prompt', 'reading', 'referenceKey']);
    // the app's reading of the prompt travels with the job: the worker does not read the words again (decision 180)
    expect(job.reading).toEqual(parseHairPrompt('this colour'));
    expect(await services.storage.get(job.referenceKey as string)).toBeNull();
    expect(await services.storage.get(job.outputKey as string)).not.toBeNull();
    expect(await balance(services, userId)).toBe(0);
  }, 90_000);
});
