import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createApp } from '../../src/server/app';
import { loadEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/lib/logger';
import { createServices, type Services } from '../../src/server/services';
import { freshDatabase, type DbKind } from './test-db';
import { MemoryMailer, ORIGIN } from './test-app';

/** Every JSON line the app logged, parsed. */
export class LogCapture extends Writable {
  lines: Array<Record<string, unknown>> = [];
  raw = '';
  _write(chunk: Buffer, _enc: BufferEncoding, done: () => void) {
    const text = chunk.toString('utf8');
    this.raw += text;
    for (const line of text.split('\n')) if (line.trim()) this.lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  }
}

/** Like createTestApp, but with the real logger at info level writing into a capture. */
export async function createLoggedApp(kind: DbKind, env: Record<string, string> = {}) {
  const logs = new LogCapture();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tress-ops-'));
  const database = await freshDatabase(kind);
  const services: Services = await createServices(
    loadEnv({ NODE_ENV: 'test', PORT: '3999', DATA_DIR: dataDir, AUTH_SECRET: 'test-secret-test-secret-test-secret', LOG_LEVEL: 'info', ...env }),
    { database, mailer: new MemoryMailer(), logger: createLogger('info', logs) },
  );
  const app = createApp(services);
  const request = (pathname: string, init: RequestInit & { json?: unknown; cookie?: string } = {}) => {
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
  return { services, app, logs, request, close: () => services.close() };
}
