import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '../..');
export const PROCESS_ORIGIN = 'http://localhost';

/**
 * A minimal prebuilt web dist (index.html dated in the future so start.ts never rebuilds it):
 * API-only tests and benchmarks need no real SPA build.
 */
export function stubWebDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tress-dist-'));
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  const index = path.join(dir, 'index.html');
  writeFileSync(index, '<!doctype html><html><head><title>Tress</title></head><body><div id="root"></div></body></html>');
  const future = new Date(Date.now() + 365 * 24 * 3600 * 1000);
  utimesSync(index, future, future);
  return dir;
}

export interface AppProcess {
  url: string;
  port: number;
  dataDir: string;
  proc: ChildProcess;
  /** Everything the process wrote to stdout (JSON log lines and the banner). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends SIGTERM and waits for the exit. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `tsx src/server/start.ts` as a real process on a free port (PORT=0, the banner tells which)
 * with its own DATA_DIR. PUBLIC_URL is fixed so requests can send a trusted Origin.
 */
export async function startAppProcess(env: Record<string, string>, opts: { startTimeoutMs?: number } = {}): Promise<AppProcess> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'tress-proc-'));
  const proc = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['src/server/start.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      PUBLIC_URL: PROCESS_ORIGIN,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: env.WEB_DIST_DIR ?? stubWebDist(),
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`the app did not start in time\n${out}\n${err}`));
    }, opts.startTimeoutMs ?? 45_000);
    const onData = () => {
      const m = out.match(/Tress is running at http:\/\/localhost:(\d+)/);
      if (m) {
        clearTimeout(timer);
        proc.stdout!.off('data', onData);
        resolve(Number(m[1]));
      }
    };
    proc.stdout!.on('data', onData);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`the app exited with ${code} before listening\n${out}\n${err}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    proc,
    output: () => out + err,
    exited,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      return exited;
    },
  };
}

/** JSON log lines of a process's output. */
export function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
