import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * `npm ci --omit=dev && npm start` on a built tree serves the product (decision 096): the project's files
 * and its dist/ (built by `npm run build` before the end-to-end run) are copied outside the project, so
 * nothing resolves from this checkout's node_modules; production packages are installed with npm ci from
 * the lock; the server starts through `npm start`, serves the app to a browser, loads the engine's threads
 * from dist/ and writes nothing under node_modules.
 */
const ROOT = path.join(import.meta.dirname, '../..');
let URL = '';
let dir: string;
let server: ChildProcess | undefined;
let log = '';

test.describe.configure({ timeout: 600_000 });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  expect(existsSync(path.join(ROOT, 'dist/server/start.mjs')), 'run `npm run build` first').toBe(true);
  dir = mkdtempSync(path.join(os.tmpdir(), 'tress-production-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && existsSync(path.join(ROOT, f)));
  for (const f of files) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    cpSync(path.join(ROOT, f), path.join(dir, f));
  }
  cpSync(path.join(ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true });
  execFileSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
  // npm keeps the packages a production package lists as optional peers (better-auth names vite, vitest,
  // drizzle-kit; they bring tsx and esbuild) even with --omit=dev: the lock marks them devOptional.
  // Removing them proves the server never needs them.
  const lock = JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as { packages: Record<string, { devOptional?: boolean }> };
  for (const [p, meta] of Object.entries(lock.packages)) if (p && meta.devOptional) rmSync(path.join(dir, p), { recursive: true, force: true });
  for (const tool of ['vite', 'tsx', 'esbuild', 'vitest', 'typescript']) expect(existsSync(path.join(dir, 'node_modules', tool)), tool).toBe(false);
  writeFileSync(path.join(dir, '.started'), '');

  server = spawn('npm', ['start'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      DATA_DIR: path.join(dir, 'data'),
      SEED_DEMO: 'false',
      HAIR_MODEL_PATH: process.env.HAIR_MODEL_PATH ?? 'models/hair_segmentation.tflite',
      // No test waits on the network for a missing model (the download is tested on loopback).
      MODEL_AUTO_FETCH: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout!.on('data', (d: Buffer) => (log += d));
  server.stderr!.on('data', (d: Buffer) => (log += d));
  // PORT=0: the system picks a free port and the banner says which.
  await expect.poll(() => (server!.exitCode === null ? log : `exited:\n${log}`), { timeout: 180_000 }).toMatch(/Tress is running at http:\/\/localhost:\d+/);
  URL = `http://localhost:${/Tress is running at http:\/\/localhost:(\d+)/.exec(log)![1]}`;
});

test.afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    process.kill(-server.pid, 'SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('npm ci --omit=dev && npm start serves the product from dist/', async ({ page }) => {
  expect(log).toContain('Starting the built server (dist/server/start.mjs)');
  expect(log).not.toContain('building');
  await page.goto(URL);
  await expect(page).toHaveTitle(/Tress/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();

  // The engine becomes ready once its threads, run from the bundles in dist/server (no esbuild in this install), loaded the model.
  const readiness = async () => (await fetch(`${URL}/readyz`)).json() as Promise<{ status: string; checks: Record<string, { ok: boolean; detail?: string }> }>;
  await expect.poll(async () => JSON.stringify(await readiness()), { timeout: 120_000 }).toContain('"status":"ready"');
  expect((await readiness()).checks.engine.ok).toBe(true);

  // Nothing under node_modules was written while the server started and served.
  const written = execFileSync('find', ['node_modules', '-newer', '.started', '-not', '-type', 'd'], { cwd: dir, encoding: 'utf8' }).trim();
  expect(written).toBe('');
});
