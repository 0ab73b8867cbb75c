/**
 * `npm run bench [-- name]`: runs every bench/*.bench.ts (or those whose file name contains `name`)
 * one after another and prints their figures. Each module exports `run(): Promise<void>`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const filter = process.argv[2];
const dir = import.meta.dirname;
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();

for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { run: () => Promise<void> };
  await mod.run();
}
if (files.length === 0) console.log('No benchmark matched.');
