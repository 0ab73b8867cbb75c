/**
 * `npm run models:fetch [-- dest]`: downloads MediaPipe's hair segmentation model from MediaPipe's own
 * model storage (the URL and sha256 MediaPipe pins in its Bazel external files), verifies the checksum
 * and writes it to HAIR_MODEL_PATH (default models/hair_segmentation.tflite). Never commit the file.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../src/server/env.js';
import { HAIR_MODEL_SHA256 } from '../src/server/engine/segment/hair-model.js';

const URL_ = 'https://storage.googleapis.com/mediapipe-assets/hair_segmentation.tflite?generation=1661875756623461';
const dest = path.resolve(process.argv[2] ?? loadEnv().HAIR_MODEL_PATH);
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

if (existsSync(dest) && sha(readFileSync(dest)) === HAIR_MODEL_SHA256) {
  console.log(`${dest} is already there and its checksum matches.`);
  process.exit(0);
}
console.log(`downloading ${URL_}`);
let bytes: Uint8Array;
try {
  const res = await fetch(URL_, { signal: AbortSignal.timeout(60_000) });
  if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}`);
  bytes = new Uint8Array(await res.arrayBuffer());
} catch (err) {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  console.error(`models:fetch failed: could not download the hair model (${(err as Error).message}${cause ? `: ${cause.code ?? cause.message}` : ''}).`);
  console.error(`This machine may have no internet access. Copy hair_segmentation.tflite (sha256 ${HAIR_MODEL_SHA256}) to ${dest} by hand,`);
  console.error('or set HAIR_MODEL_PATH to where it is. Without it the engine runs with its fallback matte.');
  process.exit(1);
}
const got = sha(bytes);
if (got !== HAIR_MODEL_SHA256) {
  console.error(`models:fetch failed: checksum mismatch (got ${got}, expected ${HAIR_MODEL_SHA256}); nothing written.`);
  process.exit(1);
}
mkdirSync(path.dirname(dest), { recursive: true });
writeFileSync(`${dest}.part`, bytes);
renameSync(`${dest}.part`, dest);
console.log(`wrote ${dest} (${bytes.length} bytes, sha256 verified).`);
