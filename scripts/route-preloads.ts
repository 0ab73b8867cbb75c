/**
 * Which JavaScript each page needs beyond the entry, written at build time to `.vite/route-preloads.json`
 * (decision 183). Every page of src/web/app/router.tsx is its own chunk, found by the router only after the
 * entry has downloaded and run; the server names the page's chunks in the first HTML instead
 * (`<link rel="modulepreload">`, src/server/http/spa.ts), so they download beside the entry.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../src/server/http/route-preloads';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

const ROUTER = path.join(import.meta.dirname, '../src/web/app/router.tsx');
const ROUTE_NAMES = path.join(import.meta.dirname, '../src/shared/routes.ts');
/** One route a line: `{ path: '/x' or ROUTES.x, ...page(() => import('@web/…')) }`. */
const ROUTE_LINE = /path:\s*(?:'([^']*)'|ROUTES\.(\w+)).*import\(\s*'([^']+)'\s*\)/;

/** src/shared/routes.ts's `ROUTES`, read as text: `name: '/path',` a line. */
export function routeNames(source: string): Record<string, string> {
  return Object.fromEntries([...source.matchAll(/^\s+(\w+): '([^']*)',$/gm)].map((m) => [m[1], m[2]]));
}

/**
 * The router's lines that declare a page: its path and the module it imports. Read as text (the Vite config
 * cannot load the web sources); `names` are src/shared/routes.ts's `ROUTES`. Throws on a line it cannot read.
 */
export function routerPages(source: string, names: Record<string, string>): { path: string; module: string }[] {
  return source
    .split('\n')
    .filter((line) => /\bpath:/.test(line) && line.includes('import('))
    .map((line) => {
      const m = ROUTE_LINE.exec(line);
      const route = m?.[1] ?? (m?.[2] ? names[m[2]] : undefined);
      if (!m || route === undefined) throw new Error(`route-preloads: cannot read the router's line ${line.trim()}`);
      return { path: route, module: m[3] };
    });
}

/** A chunk's file and every chunk it imports statically, transitively. */
function closure(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName] as OutputChunk | undefined;
  if (!chunk || chunk.type !== 'chunk' || seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const dep of chunk.imports) closure(bundle, dep, seen);
  return seen;
}

export function routePreloadsPlugin(): Plugin {
  return {
    name: 'tress-route-preloads',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const initial = closure(bundle as OutputBundle, entry.fileName);
      const routes: RoutePreloads['routes'] = [];
      for (const page of routerPages(readFileSync(ROUTER, 'utf8'), routeNames(readFileSync(ROUTE_NAMES, 'utf8')))) {
        const resolved = await this.resolve(page.module, ROUTER);
        // a page's own chunk, or (small common code being inlined, vite.config.ts) the chunk it was bundled into
        const chunk =
          chunks.find((c) => c.isDynamicEntry && c.facadeModuleId === resolved?.id) ?? chunks.find((c) => !!resolved && c.moduleIds.includes(resolved.id));
        if (!chunk) throw new Error(`route-preloads: no chunk for ${page.module} (${page.path})`);
        const files = [...closure(bundle as OutputBundle, chunk.fileName)].filter((f) => !initial.has(f)).map((f) => `/${f}`);
        routes.push({ path: page.path, files });
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify({ routes } satisfies RoutePreloads) });
    },
  };
}
