/**
 * `npm run engine:sheet [-- out.png] [--add photo.jpg ...]`: one PNG grid for people to judge the local
 * engine at a glance: a row per fixture portrait with the photo, the matte overlay and the results for 8
 * fixed prompts, then the hard cases (the crown alone with no face, as a photo from behind shows it; big
 * lifts on black and dark hair; curls). `--add` appends rows for other photos: a sheet made with photos
 * that are not the project's fixtures (an evaluation set, a user's photo) is for looking at, never for
 * committing. Uses HAIR_MODEL_PATH (fallback matte when it is missing). Default output: engine-sheet.png.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { parseHairPrompt } from '@shared/hair/prompt';
import { loadEnv } from '../src/server/env';
import { loadModels, runPipeline } from '../src/server/engine/pipeline';
import { fixture, fixtureNames } from '../tests/support/engine-support';
import { threadEntries } from '../src/server/engine/threads';

export const SHEET_PROMPTS = [
  'copper red balayage',
  'platinum blonde',
  'jet black',
  'honey highlights',
  'rose gold ombré',
  'pastel pink dip dye',
  'ash blonde with a root shadow',
  'two shades lighter',
];
/** Big lifts: where a flat, wig-like result shows first. */
const LIFT_PROMPTS = ['platinum blonde', 'silver', 'lavender', 'pastel pink', 'pastel blue', 'icy blonde balayage', 'silver highlights', 'platinum ombré'];

const args = process.argv.slice(2);
const addAt = args.indexOf('--add');
const added = addAt >= 0 ? args.splice(addAt).slice(1) : [];
const out = args[0] ?? 'engine-sheet.png';
const TW = 240;
const TH = 320;
const LABEL = 28;

const models = await loadModels(loadEnv().HAIR_MODEL_PATH, threadEntries().hairModel);
console.log(`matte: ${models.source}${models.fallbackReason ? ` (${models.fallbackReason})` : ''}`);

const label = (text: string) =>
  Buffer.from(
    `<svg width="${TW}" height="${LABEL}"><rect width="100%" height="100%" fill="#111"/><text x="6" y="19" font-family="sans-serif" font-size="14" fill="#fff">${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</text></svg>`,
  );
const tile = async (img: Buffer | { data: Uint8Array; width: number; height: number }, text: string) => {
  const src = Buffer.isBuffer(img) ? sharp(img) : sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } });
  const pic = await src.resize(TW, TH, { fit: 'cover' }).png().toBuffer();
  return sharp({ create: { width: TW, height: TH + LABEL, channels: 3, background: '#111' } })
    .composite([
      { input: pic, top: 0, left: 0 },
      { input: label(text), top: TH, left: 0 },
    ])
    .png()
    .toBuffer();
};

/** A 3:4 close-up of a fixture portrait's crown, cut above the eyes, so no face is found. */
const crown = (name: string, height: number) =>
  sharp(fixture(name))
    .extract({ left: Math.round((768 - height * 0.75) / 2), top: 0, width: Math.round(height * 0.75), height })
    .jpeg({ quality: 92 })
    .toBuffer();

const cases: { label: string; image: Buffer; prompts: string[] }[] = [
  ...fixtureNames().map((name) => ({ label: name, image: fixture(name), prompts: SHEET_PROMPTS })),
  { label: 'crown only, no face', image: await crown('front-dark-long', 380), prompts: SHEET_PROMPTS },
  { label: 'curls, crown only', image: await crown('curly-blonde', 300), prompts: LIFT_PROMPTS },
  { label: 'lifts: black hair', image: fixture('long-black-turned'), prompts: LIFT_PROMPTS },
  { label: 'lifts: dark brown', image: fixture('front-dark-long'), prompts: LIFT_PROMPTS },
  ...added.map((file) => ({ label: path.basename(file), image: readFileSync(file), prompts: SHEET_PROMPTS })),
];

const rows: Buffer[][] = [];
for (const { label: name, image, prompts } of cases) {
  const row: Buffer[] = [await tile(image, name)];
  let first = true;
  for (const prompt of prompts) {
    try {
      const r = await runPipeline(models, { image, reading: parseHairPrompt(prompt) }, { debug: true, skipEncode: true });
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
      console.log(
        `${name} / ${prompt}${r.debug!.main < 0 ? ' (no face)' : ''}: ${r.applied}; level ${r.analysis.currentLevel} → ${r.analysis.targetLevel}; ${r.timings.total} ms`,
      );
    } catch (err) {
      row.push(
        await tile(
          await sharp({ create: { width: TW, height: TH, channels: 3, background: '#555' } })
            .png()
            .toBuffer(),
          `error: ${(err as Error).message.slice(0, 30)}`,
        ),
      );
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
