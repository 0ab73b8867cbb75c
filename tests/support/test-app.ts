import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../src/server/app';
import { createEngine, type HairEngine } from '../../src/server/engine';
import { loadEnv, type Env } from '../../src/server/env';
import { engineConfigFromEnv } from '../../src/server/features/studio/engine-config';
import type { Mail, Mailer } from '../../src/server/mail/mailer';
import { createVerifiedUser } from '../../src/server/seed/create-verified-user';
import { createServices, type ServiceOverrides, type Services } from '../../src/server/services';
import { createLogger } from '../../src/server/lib/logger';
import { serverErrorLog } from './server-errors';
import { freshDatabase, type DbKind } from './test-db';

export const ORIGIN = 'http://localhost:3999';

/** Captures every message instead of sending it; tests read links out of it. */
export class MemoryMailer implements Mailer {
  sent: Mail[] = [];
  async send(mail: Mail) {
    this.sent.push(mail);
  }
  lastTo(email: string) {
    return [...this.sent].reverse().find((m) => m.to === email);
  }
}

export interface TestApp {
  services: Services;
  app: ReturnType<typeof createApp>;
  mailer: MemoryMailer;
  /** Calls the app in-process; adds the trusted Origin and the given cookie. */
  request(pathname: string, init?: RequestInit & { cookie?: string; json?: unknown }): Promise<Response>;
  /** A verified user with a session cookie, created without the HTTP sign-up flow. */
  signedInUser(opts?: { email?: string; name?: string; password?: string }): Promise<{ id: string; email: string; cookie: string }>;
  close(): Promise<void>;
}

/**
 * The local hair engine, one per model path in a test process. Loading its models and finding its first photo
 * took 5–6 s per app; integration files share their worker's process (decision 193), so every app after the
 * first finds it loaded. It is deterministic, so a region it kept from an earlier app is the one it would find
 * again. Apps do not close it: the worker's exit does.
 */
const localEngines = new Map<string, HairEngine>();
function sharedLocalEngine(env: Env): HairEngine | undefined {
  if (env.HAIR_ENGINE !== 'local' || env.GENERATION_MODE !== 'inline') return undefined;
  const key = `${env.HAIR_MODEL_PATH}|${env.ENGINE_THREADS}`;
  let engine = localEngines.get(key);
  if (!engine) {
    engine = createEngine(engineConfigFromEnv(env, createLogger('silent')));
    localEngines.set(key, engine);
  }
  const shared = engine;
  return {
    generate: (input) => shared.generate(input),
    preview: (input) => shared.preview(input),
    ready: () => shared.ready(),
    close: async () => undefined,
  };
}

/**
 * One password hash per password in a test process: a hash is ~0.1 s of scrypt on a quiet core, and a run signs
 * in well over a thousand users, most with the same password. better-auth's hash carries its own salt and no
 * app secret, so any app's sign-in verifies it.
 */
const hashes = new Map<string, Promise<string>>();
function hashOnce(services: Services) {
  return (password: string) => {
    let hash = hashes.get(password);
    if (!hash) {
      hash = services.auth.$context.then((ctx) => ctx.password.hash(password));
      hashes.set(password, hash);
    }
    return hash;
  };
}

/** A whole app on a fresh database of the given kind, with a temp DATA_DIR and captured mail. */
export async function createTestApp(kind: DbKind, env: Record<string, string> = {}, overrides: ServiceOverrides = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tress-test-'));
  const database = await freshDatabase(kind);
  const mailer = new MemoryMailer();
  const appEnv = loadEnv({
    NODE_ENV: 'test',
    PORT: '3999',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const services = await createServices(appEnv, {
    database,
    mailer,
    // errors only, to the test's record of unhandled ones (server-errors.ts)
    logger: createLogger('error', serverErrorLog),
    ...overrides,
    engine: overrides.engine ?? sharedLocalEngine(appEnv),
  });
  const app = createApp(services);
  let counter = 0;
  const request: TestApp['request'] = (pathname, init = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', ORIGIN);
    if (init.cookie) headers.set('cookie', init.cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return Promise.resolve(app.request(`${ORIGIN}${pathname}`, { ...init, headers, body }));
  };
  return {
    services,
    app,
    mailer,
    request,
    async signedInUser(opts = {}) {
      const email = opts.email ?? `user${++counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
      const password = opts.password ?? 'password123';
      const id = await createVerifiedUser(services, { email, password, name: opts.name ?? '' }, hashOnce(services));
      const res = await request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
      if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      return { id, email, cookie: cookieFrom(res) };
    },
    /** Closes the app after checking the ledger invariant, so every file that uses a test app asserts it. */
    async close() {
      try {
        const broken = await ledgerViolations(services);
        if (broken.length > 0) throw new Error(`ledger invariant broken (credits <> sum(ledger)): ${JSON.stringify(broken)}`);
      } finally {
        await services.close();
      }
    },
  };
}

/** The Cookie header a browser would send back after this response. */
/** Deletes the signed-in account as the Account page does, confirmed with its password (none: asked without one). */
export const deleteAccount = (t: TestApp, cookie: string, password?: string) =>
  t.request('/api/auth/delete-user', { method: 'POST', cookie, json: password === undefined ? {} : { password } });

export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Spec invariant: every user's credits equal the sum of their ledger. Returns the users that break it. */
export async function ledgerViolations(services: Services): Promise<unknown[]> {
  const res = await services.db.execute(
    sql`select u.id, u.credits, coalesce(sum(l.amount), 0)::int as ledger from "user" u left join ledger_entry l on l.user_id = u.id group by u.id, u.credits having u.credits <> coalesce(sum(l.amount), 0)`,
  );
  return res.rows;
}

/**
 * The usual set-up of a test file: a test app created before its tests and closed after them (which
 * also asserts the ledger invariant). Returns a stand-in that forwards to the app once it exists.
 */
export function useTestApp(kind: DbKind, env: Record<string, string> = {}, overrides: ServiceOverrides = {}): TestApp {
  let app: TestApp | undefined;
  // Creating an app (database, migrations, engine workers) is the slow part on a loaded machine.
  beforeAll(async () => {
    app = await createTestApp(kind, env, overrides);
  }, 180_000);
  afterAll(() => app?.close(), 60_000);
  return createdLater(() => app, 'the test app');
}

/** A stand-in for a value that a beforeAll hook creates: property reads go to the value once it exists. */
export function createdLater<T extends object>(get: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const value = get();
      if (!value) throw new Error(`${what} is used before beforeAll has created it`);
      return Reflect.get(value, key);
    },
  });
}
