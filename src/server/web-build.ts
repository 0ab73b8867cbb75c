import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '../..');
const SOURCES = ['src/web', 'src/shared', 'public', 'vite.config.ts'].map((p) => path.join(ROOT, p));

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((m, f) => Math.max(m, newestMtime(path.join(p, f))), st.mtimeMs);
}

/** Builds the SPA when dist/web is missing or older than its sources, so `npm start` is one command. */
export async function ensureWebBuild(distDir: string, log: (msg: string) => void) {
  const index = path.join(distDir, 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(...SOURCES.map(newestMtime))) return;
  log('Building the web app (first start or sources changed)…');
  const { build } = await import('vite');
  await build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
}
