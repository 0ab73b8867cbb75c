/**
 * Downloading MediaPipe's hair model (the URL and sha256 MediaPipe pins in its Bazel external files),
 * shared by `npm run models:fetch` and the server's first start (MODEL_AUTO_FETCH). Nothing is written
 * unless the checksum matches, and the file appears whole (written beside it, then renamed).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { HAIR_MODEL_SHA256 } from './hair-model';

export const HAIR_MODEL_URL = 'https://storage.googleapis.com/mediapipe-assets/hair_segmentation.tflite?generation=1661875756623461';

export const sha256Hex = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

export interface ModelSource {
  url: string;
  sha256: string;
}

export type FetchResult = { ok: true; bytes: number } | { ok: false; reason: string };

/** Downloads `source.url` to `dest` when its sha256 matches; otherwise writes nothing and says why. */
export async function fetchHairModel(dest: string, opts: { timeoutMs: number; source?: ModelSource }): Promise<FetchResult> {
  const { url, sha256 } = opts.source ?? { url: HAIR_MODEL_URL, sha256: HAIR_MODEL_SHA256 };
  let bytes: Uint8Array;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs) });
    if (!res.ok) return { ok: false, reason: `HTTP ${res.status} ${res.statusText}` };
    bytes = new Uint8Array(await res.arrayBuffer());
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { ok: false, reason: `${(err as Error).message}${cause ? `: ${cause.code ?? cause.message}` : ''}` };
  }
  const got = sha256Hex(bytes);
  if (got !== sha256) return { ok: false, reason: `checksum mismatch (got ${got}, expected ${sha256})` };
  await mkdir(path.dirname(dest), { recursive: true });
  await writeFile(`${dest}.part`, bytes);
  await rename(`${dest}.part`, dest);
  return { ok: true, bytes: bytes.length };
}

/**
 * At start: when the model is missing, try once to download it, for a few seconds at most, so a first
 * `npm start` gets the real matte where the internet is reachable. Where it is not, one line says how to
 * add the model, and the engine carries on with its fallback matte.
 */
export async function ensureHairModel(
  modelPath: string,
  opts: { enabled: boolean; timeoutMs?: number; source?: ModelSource; log: (line: string) => void },
): Promise<'present' | 'downloaded' | 'skipped' | 'unavailable'> {
  if (!modelPath || existsSync(modelPath)) return 'present';
  if (!opts.enabled) return 'skipped';
  const result = await fetchHairModel(modelPath, { timeoutMs: opts.timeoutMs ?? 4000, source: opts.source });
  if (result.ok) {
    opts.log(`hair model downloaded to ${modelPath} (${result.bytes} bytes, sha256 verified).`);
    return 'downloaded';
  }
  opts.log(
    `hair model missing at ${modelPath} and the download failed (${result.reason}); running with the fallback matte. ` +
      'Add it with `npm run models:fetch`, or set HAIR_MODEL_PATH to a copy of hair_segmentation.tflite (MODEL_AUTO_FETCH=false skips this try).',
  );
  return 'unavailable';
}
