import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureHairModel } from '../../src/server/engine/segment/model-fetch';

// A stand-in for MediaPipe's model storage on loopback: the real one is not reachable from tests.
const body = Buffer.from('TFL3 a small stand-in for the hair model');
const sha = createHash('sha256').update(body).digest('hex');
let server: Server;
let base: string;
let dir: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/model.tflite') res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(path.join(tmpdir(), 'tress-model-fetch-'));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('hair model download at start', () => {
  it('downloads a missing model whose checksum matches', async () => {
    const dest = path.join(dir, 'ok', 'hair.tflite');
    const lines: string[] = [];
    const got = await ensureHairModel(dest, { enabled: true, source: { url: `${base}/model.tflite`, sha256: sha }, log: (l) => lines.push(l) });
    expect(got).toBe('downloaded');
    expect(readFileSync(dest)).toEqual(body);
    expect(lines).toEqual([expect.stringContaining('sha256 verified')]);
  });

  it('keeps nothing when the checksum does not match, and says how to add the model', async () => {
    const dest = path.join(dir, 'bad', 'hair.tflite');
    const lines: string[] = [];
    const got = await ensureHairModel(dest, { enabled: true, source: { url: `${base}/model.tflite`, sha256: '0'.repeat(64) }, log: (l) => lines.push(l) });
    expect(got).toBe('unavailable');
    expect(existsSync(dest)).toBe(false);
    expect(existsSync(path.dirname(dest)) ? readdirSync(path.dirname(dest)) : []).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('checksum mismatch');
    expect(lines[0]).toContain('npm run models:fetch');
    expect(lines[0]).toContain('HAIR_MODEL_PATH');
  });

  it('carries on with one line when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const dest = path.join(dir, 'offline', 'hair.tflite');
    const lines: string[] = [];
    const got = await ensureHairModel(dest, {
      enabled: true,
      timeoutMs: 2000,
      source: { url: `http://127.0.0.1:${port}/model.tflite`, sha256: sha },
      log: (l) => lines.push(l),
    });
    expect(got).toBe('unavailable');
    expect(existsSync(dest)).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('fallback matte');
  });

  it('does not try when turned off or when the model is there', async () => {
    const dest = path.join(dir, 'off', 'hair.tflite');
    const log = () => expect.unreachable('nothing to say');
    expect(await ensureHairModel(dest, { enabled: false, source: { url: `${base}/model.tflite`, sha256: sha }, log })).toBe('skipped');
    expect(existsSync(dest)).toBe(false);
    const present = path.join(dir, 'ok', 'hair.tflite');
    expect(await ensureHairModel(present, { enabled: true, source: { url: `${base}/missing`, sha256: sha }, log })).toBe('present');
  });
});
