import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The project folder (the nearest one up with a package.json). The server runs both as TypeScript from
 * src/server/** (tests, `npm run dev`) and bundled into dist/server/*.mjs (`npm start`), so a path written
 * relative to one source file would be wrong in the other; files the server reads at run time (migrations,
 * demo pictures, the engine's warm-up portrait) are located from here instead.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(import.meta.dirname);
