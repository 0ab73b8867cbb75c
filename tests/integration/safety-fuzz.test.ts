import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { routeDbKinds } from '../support/db-kinds';
import { endpointsOf, ROUTES, type Caller, type RouteRule, useSafetyWorld } from '../support/safety-routes';
import { ORIGIN, type TestApp } from '../support/test-app';
import { escapeHtml } from '../../src/server/lib/escape-html';
import { listedPartner } from './partners-helpers';

/**
 * Property-based fuzzing of every endpoint that takes a body or parameters: malformed JSON,
 * wrong-typed, oversized, unicode and injection-shaped input. Properties: never a 5xx; an API
 * failure is in the one error shape; a refused request changes nothing in the database.
 */
const INJECTIONS = [
  "' OR 1=1 --",
  '\'; DROP TABLE "user"; --',
  '"; select pg_sleep(5); --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '${7*7}',
  '{{7*7}}',
  '%00',
  '\u0000',
  'a\uD800b',
  '\uDFFF',
  '\u001B[2J',
  "$& $` $' $$",
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
const KEYS = [
  'data',
  'email',
  'password',
  'name',
  'priceId',
  'flow',
  'rating',
  'comment',
  'message',
  'creationId',
  'generationId',
  'ids',
  'tags',
  'type',
  'base64',
  'fileName',
  'contentType',
  'path',
  'url',
  'fullName',
  'businessName',
  'prompt',
  'imageBase64',
  'referenceBase64',
  '__proto__',
  'constructor',
  'action',
  'callbackURL',
  'newPassword',
  'currentPassword',
];

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
  fc.constantFrom(
    '{',
    '{"data":',
    '[1,2',
    '{"a":1}}',
    'null',
    '',
    '\u0000',
    '<xml/>',
    '{"__proto__":{"admin":true}}',
    '%7B%7D',
    '[]',
    '[{"data":{}}]',
    '"text"',
    '{"data":null}',
    '{"name":null}',
  ),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  hostileValue.map((v) => JSON.stringify(v) ?? 'null'),
  fc.dictionary(fc.constantFrom(...KEYS), hostileValue, { maxKeys: 6 }).map((v) => JSON.stringify(v)),
  hostileValue.map((v) => JSON.stringify({ data: v })),
  fc.constant(`{"data":{"imageBase64":"${'A'.repeat(1024 * 1024)}"}}`),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
);
const param = hostileString.filter((s) => s.length > 0);

/**
 * Tables a background job writes after the request that asked for it was answered: an export accepted earlier
 * is built while later requests are refused, which is not a refused request changing anything.
 */
const WRITTEN_BY_JOBS = new Set(['account_export']);

