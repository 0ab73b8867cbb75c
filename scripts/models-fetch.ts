/**
 * `npm run models:fetch [-- dest]`: downloads MediaPipe's hair segmentation model from MediaPipe's own
 * model storage, verifies the checksum and writes it to HAIR_MODEL_PATH (default
 * models/hair_segmentation.tflite). Never commit the file. The download itself is shared with the
 * server's first start (src/server/engine/segment/model-fetch.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../src/server/env';
import { HAIR_MODEL_SHA256 } from '../src/server/engine/segment/hair-model';
import { fetchHairModel, HAIR_MODEL_URL, sha256Hex } from '../src/server/engine/segment/model-fetch';

const dest = path.resolve(process.argv[2] ?? loadEnv().HAIR_MODEL_PATH);

if (existsSync(dest) && sha256Hex(readFileSync(dest)) === HAIR_MODEL_SHA256) {
  console.log(`${dest} is already there and its checksum matches.`);
  process.exit(0);
}
console.log(`downloading ${HAIR_MODEL_URL}`);
const result = await fetchHairModel(dest, { timeoutMs: 60_000 });
if (!result.ok) {
  console.error(`models:fetch failed: ${result.reason}; nothing written.`);
  console.error(`This machine may have no internet access. Copy hair_segmentation.tflite (sha256 ${HAIR_MODEL_SHA256}) to ${dest} by hand,`);
  console.error('or set HAIR_MODEL_PATH to where it is. Without it the engine runs with its fallback matte.');
  process.exit(1);
}
console.log(`wrote ${dest} (${result.bytes} bytes, sha256 verified).`);
