import path from 'node:path';
import { build } from 'vite';

/** A fresh production build of the current web sources, apart from dist/, so a benchmark never measures a stale one. */
export async function buildWeb(outDir: string): Promise<void> {
  console.log('Building the web app…');
  await build({ configFile: path.resolve(import.meta.dirname, '../vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
}
