/**
 * What crosses the wire (decision 162): every text file of a real production build and every text answer
 * of the API over 1 KB is sent compressed to a client that accepts it, with `Vary: Accept-Encoding`; small
 * answers and the live event stream are not; hashed assets are cached for a year, pages revalidated.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, endpointsOf, inCallOrder, ROUTES, useSafetyWorld } from '../support/safety-routes';
import { createTestApp, type TestApp } from '../support/test-app';

const TEXT_FILE = /\.(?:js|css|svg|json|txt|xml|webmanifest)$/;
const TEXT_TYPE = /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|wasm)|image\/svg\+xml)/;

const decode = (body: Buffer, encoding: string | null) => (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body);

describe('the production build', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'tress-dist-compression-'));
    await build({ configFile: path.resolve(import.meta.dirname, '../../vite.config.ts'), logLevel: 'silent', build: { outDir: dist, emptyOutDir: true } });
    t = await createTestApp('pglite', { WEB_DIST_DIR: dist });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends every text file over 1 KB as brotli or gzip, as the client accepts, and hashed assets as immutable', async () => {
    const files = readdirSync(dist, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && TEXT_FILE.test(e.name))
      .map((e) => path.relative(dist, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .filter((f) => readFileSync(path.join(dist, f)).byteLength > 1024);
    expect(files.filter((f) => f.startsWith('assets/') && f.endsWith('.js')).length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const file of files) {
      const original = readFileSync(path.join(dist, file));
      for (const [accept, expected] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        ['identity', null],
      ] as const) {
        const res = await t.request(`/${file}`, { headers: { 'accept-encoding': accept } });
        const encoding = res.headers.get('content-encoding');
        const body = decode(Buffer.from(await res.arrayBuffer()), encoding);
        if (res.status !== 200 || encoding !== expected) problems.push(`${file} with ${accept}: ${res.status} ${encoding}`);
        else if (!body.equals(original)) problems.push(`${file} with ${accept}: other bytes`);
        if (!/accept-encoding/i.test(res.headers.get('vary') ?? '')) problems.push(`${file} with ${accept}: no Vary`);
        const cache = res.headers.get('cache-control');
        if (file.startsWith('assets/') ? cache !== 'public, max-age=31536000, immutable' : cache !== 'no-cache') problems.push(`${file}: cache ${cache}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gzips pages on the fly, asks caches to revalidate them, and answers an unchanged one 304', async () => {
    for (const page of ['/', '/styles', '/pricing']) {
      const res = await t.request(page, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toContain('<div id="root">');
      const again = await t.request(page, { headers: { 'accept-encoding': 'gzip, br', 'if-none-match': res.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }
  });
});

describe('the API', () => {
  const { t, w } = useSafetyWorld();

  it('gzips every text answer over 1 KB to a client that accepts it, and nothing smaller; never the event stream', async () => {
    const problems: string[] = [];
    let compressed = 0;
    let streams = 0;
    for (const key of inCallOrder(endpointsOf(t.app))) {
      const rule = ROUTES[key];
      const res = await callAs(t, w, { caller: rule.succeeds ?? 'user', key, rule }, { 'accept-encoding': 'gzip, deflate, br' });
      const type = res.headers.get('content-type') ?? '';
      const encoding = res.headers.get('content-encoding');
      if (type.startsWith('text/event-stream')) {
        streams++;
        if (encoding) problems.push(`${key}: event stream sent as ${encoding}`);
        continue;
      }
      if (res.status === 304 || !TEXT_TYPE.test(type)) continue;
      const size = decode(Buffer.from(await res.arrayBuffer()), encoding).byteLength;
      if (size > 1024) compressed++;
      if (size > 1024 && encoding !== 'gzip') problems.push(`${key}: ${size} bytes of ${type} sent as ${encoding ?? 'plain'}`);
      if (size <= 1024 && encoding) problems.push(`${key}: ${size} bytes compressed`);
    }
    expect(problems).toEqual([]);
    // the sweep met large answers and the live event stream, not only small ones
    expect(compressed).toBeGreaterThan(3);
    expect(streams).toBeGreaterThan(0);
  }, 120_000);
});
