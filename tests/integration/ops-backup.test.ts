import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { creation, generation, ledgerEntry, user } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { postLedgerEntry } from '../../src/server/features/credits/ledger';
import { createLogger } from '../../src/server/lib/logger';
import { pidFilePath } from '../../src/server/ops/pid-file';
import { createVerifiedUser } from '../../src/server/seed/create-verified-user';
import { createServices, type Services } from '../../src/server/services';
import { PG_ADMIN_URL, postgresAvailable } from '../support/test-db';
import { cookieFrom, ledgerViolations, MemoryMailer, ORIGIN } from '../support/test-app';
import { serverArgs } from '../support/server-bundle';
import { copyPgliteDataDirTemplate, POSTGRES_TEMPLATE, TEMPLATES_ON } from '../support/db-templates';

const ROOT = path.join(import.meta.dirname, '../..');
const tmp = (p: string) => mkdtempSync(path.join(os.tmpdir(), p));
const cleanup: string[] = [];

/** Runs one of the npm scripts' CLIs (built as `npm run build` builds them) as a real process with the given environment. */
async function cli(script: 'db-backup' | 'db-restore', args: string[], env: Record<string, string>) {
  const node = await serverArgs(script);
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const proc = spawn(process.execPath, [...node, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d));
    proc.stderr.on('data', (d: Buffer) => (out += d));
    proc.on('exit', (code) => resolve({ code, out }));
  });
}

async function open(env: Record<string, string>) {
  const services = await createServices(loadEnv({ NODE_ENV: 'test', PORT: '3999', LOG_LEVEL: 'silent', ...env }), {
    mailer: new MemoryMailer(),
    logger: createLogger('silent'),
  });
  const app = createApp(services);
  const request = (p: string, init: { json?: unknown; cookie?: string } = {}) =>
    Promise.resolve(
      app.request(`${ORIGIN}${p}`, {
        method: init.json === undefined ? 'GET' : 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json', ...(init.cookie ? { cookie: init.cookie } : {}) },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      }),
    );
  return { services, request };
}

/** Two users with a welcome credit and a purchase, one generation and creation with stored images. */
async function populate(s: Awaited<ReturnType<typeof open>>) {
  const cookies: string[] = [];
  for (const email of ['ada@example.com', 'grace@example.com']) {
    await createVerifiedUser(s.services, { email, password: 'password123', name: email.split('@')[0] });
    const res = await s.request('/api/auth/sign-in/email', { json: { email, password: 'password123' } });
    expect(res.status).toBe(200);
    cookies.push(cookieFrom(res));
  }
  const [ada] = await s.services.db.select().from(user).where(eq(user.email, 'ada@example.com'));
  await s.services.db.transaction((tx) => postLedgerEntry(tx, s.services.bus, { userId: ada.id, amount: 10, type: 'credit', reference: 'cs_backup_test' }));
  const [gen] = await s.services.db.insert(generation).values({ userId: ada.id, prompt: 'copper balayage', status: 'succeeded', engine: 'local' }).returning();
  await s.services.storage.put(`creations/${ada.id}/c1-before.jpg`, Buffer.from('jpeg bytes of the input'), 'image/jpeg');
  await s.services.storage.put(`creations/${ada.id}/c1-after.png`, Buffer.from('png bytes of the result'), 'image/png');
  await s.services.db.insert(creation).values({
    userId: ada.id,
    prompt: 'copper balayage',
    inputKey: `creations/${ada.id}/c1-before.jpg`,
    outputKey: `creations/${ada.id}/c1-after.png`,
    styleTags: ['balayage', 'copper'],
    colour: 'copper',
    meta: { generationId: gen.id },
  });
  return { cookie: cookies[0], adaId: ada.id };
}

async function snapshot(services: Services) {
  const db = services.db;
  const users = await db.select({ id: user.id, email: user.email, credits: user.credits }).from(user).orderBy(asc(user.email));
  const ledger = await db
    .select({ userId: ledgerEntry.userId, amount: ledgerEntry.amount, type: ledgerEntry.type, reference: ledgerEntry.reference })
    .from(ledgerEntry)
    .orderBy(asc(ledgerEntry.reference));
  const creations = await db
    .select({ id: creation.id, userId: creation.userId, prompt: creation.prompt, outputKey: creation.outputKey, styleTags: creation.styleTags })
    .from(creation);
  const files = await Promise.all(creations.flatMap((c) => [c.outputKey]).map(async (k) => (await services.storage.get(k))?.body.toString()));
  return { users, ledger, creations, files };
}

afterAll(() => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

describe('db:backup / db:restore of the embedded database', () => {
  it('restores the same users, credits, ledger, creations, files and sessions into a new DATA_DIR', async () => {
    const source = tmp('tress-bk-src-');
    // the source starts as the migrated template (decision 209); the target stays empty, as a restore finds it
    copyPgliteDataDirTemplate(source);
    const target = tmp('tress-bk-dst-');
    const out = path.join(tmp('tress-bk-out-'), 'backup.tar.gz');
    cleanup.push(source, target, path.dirname(out));

    const before = await open({ DATA_DIR: source });
    const { cookie } = await populate(before);
    const expected = await snapshot(before.services);
    expect(expected.users.map((u) => u.credits)).toEqual([11, 1]);
    expect(expected.files).toEqual(['png bytes of the result']);
    await before.services.close();

    // A live app holds the data dir: the backup refuses rather than copy a database being written.
    writeFileSync(pidFilePath(source), String(process.ppid));
    const refused = await cli('db-backup', ['--out', out], { DATA_DIR: source });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`The app (pid ${process.ppid}) is using`);
    rmSync(pidFilePath(source));

    const made = await cli('db-backup', ['--out', out], { DATA_DIR: source });
    expect(made.code, made.out).toBe(0);
    expect(made.out).toContain('user 2, ledger_entry 3, generation 1, creation 1');

    const restored = await cli('db-restore', [out], { DATA_DIR: target });
    expect(restored.code, restored.out).toBe(0);
    const after = await open({ DATA_DIR: target });
    try {
      expect(await snapshot(after.services)).toEqual(expected);
      expect(await ledgerViolations(after.services)).toEqual([]);
      // The auth secret and sessions came back too: the old session cookie still signs the user in.
      const me = await after.request('/api/me', { cookie });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ email: 'ada@example.com', credits: 11 });
    } finally {
      await after.services.close();
    }

    // Restoring over a database needs --force, which keeps the old one aside.
    const again = await cli('db-restore', [out], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.out).toContain('already holds a database');
    const forced = await cli('db-restore', [out, '--force'], { DATA_DIR: target });
    expect(forced.code, forced.out).toBe(0);
    expect(readdirSync(target).filter((f) => f.startsWith('db.replaced-'))).toHaveLength(1);
    expect(existsSync(path.join(target, 'db', 'PG_VERSION'))).toBe(true);
  }, 120_000);
});

