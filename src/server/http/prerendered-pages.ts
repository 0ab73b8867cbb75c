import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Written by the build (scripts/prerender.ts) inside the web build's folder. */
export const PRERENDERED_FILE = '.vite/prerendered.json';

export interface Prerendered {
  /** A page's path and the HTML its `#root` starts with. */
  pages: Record<string, string>;
}

/** The build's drawn pages; a build without the file (an older one) has none, and its pages draw in the browser. */
export function createPrerendered(distDir: string) {
  const file = path.join(distDir, PRERENDERED_FILE);
  let pages: Record<string, string> | undefined;
  return (pathname: string): string | undefined => {
    pages ??= existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Prerendered).pages : {};
    return Object.hasOwn(pages, pathname) ? pages[pathname] : undefined;
  };
}
