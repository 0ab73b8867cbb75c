import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endpointsOf, ROUTES, type Caller, useSafetyWorld } from '../support/safety-routes';
import { type TestApp } from '../support/test-app';

/**
 * Property-based fuzzing of every endpoint that takes a body or parameters: malformed JSON,
 * wrong-typed, oversized, unicode and injection-shaped input. Properties: never a 5xx; an API
 * failure is in the one error shape; a refused request changes nothing in the database.
 */
const INJECTIONS = [
  "' OR 1=1 --",
  "'; DROP TABLE \"user\"; --",
  '"; select pg_sleep(5); --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '${7*7}',
  '{{7*7}}',
  '%00',
  '\u0000',
  '\uFEFF\u202E\u200B',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✂️ 👩🏽‍🦰 زن ‮',
  'javascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD4=',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e309',
];
const KEYS = ['data', 'email', 'password', 'name', 'priceId', 'flow', 'rating', 'comment', 'message', 'creationId', 'generationId', 'ids', 'tags', 'type', 'base64', 'fileName', 'contentType', 'path', 'url', 'fullName', 'businessName', 'prompt', 'imageBase64', 'referenceBase64', '__proto__', 'constructor', 'action', 'callbackURL', 'newPassword', 'currentPassword'];

const hostileString = fc.oneof(
  fc.constantFrom(...INJECTIONS),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 500, max: 20_000 }).map((n) => 'ä'.repeat(n)),
);
const { value: hostileValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.constantFrom(0, -1, 1.5, 2 ** 53, -(2 ** 31), 1e308),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 4 }),
  ),
}));
/** A request body: broken text, a JSON scalar/array, an object of hostile fields, a callable envelope, or oversized. */
const body = fc.oneof(
  fc.constantFrom('{', '{"data":', '[1,2', '{"a":1}}', 'null', '', '\u0000', '<xml/>', '{"__proto__":{"admin":true}}', '%7B%7D'),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  hostileValue.map((v) => JSON.stringify(v) ?? 'null'),
  fc.dictionary(fc.constantFrom(...KEYS), hostileValue, { maxKeys: 6 }).map((v) => JSON.stringify(v)),
  hostileValue.map((v) => JSON.stringify({ data: v })),
  fc.constant(`{"data":{"imageBase64":"${'A'.repeat(1024 * 1024)}"}}`),
);
const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x');
const param = hostileString.filter((s) => s.length > 0);

/** A fingerprint of every table's rows: equal fingerprints mean nothing changed. */
async function fingerprint(t: TestApp): Promise<string> {
  const tables = (await t.services.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by 1`)) as unknown as { rows: Array<{ tablename: string }> };
  const parts = tables.rows.map((r) => `select '${r.tablename}' as t, coalesce(md5(string_agg(md5(x::text), '' order by md5(x::text))), '') as h from "${r.tablename}" x`);
  const res = (await t.services.db.execute(sql.raw(parts.join(' union all ')))) as unknown as { rows: Array<{ t: string; h: string }> };
  return res.rows.map((r) => `${r.t}:${r.h}`).join('|');
}

/** Replaces every `:param` (and Hono's `{regex}` suffix) and `*` with the given values. */
function concretePath(routePath: string, values: string[]): string {
  let i = 0;
  return routePath.replace(/:[A-Za-z]+(\{[^}]*\})?|\*/g, () => encodeURIComponent(values[i++ % values.length]));
}

describe('fuzzing every endpoint with hostile input', () => {
  const { t, w } = useSafetyWorld();

  it('answers 4xx in the error shape, never 5xx, and changes nothing when it refuses', async () => {
    const endpoints = endpointsOf(t.app).filter((k) => k !== 'GET /api/events' && k !== 'GET /readyz');
    expect(endpoints.filter((k) => !(k in ROUTES)), 'add new endpoints to tests/support/safety-routes.ts').toEqual([]);
    const problems: string[] = [];
    let requests = 0;
    for (const key of endpoints) {
      const [method, routePath] = key.split(' ');
      const takesBody = method !== 'GET' && method !== 'HEAD';
      const hasParams = /[:*]/.test(routePath);
      if (!takesBody && !hasParams && !routePath.startsWith('/api/partners')) continue;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<Caller>('signedOut', 'user', 'partnerActive'),
          fc.array(param, { minLength: 1, maxLength: 3 }),
          body,
          contentType,
          fc.dictionary(fc.constantFrom('q', 'page', 'style', 'colour', 'limit', 'partner'), hostileString, { maxKeys: 3 }),
          async (caller, params, payload, type, query) => {
            const qs = new URLSearchParams(query).toString();
            const path = (hasParams ? concretePath(routePath, params) : routePath) + (qs ? `?${qs}` : '');
            const before = await fingerprint(t);
            const res = await t.request(path, {
              method,
              cookie: caller === 'signedOut' ? undefined : w.cookies[caller],
              headers: takesBody ? { 'content-type': type } : {},
              body: takesBody ? payload : undefined,
            });
            requests++;
            const text = await res.text();
            const where = `${key} as ${caller}: ${method} ${path.slice(0, 120)} [${takesBody ? type : "no body"}] body ${payload.slice(0, 80)} → ${res.status}`;
            if (res.status >= 500) problems.push(`${where} ${text.slice(0, 200)}`);
            if (res.status >= 400 && path.startsWith('/api/') && (res.headers.get('content-type') ?? '').includes('json')) {
              const parsed = JSON.parse(text) as { error?: { status?: unknown; message?: unknown } };
              if (typeof parsed.error?.status !== 'string' || typeof parsed.error?.message !== 'string') problems.push(`${where}: not the error shape: ${text.slice(0, 120)}`);
            }
            if ((res.status < 200 || res.status >= 300) && (await fingerprint(t)) !== before) problems.push(`${where}: refused but the database changed`);
            return true;
          },
        ),
        { numRuns: (takesBody ? 12 : 6) * Number(process.env.FUZZ_SCALE ?? 1), seed: Number(process.env.FUZZ_SEED ?? 20261122) },
      );
    }
    expect(problems).toEqual([]);
    expect(requests).toBeGreaterThan(200);
  }, 120_000);
});
