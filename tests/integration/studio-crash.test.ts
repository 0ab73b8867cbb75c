import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '../../src/server/env';
import { refundStalePending } from '../../src/server/features/studio/sweeper';
import { createLogger } from '../../src/server/lib/logger';
import { createVerifiedUser } from '../../src/server/seed/create-verified-user';
import { createServices, type Services } from '../../src/server/services';
import { serverArgs } from '../support/server-bundle';
import { freshDatabase, postgresAvailable } from '../support/test-db';
import { ledgerViolations } from '../support/test-app';
import { balance, generationsOf, giveCredits, MODEL_PATH, portrait, SETUP_TIMEOUT_MS } from './studio-support';

// real engine runs: generous per-test time on a busy two-core machine
vi.setConfig({ testTimeout: 60_000 });

const ROOT = path.join(import.meta.dirname, '../..');
const hasPostgres = await postgresAvailable();
const children: ChildProcess[] = [];

/** A real app process on the shared PostgreSQL database, killed mid-generation by the tests. */
async function startApp(databaseUrl: string, extraEnv: Record<string, string> = {}) {
  const port = 3700 + Math.floor(Math.random() * 200);
  const origin = `http://localhost:${port}`;
  // node itself, on the server's build (no CLI that would survive as a parent while its child keeps serving)
  const child: ChildProcess = spawn(process.execPath, [...(await serverArgs('start')), '--dev'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tress-crash-')),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      HAIR_MODEL_PATH: MODEL_PATH,
      ENGINE_THREADS: '1',
      AUTH_SECRET: 'crash-test-secret-crash-test-secret',
      ...extraEnv,
    },
    stdio: 'ignore',
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await expect
    .poll(
      () =>
        fetch(`${origin}/api/auth-config`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 60_000, interval: 200 },
    )
    .toBe(true);
  return { child, origin, exited };
}

async function signInTo(origin: string, email: string) {
  const res = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'password123' }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe.skipIf(!hasPostgres)('a server that dies mid-generation never keeps the credit (PostgreSQL)', () => {
  let s: Services;
  let url: string;
  let body: string;
  beforeAll(async () => {
    const database = await freshDatabase('postgres');
    url = database.url!;
    s = await createServices(
      loadEnv({
        NODE_ENV: 'test',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tress-crash-')),
        AUTH_SECRET: 'crash-test-secret-crash-test-secret',
        LOG_LEVEL: 'silent',
        DATABASE_URL: url,
      }),
      { database, logger: createLogger('silent'), sweeper: false },
    );
    // full-size photo with a big prompt so the generation is still running when the process dies
    const photo = await sharp(portrait('two-people.jpg')).resize({ width: 1600, height: 1600, fit: 'inside' }).jpeg().toBuffer();
    body = JSON.stringify({ data: { imageBase64: photo.toString('base64'), imageType: 'image/jpeg', prompt: 'pastel lavender ombre' } });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    expect(await ledgerViolations(s)).toEqual([]);
    await s.close();
  });

  async function userWithOneCredit() {
    const email = `crash-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const id = await createVerifiedUser(s, { email, password: 'password123', name: '' });
    return { id, email };
  }

  async function startGenerating(app: { origin: string }, u: { id: string; email: string }) {
    const cookie = await signInTo(app.origin, u.email);
    await giveCredits(s, u.id, 1); // after sign-in, which grants the welcome credit
    const answer = fetch(`${app.origin}/api/fn/generateHairStyle`, {
      method: 'POST',
      headers: { origin: app.origin, cookie, 'content-type': 'application/json' },
      body,
    }).then(
      async (r) => ({ status: r.status, body: await r.json().catch(() => null) }),
      () => ({ status: 0, body: null }),
    );
    await expect.poll(async () => (await generationsOf(s, u.id)).map((g) => g.status), { timeout: 20_000, interval: 20 }).toEqual(['pending']);
    expect(await balance(s, u.id)).toBe(0);
    return { answer };
  }

  it('SIGKILL: the credit is held while pending, and the sweeper of the next server refunds it once', async () => {
    const u = await userWithOneCredit();
    const app = await startApp(url);
    const { answer } = await startGenerating(app, u);
    app.child.kill('SIGKILL');
    await app.exited;
    expect((await answer).status).toBe(0); // the connection died with the process
    expect((await generationsOf(s, u.id)).map((g) => g.status)).toEqual(['pending']);
    // the restarted server's sweeper, once the deadline and margin have passed
    const later = Date.now() + s.generationDeadlineMs + 31_000;
    expect(await refundStalePending(s, later)).toBe(1);
    expect(await refundStalePending(s, later)).toBe(0);
    expect(await balance(s, u.id)).toBe(1);
    expect((await generationsOf(s, u.id)).map((g) => g.status)).toEqual(['refunded']);
  });

  it('SIGTERM past the drain deadline: the shutdown hook cancels the generation and refunds before exiting', async () => {
    const u = await userWithOneCredit();
    const app = await startApp(url, { SHUTDOWN_DEADLINE_MS: '0' });
    const { answer } = await startGenerating(app, u);
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
    const res = await answer;
    expect([0, 503]).toContain(res.status);
    expect(await balance(s, u.id)).toBe(1);
    expect((await generationsOf(s, u.id)).map((g) => [g.status, g.error])).toEqual([['refunded', 'shutdown']]);
  });
});