describe.skipIf(!(await postgresAvailable()))('db:backup / db:restore with DATABASE_URL (pg_dump route)', () => {
  const dbs: string[] = [];
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    for (const name of dbs) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  /** An empty database, or a copy of the migrated template (decision 164) when `migrated`. */
  async function newDatabase(migrated = false) {
    const name = `tress_bk_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    const template = migrated && TEMPLATES_ON && (await admin.query('select 1 from pg_database where datname = $1', [POSTGRES_TEMPLATE])).rowCount;
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${POSTGRES_TEMPLATE}` : ''}`);
    await admin.end();
    dbs.push(name);
    return PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  }

  it('dumps with pg_dump and restores into an empty database with the same rows and sessions', async () => {
    const dataDir = tmp('tress-bk-pg-');
    const out = path.join(dataDir, 'backup.dump');
    cleanup.push(dataDir);
    const env = { DATA_DIR: dataDir, AUTH_SECRET: 'backup-test-secret-backup-test-secret' };
    const sourceUrl = await newDatabase(true);
    const before = await open({ ...env, DATABASE_URL: sourceUrl });
    const { cookie } = await populate(before);
    const expected = await snapshot(before.services);
    await before.services.close();

    const made = await cli('db-backup', ['--out', out], { ...env, DATABASE_URL: sourceUrl });
    expect(made.code, made.out).toBe(0);
    const targetUrl = await newDatabase();
    const restored = await cli('db-restore', [out], { ...env, DATABASE_URL: targetUrl });
    expect(restored.code, restored.out).toBe(0);

    const after = await open({ ...env, DATABASE_URL: targetUrl });
    try {
      expect(await snapshot(after.services)).toEqual(expected);
      expect(await ledgerViolations(after.services)).toEqual([]);
      expect(await (await after.request('/api/me', { cookie })).json()).toMatchObject({ email: 'ada@example.com', credits: 11 });
    } finally {
      await after.services.close();
    }
  }, 120_000);
});
