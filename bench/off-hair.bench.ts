/**
 * Colour that lands off the hair on short hair (issue 32 §6, decision 178): on the short-men photos of
 * ../shared/datasets/hair-dev/figaro (fades, sideburns, necks), the share of the visibly changed pixels
 * (ΔE OK > 0.02 between photo and result) that lie outside the hand-drawn hair mask, per prompt and overall.
 * The colour bench's "pixels changed outside the matte" cannot see this: there the matte itself covers the
 * skin. Also the share of the mask's hair that visibly changed (what a fade must not buy by painting nothing).
 * Evaluation data only: nothing derived from it is written. Skips when the dataset is absent.
 *   HAIR_MODEL_PATH=… npm run bench -- off-hair    (HAIR_DEV_DIR=… for the dataset elsewhere)
 *   OFF_HAIR_SET=straight npm run bench -- off-hair    (another figaro hair type)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** HAIR_DEV_DIR for a checkout that is not beside ../shared (a git worktree elsewhere). */
const DIR = path.join(process.env.HAIR_DEV_DIR ?? path.resolve(import.meta.dirname, '../../shared/datasets/hair-dev'), 'figaro');
const PROMPTS = ['copper red', 'platinum blonde balayage', 'blonde highlights'];
/** Visibly changed: an OKLab distance above this between the photo's pixel and the result's. */
const VISIBLE = 0.02;

export async function run(): Promise<void> {
  const { loadModels, runPipeline } = await import('../src/server/engine/pipeline');
  const { threadEntries } = await import('../src/server/engine/threads');
  const { testModelPath, modelSkipReason } = await import('../tests/support/engine-support');
  const { linearRgbToOklab, srgbToLinear } = await import('@shared/hair/oklab');
  const { parseHairPrompt } = await import('@shared/hair/prompt');
  const modelPath = testModelPath();
  if (!modelPath) return console.log(`skipped: ${modelSkipReason()}`);
  if (!existsSync(DIR)) return console.log(`skipped: ${DIR} is absent`);
  const set = process.env.OFF_HAIR_SET ?? 'short-men';
  const photos = readdirSync(path.join(DIR, 'photos'))
    .filter((f) => f.includes(`-${set}-`))
    .sort();
  const models = await loadModels(modelPath, threadEntries().hairModel);
  const lab = (d: Uint8Array, o: number) => linearRgbToOklab(srgbToLinear(d[o]), srgbToLinear(d[o + 1]), srgbToLinear(d[o + 2]));
  const per = new Map<string, { off: number; changed: number; hairChanged: number; hair: number; shares: number[] }>();
  for (const f of photos) {
    const image = readFileSync(path.join(DIR, 'photos', f));
    for (const prompt of PROMPTS) {
      let out;
      try {
        out = await runPipeline(models, { image, reading: parseHairPrompt(prompt) }, { debug: true, skipEncode: true });
      } catch (e) {
        console.log(`  ${f} / ${prompt}: refused (${(e as Error).message})`);
        continue;
      }
      const { input, output } = out.debug!;
      const mask = await sharp(path.join(DIR, 'masks', f.replace(/\.jpe?g$/i, '.png')))
        .resize(input.width, input.height, { fit: 'fill' })
        .greyscale()
        .raw()
        .toBuffer();
      let off = 0;
      let changed = 0;
      let hair = 0;
      let hairChanged = 0;
      for (let i = 0; i < mask.length; i++) {
        const o = i * 3;
        const isHair = mask[i] >= 128;
        if (isHair) hair++;
        if (input.data[o] === output.data[o] && input.data[o + 1] === output.data[o + 1] && input.data[o + 2] === output.data[o + 2]) continue;
        const p = lab(input.data, o);
        const q = lab(output.data, o);
        if (Math.hypot(p.L - q.L, p.a - q.a, p.b - q.b) <= VISIBLE) continue;
        changed++;
        if (isHair) hairChanged++;
        else off++;
      }
      const s = per.get(prompt) ?? { off: 0, changed: 0, hairChanged: 0, hair: 0, shares: [] };
      s.off += off;
      s.changed += changed;
      s.hairChanged += hairChanged;
      s.hair += hair;
      s.shares.push(changed ? off / changed : 0);
      per.set(prompt, s);
      if (process.env.OFF_HAIR_VERBOSE) console.log(`  ${f} / ${prompt}: off-hair ${((100 * off) / Math.max(1, changed)).toFixed(1)} %`);
    }
  }
  let off = 0;
  let changed = 0;
  let hairChanged = 0;
  let hair = 0;
  console.log(`off-hair on figaro ${set} (${photos.length} photos): share of visibly changed pixels outside the hand-drawn mask`);
  for (const [prompt, s] of per) {
    const mean = s.shares.reduce((a, b) => a + b, 0) / s.shares.length;
    console.log(
      `  ${prompt.padEnd(26)} pooled ${((100 * s.off) / s.changed).toFixed(1)} %  mean per photo ${(100 * mean).toFixed(1)} %  mask hair changed ${((100 * s.hairChanged) / s.hair).toFixed(1)} %`,
    );
    off += s.off;
    changed += s.changed;
    hairChanged += s.hairChanged;
    hair += s.hair;
  }
  console.log(`  all: off-hair ${((100 * off) / changed).toFixed(1)} % of changed pixels; mask hair changed ${((100 * hairChanged) / hair).toFixed(1)} %`);
}
