/**
 * `npm start`, `npm run worker`, `npm run admin`, `npm run db:backup|db:restore`: run the built server from
 * dist/server/ with plain `node` (decision 096). Builds first only when dist/ lacks the build (a fresh
 * clone), saying so and how long it took; warns when the sources are newer than the build. Plain
 * JavaScript so it runs on an install without development dependencies.
 *   node scripts/launch.mjs <start|worker|admin|db-backup|db-restore> [arguments for it]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.join(import.meta.dirname, '..');
const [entry = 'start'] = process.argv.splice(2, 1); // the entry then sees only its own arguments
const target = path.join(ROOT, 'dist/server', `${entry}.mjs`);
const needsWeb = entry === 'start';
const webIndex = path.join(ROOT, process.env.WEB_DIST_DIR ?? 'dist/web', 'index.html');

function newestSource(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return newest;
}

if (!existsSync(target) || (needsWeb && !existsSync(webIndex))) {
  if (!existsSync(path.join(ROOT, 'node_modules/vite'))) {
    console.error(`${path.relative(ROOT, target)} is missing and the build tools are not installed (an install without dev dependencies).`);
    console.error('Build on a full install (`npm ci && npm run build`) and ship dist/ with the app.');
    process.exit(1);
  }
  console.log('First start: building the web app and the server into dist/ (`npm run build`)…');
  const started = performance.now();
  const npm = process.env.npm_execpath;
  const built = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: ROOT, stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', shell: true });
  if (built.status !== 0) process.exit(built.status ?? 1);
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} else if (existsSync(path.join(ROOT, 'src')) && newestSource(path.join(ROOT, 'src')) > statSync(target).mtimeMs) {
  console.warn('Note: src/ has changed since dist/ was built; run `npm run build` to serve the changes.');
}
if (entry === 'start') console.log(`Starting the built server (${path.relative(ROOT, target)})…`);
await import(pathToFileURL(target).href);
