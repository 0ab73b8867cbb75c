import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { liveEndpoints } from '@shared/live/endpoints';
import { AppError } from '../../http/app-error';
import { route, routes } from '../../http/route';

const require = createRequire(import.meta.url);
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The single-thread builds LiteRT.js picks between (relaxed SIMD, else SIMD128); the threaded and JSPI builds are not offered. */
const RUNTIME_FILES = new Set(['litert_wasm_internal.js', 'litert_wasm_internal.wasm', 'litert_wasm_compat_internal.js', 'litert_wasm_compat_internal.wasm']);

function litertPackage(): { version: string; wasmDir: string } {
  const pkgJson = require.resolve('@litertjs/core/package.json');
  const { version } = JSON.parse(readFileSync(pkgJson, 'utf8')) as { version: string };
  return { version, wasmDir: path.join(path.dirname(pkgJson), 'wasm') };
}

interface ModelFile {
  key: string;
  hash: string;
  bytes: Buffer;
}

/**
 * Live mode (decision 100): the browser runs the hair model itself, so the server only hands out files —
 * the model from HAIR_MODEL_PATH and LiteRT.js's wasm — under content-addressed URLs with a year of caching.
 * Nothing here receives a picture. Public: visitors try live mode on the landing page too.
 */
export function liveRoutes() {
  const runtime = litertPackage();
  let model: ModelFile | null = null;

  /** The model file, re-read only when its size or modification time changes; null when it is missing. */
  async function currentModel(modelPath: string): Promise<ModelFile | null> {
    const info = await stat(modelPath).catch(() => null);
    if (!info?.isFile()) return null;
    const key = `${info.size}:${info.mtimeMs}`;
    if (model?.key !== key) {
      const bytes = await readFile(modelPath);
      model = { key, bytes, hash: createHash('sha256').update(bytes).digest('hex').slice(0, 16) };
    }
    return model;
  }

  return routes(
    route(liveEndpoints.config, async (_, c) => {
      const m = await currentModel(c.get('services').env.HAIR_MODEL_PATH);
      return { modelUrl: m ? `/api/live/model/${m.hash}.tflite` : null, runtimeUrl: `/api/live/litert/${runtime.version}/` };
    }),
  )
    .get('/api/live/model/:file', async (c) => {
      const m = await currentModel(c.get('services').env.HAIR_MODEL_PATH);
      if (!m || c.req.param('file') !== `${m.hash}.tflite`) throw new AppError('not-found', 'No such model file.');
      c.header('cache-control', IMMUTABLE);
      c.header('content-type', 'application/octet-stream');
      return c.body(new Uint8Array(m.bytes));
    })
    .get('/api/live/litert/:version/:file', async (c) => {
      const file = c.req.param('file');
      if (c.req.param('version') !== runtime.version || !RUNTIME_FILES.has(file)) throw new AppError('not-found', 'No such file.');
      const bytes = await readFile(path.join(runtime.wasmDir, file));
      c.header('cache-control', IMMUTABLE);
      c.header('content-type', file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript; charset=utf-8');
      return c.body(new Uint8Array(bytes));
    });
}
