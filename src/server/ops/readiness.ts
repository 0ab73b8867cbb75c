import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { googleConfigured } from '../env';
import { PROJECT_ROOT } from '../lib/project-root';
import type { Services } from '../services';

interface Check {
  ok: boolean;
  detail?: string;
  /** A failed check that leaves the instance serving with less (live updates, shared limits): 200 "degraded", not 503. */
  degraded?: true;
}
export interface Readiness {
  /** ready: all is well; degraded: serving, something optional is down; not-ready: send traffic elsewhere. */
  status: 'ready' | 'degraded' | 'not-ready';
  checks: Record<string, Check>;
}

/** The migrations this build ships (drizzle's journal), read once. */
const JOURNAL = path.join(PROJECT_ROOT, 'drizzle/meta/_journal.json');
let expected: { count: number; last: number } | undefined;
function expectedMigrations() {
  if (!expected) {
    const entries = (JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: Array<{ when: number }> }).entries;
    expected = { count: entries.length, last: Math.max(0, ...entries.map((e) => e.when)) };
  }
  return expected;
}

/** The studio's engine, once it is part of the services: `ready()` loads its model. */
interface EngineLike {
  ready(): Promise<unknown>;
}
const engineState = new WeakMap<object, { promise: Promise<unknown>; settled?: Check }>();

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    }),
  ]);
}

/**
 * Which hair matte runs, for operators: the model's name, or the fallback said plainly (the studio tells
 * users quietly that results are rougher; this is where an operator sees why).
 */
function matteDetail(model: string): string {
  return model === 'fallback' ? 'fallback matte (no hair model file: rougher hair edges)' : `${model} matte`;
}

async function checkEngine(engine: EngineLike): Promise<Check> {
  let state = engineState.get(engine);
  if (!state) {
    const s: { promise: Promise<unknown>; settled?: Check } = { promise: engine.ready() };
    s.promise.then(
      (r) => (s.settled = { ok: true, detail: typeof r === 'object' && r && 'model' in r ? matteDetail(String((r as { model: unknown }).model)) : 'ready' }),
      () => engineState.delete(engine), // try again on the next probe
    );
    engineState.set(engine, (state = s));
  }
  if (state.settled) return state.settled;
  try {
    await withTimeout(state.promise, 2000, 'the engine');
    return state.settled ?? { ok: true };
  } catch (e) {
    return { ok: false, detail: e instanceof Error && e.message.includes('did not answer') ? 'loading the model' : 'the engine failed to load' };
  }
}

/**
 * Whether this instance should receive traffic: not shutting down, the database answers, every
 * migration of this build is applied, and the hair engine (when the services have one) is loaded.
 * The live-event listener and Redis are reported as degraded when down (decision 157): the instance
 * still answers every request, and the listener and the Redis client reconnect by themselves.
 */
export async function readiness(s: Services): Promise<Readiness> {
  const checks: Record<string, Check> = {};
  checks.shutdown = s.ops.lifecycle.draining ? { ok: false, detail: 'shutting down' } : { ok: true };
  if (s.ops.lifecycle.preparingDemo) checks.demo = { ok: false, detail: 'the demo is being prepared' };
  try {
    await withTimeout(s.db.execute(sql`select 1`), 3000, 'the database');
    checks.database = { ok: true, detail: s.database.kind };
  } catch (e) {
    checks.database = { ok: false, detail: e instanceof Error && e.message.includes('did not answer') ? e.message : 'unreachable' };
  }
  if (checks.database.ok) {
    try {
      const res = (await s.db.execute(
        sql`select count(*)::int as n, coalesce(max(created_at), 0)::bigint as last from drizzle.__drizzle_migrations`,
      )) as unknown as {
        rows: Array<{ n: number; last: string | number }>;
      };
      const want = expectedMigrations();
      const have = { count: Number(res.rows[0]?.n ?? 0), last: Number(res.rows[0]?.last ?? 0) };
      checks.migrations =
        have.count >= want.count && have.last >= want.last
          ? { ok: true, detail: `${have.count} applied` }
          : { ok: false, detail: `${have.count} of ${want.count} applied` };
    } catch {
      checks.migrations = { ok: false, detail: 'no migrations table' };
    }
  } else checks.migrations = { ok: false, detail: 'database unreachable' };
  checks.events = s.bus.listening()
    ? { ok: true, detail: 'listening' }
    : { ok: false, degraded: true, detail: 'reconnecting to the database: live updates paused' };
  const store = s.rateLimits.store();
  checks.rateLimits =
    store === 'fallback'
      ? { ok: false, degraded: true, detail: "Redis unreachable: limits counted in this instance's memory" }
      : { ok: true, detail: store === 'redis' ? 'shared through Redis' : "this instance's memory (no REDIS_URL)" };
  // Optional features are reported, never failed: visitors no longer see what is missing, the operator does here.
  checks.googleSignIn = { ok: true, detail: googleConfigured(s.env) ? 'configured' : 'off (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set)' };
  const engine = (s as unknown as { engine?: EngineLike }).engine;
  if (engine && typeof engine.ready === 'function') checks.engine = await checkEngine(engine);
  const failed = Object.values(checks).filter((c) => !c.ok);
  return { status: failed.length === 0 ? 'ready' : failed.every((c) => c.degraded) ? 'degraded' : 'not-ready', checks };
}
