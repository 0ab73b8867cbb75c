/**
 * `npx tsx scripts/engine-reference-masks.ts [modelPath]`: runs the hair model with LiteRT's compat
 * (SIMD128) build on every fixture portrait, stretched to 512×512, and writes the p > 0.5 masks to
 * tests/fixtures/portraits/reference-masks/. The smoke test compares the engine's runtime (relaxed-SIMD
 * build when available) against them: IoU ≥ 0.99, or the runtime changed under us.
 */
import path from 'node:path';
import sharp from 'sharp';
import { loadEnv } from '../src/server/env';
import { loadHairModel, HAIR_MODEL_SIZE } from '../src/server/engine/segment/hair-model';
import { FIXTURE_DIR, fixture, fixtureNames } from '../tests/support/engine-support';

const modelPath = path.resolve(process.argv[2] ?? loadEnv().HAIR_MODEL_PATH);
const model = await loadHairModel(modelPath, { build: 'compat' });
const S = HAIR_MODEL_SIZE;
for (const name of fixtureNames()) {
  const { data } = await sharp(fixture(name))
    .rotate()
    .removeAlpha()
    .resize(S, S, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const prob = await model.segment({ width: S, height: S, data: new Uint8Array(data) });
  const mask = Buffer.alloc(S * S);
  for (let i = 0; i < mask.length; i++) mask[i] = prob[i] > 0.5 ? 255 : 0;
  const out = path.join(FIXTURE_DIR, 'reference-masks', `${name}.png`);
  await sharp(mask, { raw: { width: S, height: S, channels: 1 } })
    .png({ palette: true, colours: 2, compressionLevel: 9 })
    .toFile(out);
  console.log(`${out}: ${mask.filter((v) => v).length} hair pixels`);
}
model.close();
