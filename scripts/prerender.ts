/**
 * `tsx scripts/prerender.ts <web build folder>`: draws the public pages of PRERENDERED_PATHS as a signed-out
 * visitor first sees them and writes them beside the build (decision 184). Run by the build (prerender-plugin.ts).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRERENDERED_FILE, type Prerendered } from '../src/server/http/prerendered-pages';
import { prerender, PRERENDERED_PATHS } from '../src/web/app/prerender';

const [outDir] = process.argv.slice(2);
if (!outDir) throw new Error('usage: tsx scripts/prerender.ts <web build folder>');
const pages: Prerendered['pages'] = {};
for (const p of PRERENDERED_PATHS) pages[p] = await prerender(p);
writeFileSync(path.join(outDir, PRERENDERED_FILE), JSON.stringify({ pages } satisfies Prerendered));