/** A fingerprint of every table's rows: equal fingerprints mean nothing changed. */
async function fingerprint(t: TestApp): Promise<string> {
  const tables = (await t.services.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by 1`)) as unknown as {
    rows: Array<{ tablename: string }>;
  };
  const parts = tables.rows
    .filter((r) => !WRITTEN_BY_JOBS.has(r.tablename))
    .map((r) => `select '${r.tablename}' as t, coalesce(md5(string_agg(md5(x::text), '' order by md5(x::text))), '') as h from "${r.tablename}" x`);
  const res = (await t.services.db.execute(sql.raw(parts.join(' union all ')))) as unknown as { rows: Array<{ t: string; h: string }> };
  return res.rows.map((r) => `${r.t}:${r.h}`).join('|');
}

/** Replaces every `:param` (and Hono's `{regex}` suffix) and `*` with the given values. */
function concretePath(routePath: string, values: string[]): string {
  let i = 0;
  return routePath.replace(/:[A-Za-z]+(\{[^}]*\})?|\*/g, () => encodeLoosely(values[i++ % values.length]));
}

/** encodeURIComponent, except that a lone UTF-16 half is sent as the three bytes a careless encoder would write (it throws instead). */
function encodeLoosely(s: string): string {
  return s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/g, (ch) => {
    const u = ch.charCodeAt(0);
    if (ch.length === 1 && u >= 0xd800 && u <= 0xdfff)
      return [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    return encodeURIComponent(ch);
  });
}

describe('fuzzing every endpoint with hostile input', () => {
  const { t, w } = useSafetyWorld();

  it('answers 4xx in the error shape, never 5xx, and changes nothing when it refuses', async () => {
    const endpoints = endpointsOf(t.app).filter((k) => k !== 'GET /api/events' && k !== 'GET /readyz');
    expect(
      endpoints.filter((k) => !(k in ROUTES)),
      'add new endpoints to tests/support/safety-routes.ts',
    ).toEqual([]);
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
            const where = `${key} as ${caller}: ${method} ${path.slice(0, 120)} [${takesBody ? type : 'no body'}] body ${payload.slice(0, 80)} → ${res.status}`;
            if (res.status >= 500) problems.push(`${where} ${text.slice(0, 200)}`);
            if (res.status >= 400 && path.startsWith('/api/') && (res.headers.get('content-type') ?? '').includes('json')) {
              const parsed = JSON.parse(text) as { error?: { status?: unknown; message?: unknown } };
              if (typeof parsed.error?.status !== 'string' || typeof parsed.error?.message !== 'string')
                problems.push(`${where}: not the error shape: ${text.slice(0, 120)}`);
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

/** Every string inside a JSON value, as a path of keys, so each can be replaced in turn. */
function stringPaths(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof v === 'string') return [at];
  if (Array.isArray(v)) return v.flatMap((x, i) => stringPaths(x, [...at, i]));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => stringPaths(x, [...at, k]));
  return [];
}
function replaced(v: unknown, at: (string | number)[], value: unknown): unknown {
  if (at.length === 0) return value;
  const copy = (Array.isArray(v) ? [...v] : { ...(v as object) }) as Record<string | number, unknown>;
  copy[at[0]] = replaced(copy[at[0]], at.slice(1), value);
  return copy;
}

/** Characters PostgreSQL refuses in text (NUL), other controls, and UTF-16 halves with no partner. */
const POISON = ['Rose\u0000Gold', 'Rose\u0007Gold', 'Rose\uD800Gold', 'Rose\uDFFFGold'];
/** As path parameters: NUL, a control character, and percent-encoded UTF-8 of a lone surrogate (not valid UTF-8). */
const POISON_PARAMS = ['a%00b', 'a%1Bb', 'a%ED%A0%80b', '%C0%AF'];
const NON_OBJECT_BODIES = ['null', '[]', '[{"data":{}}]', '"text"', '42', 'true'];

describe.each(routeDbKinds)('the inputs that once reached a 500, on %s', (kind) => {
  const { t, w } = useSafetyWorld(kind);
  const refusedUnchanged = async (label: string, send: () => Promise<Response>, problems: string[]) => {
    const before = await fingerprint(t);
    const res = await send();
    const text = await res.text();
    if (res.status < 400 || res.status >= 500) problems.push(`${label} → ${res.status} ${text.slice(0, 160)}`);
    else if ((await fingerprint(t)) !== before) problems.push(`${label}: refused but the database changed`);
  };
  const callerOf = (rule: RouteRule): Caller => rule.succeeds ?? (rule.allow === 'all' ? 'signedOut' : (rule.allow[0] ?? 'user'));
  const cookieOf = (caller: Caller) => (caller === 'signedOut' ? undefined : w.cookies[caller]);

  it('refuses NUL, control characters and lone surrogates in every text field of every JSON body with a 400', async () => {
    const problems: string[] = [];
    for (const key of endpointsOf(t.app)) {
      const rule = ROUTES[key];
      if (!rule?.json) continue;
      const [method, routePath] = key.split(' ');
      const path = rule.path ? rule.path(w) : routePath;
      const valid = rule.json(w);
      for (const at of stringPaths(valid)) {
        for (const bad of POISON) {
          const json = replaced(valid, at, bad);
          await refusedUnchanged(
            `${key} with ${JSON.stringify(bad)} at ${at.join('.')}`,
            () => t.request(path, { method, cookie: cookieOf(callerOf(rule)), json }),
            problems,
          );
        }
      }
    }
    for (const [path, json] of [
      ['/api/auth/sign-up/email', { email: 'nul@example.com', password: 'password123', name: 'Ro\u0000se' }],
      ['/api/auth/sign-in/email', { email: 'nul@example.com', password: 'pass\u0000word' }],
      ['/api/auth/update-user', { name: 'Ro\uD800se' }],
    ] as const) {
      await refusedUnchanged(`${path} with ${JSON.stringify(json)}`, () => t.request(path, { method: 'POST', cookie: w.cookies.other, json }), problems);
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('refuses the same characters in path parameters and query strings', async () => {
    const problems: string[] = [];
    const extra = [
      '/api/partners/a%00b',
      '/api/creations/a%00b',
      '/sandbox/checkout/a%00b',
      '/api/partners?q=a%00b',
      '/api/partners?q=%ED%A0%80',
      '/professionals/a%00b',
      '/c/a%00b',
    ];
    const paths = endpointsOf(t.app)
      .filter((k) => /[:*]/.test(k.split(' ')[1]) && k !== 'GET /*' && !k.endsWith('/api/auth/*'))
      .flatMap((k) => POISON_PARAMS.map((p) => [k, k.split(' ')[1].replace(/:[A-Za-z]+(\{[^}]*\})?|\*/g, p)] as const));
    for (const [key, path] of [...paths, ...extra.map((p) => [`GET ${p}`, p] as const)]) {
      const [method] = key.split(' ');
      for (const caller of ['signedOut', 'user', 'partnerActive'] as const) {
        await refusedUnchanged(
          `${key} as ${caller}: ${path}`,
          () => t.request(path, { method, cookie: cookieOf(caller), ...(method === 'GET' || method === 'HEAD' ? {} : { json: {} }) }),
          problems,
        );
      }
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('refuses JSON bodies that are not objects, and null where text belongs, on every endpoint that reads JSON', async () => {
    const problems: string[] = [];
    const keys = endpointsOf(t.app).filter((k) => ROUTES[k]?.json);
    for (const key of keys) {
      const rule = ROUTES[key];
      const [method, routePath] = key.split(' ');
      const path = rule.path ? rule.path(w) : routePath;
      for (const body of NON_OBJECT_BODIES) {
        await refusedUnchanged(
          `${key} with ${body}`,
          () => t.request(path, { method, cookie: cookieOf(callerOf(rule)), headers: { 'content-type': 'application/json' }, body }),
          problems,
        );
      }
    }
    for (const path of [
      '/api/auth/sign-in/email',
      '/api/auth/sign-up/email',
      '/api/auth/update-user',
      '/api/auth/change-password',
      '/api/auth/send-verification-email',
    ]) {
      for (const body of [...NON_OBJECT_BODIES, '{"name":null}', '{"name":42}', '{"image":{"x":1}}', '{"email":null,"password":null}']) {
        await refusedUnchanged(
          `${path} with ${body}`,
          () => t.request(path, { method: 'POST', cookie: w.cookies.other, headers: { 'content-type': 'application/json' }, body }),
          problems,
        );
      }
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('answers JSON nested thousands of levels deep with a 400 on every JSON route, and logs no error', async () => {
    const errors = vi.spyOn(t.services.logger, 'error');
    const problems: string[] = [];
    const deep = [
      `{"data":${'['.repeat(4000)}${']'.repeat(4000)}}`,
      `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
      `{"email":${'['.repeat(40)}"x"${']'.repeat(40)}}`,
    ];
    const paths = [
      ...endpointsOf(t.app)
        .filter((k) => ROUTES[k]?.json)
        .map((k) => [k.split(' ')[0], ROUTES[k].path?.(w) ?? k.split(' ')[1], callerOf(ROUTES[k])] as const),
      ...['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/change-password', '/api/webhooks/sandbox'].map((p) => ['POST', p, 'other'] as const),
    ];
    for (const [method, path, caller] of paths) {
      for (const body of deep) {
        const before = await fingerprint(t);
        const res = await t.request(path, { method, cookie: cookieOf(caller), headers: { 'content-type': 'application/json' }, body });
        const text = await res.text();
        // a route that reads no body may refuse for its own reason (404, 413); one that reads it says why
        if (res.status < 400 || res.status >= 500 || (res.status === 400 && !text.includes('nested too deeply')))
          problems.push(`${method} ${path} → ${res.status} ${text.slice(0, 160)}`);
        else if ((await fingerprint(t)) !== before) problems.push(`${method} ${path}: refused but the database changed`);
      }
    }
    expect(problems).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  }, 120_000);

  it('fills the profile page’s title and Open Graph tags with the name as typed, replacement patterns included', async () => {
    const name = "Dollar $& $` $' $$ $1 Hair";
    const pro = await listedPartner(t, { businessName: name });
    const html = await (await t.request(`/professionals/${pro.slug}`)).text();
    const escaped = escapeHtml(name);
    expect(html).toContain(`<title>${escaped} in Leeds — Tress</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped} in Leeds — Tress">`);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });
});

