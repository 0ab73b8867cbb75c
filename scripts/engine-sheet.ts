/**
 * `npm run engine:sheet [-- out.png]`: one PNG grid for people to judge the local engine at a glance:
 * a row per fixture portrait with the photo, the matte overlay and the results for 8 fixed prompts.
 * Uses HAIR_MODEL_PATH (fallback matte when it is missing). Default output: engine-sheet.png.
 */
import sharp from 'sharp';
import { loadEnv } from '../src/server/env.js';
import { loadModels, runPipeline } from '../src/server/engine/pipeline.js';
import { fixture, fixtureNames } from '../src/server/engine/test-support.js';
import { threadEntries } from '../src/server/engine/threads.js';

export const SHEET_PROMPTS = ['copper red balayage', 'platinum blonde', 'jet black', 'honey highlights', 'rose gold ombré', 'pastel pink dip dye', 'ash blonde with a root shadow', 'two shades lighter'];
const out = process.argv[2] ?? 'engine-sheet.png';
const TW = 240;
const TH = 320;
const LABEL = 28;

const models = await loadModels(loadEnv().HAIR_MODEL_PATH, threadEntries().hairModel);
console.log(`matte: ${models.source}${models.fallbackReason ? ` (${models.fallbackReason})` : ''}`);

const label = (text: string) =>
  Buffer.from(`<svg width="${TW}" height="${LABEL}"><rect width="100%" height="100%" fill="#111"/><text x="6" y="19" font-family="sans-serif" font-size="14" fill="#fff">${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</text></svg>`);
const tile = async (img: Buffer | { data: Uint8Array; width: number; height: number }, text: string) => {
  const src = Buffer.isBuffer(img) ? sharp(img) : sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } });
  const pic = await src.resize(TW, TH, { fit: 'cover' }).png().toBuffer();
  return sharp({ create: { width: TW, height: TH + LABEL, channels: 3, background: '#111' } })
    .composite([{ input: pic, top: 0, left: 0 }, { input: label(text), top: TH, left: 0 }])
    .png()
    .toBuffer();
};

const rows: Buffer[][] = [];
for (const name of fixtureNames()) {
  const image = fixture(name);
  const row: Buffer[] = [await tile(image, name)];
  let first = true;
  for (const prompt of SHEET_PROMPTS) {
    try {
      const r = await runPipeline(models, { image, prompt }, { debug: true, skipEncode: true });
      if (first && r.debug) {
        const d = r.debug;
        const ov = Buffer.from(d.input.data);
        for (let i = 0; i < d.matte.length; i++) {
          const a = (d.matte[i] / 255) * 0.6;
          ov[i * 3] = ov[i * 3] * (1 - a) + 255 * a;
          ov[i * 3 + 1] = ov[i * 3 + 1] * (1 - a);
          ov[i * 3 + 2] = ov[i * 3 + 2] * (1 - a) + 255 * a;
        }
        row.push(await tile({ data: ov, width: d.input.width, height: d.input.height }, `matte (${models.source})`));
        first = false;
      }
      const outImg = r.debug!.output;
      row.push(await tile(outImg, prompt));
      console.log(`${name} / ${prompt}: ${r.applied}; level ${r.analysis.currentLevel} → ${r.analysis.targetLevel}; ${r.timings.total} ms`);
    } catch (err) {
      row.push(await tile(await sharp({ create: { width: TW, height: TH, channels: 3, background: '#555' } }).png().toBuffer(), `error: ${(err as Error).message.slice(0, 30)}`));
    }
  }
  rows.push(row);
}
const cols = Math.max(...rows.map((r) => r.length));
await sharp({ create: { width: cols * TW, height: rows.length * (TH + LABEL), channels: 3, background: '#000' } })
  .composite(rows.flatMap((r, y) => r.map((input, x) => ({ input, left: x * TW, top: y * (TH + LABEL) }))))
  .png({ compressionLevel: 6 })
  .toFile(out);
console.log(`wrote ${out}`);
process.exit(0);
