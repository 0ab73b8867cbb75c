import { Writable } from 'node:stream';
import { createLogger } from '../../src/server/lib/logger';
import type { DbKind } from './test-db';
import { createTestApp } from './test-app';

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

/**
 * A test app (createTestApp: a fresh database, captured mail, the process's one local engine) with the real
 * logger at info level writing into a capture.
 */
export async function createLoggedApp(kind: DbKind, env: Record<string, string> = {}) {
  const logs = new LogCapture();
  const t = await createTestApp(kind, { LOG_LEVEL: 'info', ...env }, { logger: createLogger('info', logs) });
  return { services: t.services, app: t.app, logs, request: t.request, close: () => t.close() };
}
