import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LiveConfigSchema } from '@shared/live/live-config';
import { useTestApp } from '../support/test-app';

const dir = mkdtempSync(path.join(tmpdir(), 'tress-live-'));
const MODEL = path.join(dir, 'hair.tflite');
// any bytes will do: the server hands the file out and never runs it
const bytes = Buffer.concat([Buffer.from('\0\0\0\0TFL3'), Buffer.alloc(4096, 7)]);
writeFileSync(MODEL, bytes);
const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);

describe('live mode files (model and LiteRT runtime)', () => {
  const t = useTestApp('pglite', { HAIR_MODEL_PATH: MODEL });

  it('config names the model by its content hash; the file is served with a year of caching', async () => {
    const res = await t.request('/api/live/config');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const cfg = LiveConfigSchema.parse(await res.json());
    expect(cfg.modelUrl).toBe(`/api/live/model/${hash}.tflite`);
    const file = await t.request(cfg.modelUrl!);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await t.request('/api/live/model/0000000000000000.tflite')).status).toBe(404);
  });

  it('serves only the two single-thread LiteRT builds of the installed version', async () => {
    const cfg = LiveConfigSchema.parse(await (await t.request('/api/live/config')).json());
    const wasm = await t.request(`${cfg.runtimeUrl}litert_wasm_compat_internal.wasm`);
    expect(wasm.status).toBe(200);
    expect(wasm.headers.get('content-type')).toBe('application/wasm');
    expect(wasm.headers.get('cache-control')).toContain('immutable');
    const js = await t.request(`${cfg.runtimeUrl}litert_wasm_internal.js`);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    for (const bad of ['litert_wasm_threaded_internal.js', '..%2Fpackage.json', 'package.json']) {
      expect((await t.request(`${cfg.runtimeUrl}${bad}`)).status, bad).toBe(404);
    }
    expect((await t.request('/api/live/litert/0.0.1/litert_wasm_internal.js')).status).toBe(404);
  });

  it('the page may compile WebAssembly but not eval JavaScript', async () => {
    const csp = (await t.request('/api/live/config')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
    expect(csp).not.toContain("'unsafe-eval'");
  });
});

describe('live mode without a model file', () => {
  const t = useTestApp('pglite', { HAIR_MODEL_PATH: path.join(dir, 'missing.tflite') });
  it('says so in the config, and the model URL is a 404', async () => {
    const cfg = LiveConfigSchema.parse(await (await t.request('/api/live/config')).json());
    expect(cfg.modelUrl).toBeNull();
    expect((await t.request(`/api/live/model/${hash}.tflite`)).status).toBe(404);
  });
});
