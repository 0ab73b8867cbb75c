import { existsSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * On a developer's machine a suite whose service is missing is skipped with a warning, so the rest
 * still runs. In CI (CI=true) nothing may be skipped quietly: a missing PostgreSQL, Redis or hair
 * model fails the run with a message saying what to start (decision 095).
 */
export const servicesRequired = process.env.CI === 'true' || process.env.CI === '1';

export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Says a service is missing: a warning (and false) locally, an error in CI. */
export function unavailable(what: string, suites: string): false {
  if (servicesRequired) throw new Error(`${what}. CI=true runs every suite, so this fails the run instead of skipping ${suites}.`);
  console.warn(`${what}: skipping ${suites}.`);
  return false;
}

export async function postgresAnswers(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 1500 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

export async function redisAnswers(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1500, retryStrategy: () => null });
  r.on('error', () => undefined); // the failed connect() below is the answer; no unhandled-event noise
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

/** The hair model the engine suites run on, when HAIR_MODEL_PATH points at a file. */
export function modelPresent(): boolean {
  const p = process.env.HAIR_MODEL_PATH;
  return Boolean(p && existsSync(path.resolve(p)));
}
