import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyPgliteDataDirTemplate } from './db-templates';
import { serverArgs } from './server-bundle';

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
  /** Resolves with the first JSON log line that matches, as soon as the process writes it. */
  waitForLog(match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Sends SIGTERM and waits for the exit. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * A DATA_DIR of its own for an app process. On the embedded database (no DATABASE_URL) it starts as a copy of
 * the migrated data directory the global setup made (db-templates.ts, decision 209) when there is one, so
 * each process does not run every migration again on PGlite.
 */
function newDataDir(env: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tress-proc-'));
  if (!env.DATABASE_URL) copyPgliteDataDirTemplate(dir);
  return dir;
}

/**
 * Starts the built server (src/server/start.ts) as a real process on a free port (PORT=0, the banner tells
 * which) with its own DATA_DIR. PUBLIC_URL is fixed so requests can send a trusted Origin.
 */
export async function startAppProcess(env: Record<string, string>, opts: { startTimeoutMs?: number } = {}): Promise<AppProcess> {
  const dataDir = env.DATA_DIR ?? newDataDir(env);
  const proc = spawn(process.execPath, await serverArgs('start'), {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      PUBLIC_URL: PROCESS_ORIGIN,
      SEED_DEMO: 'false',
      // No test waits on the network for a missing hair model (the download is tested on loopback).
      MODEL_AUTO_FETCH: 'false',
      // production warms every engine thread at boot (its models and a first photo, seconds of CPU each): one
      // is enough for the few generations a process test makes (a test may still ask for more)
      ENGINE_THREADS: '1',
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
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`the app did not start in time\n${out}\n${err}`));
    }, opts.startTimeoutMs ?? 100_000);
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
    waitForLog: (match, timeoutMs) => waitForLogLine(proc, () => out, match, timeoutMs),
    stop: () => stopProcess(proc, exited),
  };
}

/** Starts the built src/server/cli/worker.ts (npm run worker) and resolves once it reports ready. */
export async function startWorkerProcess(env: Record<string, string>): Promise<Pick<AppProcess, 'proc' | 'output' | 'exited' | 'waitForLog' | 'stop'>> {
  const proc = spawn(process.execPath, await serverArgs('worker'), {
    cwd: ROOT,
    // no test waits on the network for a missing model (the download is tested on loopback)
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'info', MODEL_AUTO_FETCH: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitForLog = (match: (line: Record<string, unknown>) => boolean, timeoutMs?: number) => waitForLogLine(proc, () => out, match, timeoutMs);
  await Promise.race([
    waitForLog((l) => l.msg === 'generation worker ready', 60_000),
    exited.then(({ code }) => Promise.reject(new Error(`the worker exited with ${code}\n${out}`))),
  ]);
  return {
    proc,
    output: () => out,
    exited,
    waitForLog,
    stop: () => stopProcess(proc, exited),
  };
}

/**
 * Polls /readyz (each probe waits up to 2 s on a loading engine) until the instance is ready, as a
 * load balancer would before sending traffic. Returns the last readiness body.
 */
export async function waitReady(app: AppProcess, timeoutMs = 60_000): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${app.url}/readyz`);
    const body: unknown = await res.json();
    if (res.status === 200) return body;
    if (Date.now() > deadline) throw new Error(`not ready within ${timeoutMs} ms: ${JSON.stringify(body)}`);
  }
}

/** JSON log lines of a process's output. */
export function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{') && l.endsWith('}'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Resolves with the first JSON log line of the process that matches, waiting for more output up to `timeoutMs`. */
function waitForLogLine(proc: ChildProcess, read: () => string, match: (line: Record<string, unknown>) => boolean, timeoutMs = 10_000) {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const check = () => {
      const hit = logLines(read()).find(match);
      if (!hit) return false;
      clearTimeout(timer);
      proc.stdout!.off('data', check);
      resolve(hit);
      return true;
    };
    const timer = setTimeout(() => {
      proc.stdout!.off('data', check);
      reject(new Error(`no matching log line within ${timeoutMs} ms\n${read()}`));
    }, timeoutMs);
    if (!check()) proc.stdout!.on('data', check);
  });
}

/** SIGTERM unless the process has already ended; resolves when it has exited. */
function stopProcess<T>(proc: ChildProcess, exited: Promise<T>): Promise<T> {
  if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
  return exited;
}