describe('an oversized body on a kept-alive connection', () => {
  const { t } = useSafetyWorld();

  it('answers 413 and the next request on the same connection still gets its answer', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (path: string, method: string, body?: Buffer, chunked = false) =>
      new Promise<{ status: number; text: string; socket: unknown }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path,
            method,
            agent,
            headers: { origin: ORIGIN, 'content-type': 'application/json', ...(body && !chunked ? { 'content-length': body.length } : {}) },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text, socket: req.socket }));
          },
        );
        req.on('error', reject);
        if (chunked && body) for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.subarray(i, i + 64 * 1024));
        else if (body) req.write(body);
        req.end();
      });
    try {
      const bodyOf = (bytes: number) => Buffer.from(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(bytes) }));
      // 3 MB on a 1 MB route, and 300 KB (the size that once went unanswered) on 1 MB and 1 KB routes
      for (const [path, bytes] of [
        ['/api/partners/signup', 3 * 1024 * 1024],
        ['/api/creations', 300 * 1024],
        ['/api/partners/signup', 1100 * 1024],
      ] as const) {
        for (const chunked of [false, true]) {
          const refused = await send(path, 'POST', bodyOf(bytes), chunked);
          expect(refused.status, `${path} ${bytes} B, chunked: ${chunked}`).toBe(413);
          expect(JSON.parse(refused.text).error.status).toBe('INVALID_ARGUMENT');
          for (let i = 0; i < 3; i++) {
            const next = await send('/api/billing/prices', 'GET');
            expect(next.status, `${path} ${bytes} B, chunked: ${chunked}, request ${i + 1} after the 413`).toBe(200);
          }
        }
      }
      // the next request written right behind a refused body, on one socket, as a pipelining client would
      const answers = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        let text = '';
        socket.on('data', (d: Buffer) => {
          text += d.toString('latin1');
          if ((text.match(/HTTP\/1\.1 /g) ?? []).length === 2 && text.trimEnd().endsWith('}')) socket.end();
        });
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
        const refusedBody = bodyOf(300 * 1024);
        socket.write(
          `POST /api/creations HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: ${refusedBody.length}\r\n\r\n`,
        );
        socket.write(refusedBody);
        socket.write('GET /api/billing/prices HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      });
      expect(answers.match(/HTTP\/1\.1 \d+/g)).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
    } finally {
      agent.destroy();
      await new Promise((r) => server.close(r));
    }
  });
});
