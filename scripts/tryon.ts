/**
 * `npm run tryon -- photo.jpg "copper red balayage" out.png [--reference ref.jpg] [--matte matte.png] [--corrections c.json]`
 * `npm run tryon -- photo.jpg --prompt "copper red balayage" --corrections c.json --matte matte.png [--out out.png]`
 * `npm run tryon -- a.jpg b.jpg photos/ "copper red balayage" results/ [--matte mattes/]`
 * Runs the configured hair engine (HAIR_ENGINE, HAIR_MODEL_PATH, ...) and prints what was applied, the
 * analysis and each stage's time. One photo: the last argument is the output PNG (default tryon.png) and
 * `--matte` a PNG of the hair matte (white = hair; local engine only). Several photos or a folder: the
 * prompt comes after the photos, the last argument is an output folder and `--matte` a folder; each result
 * is named after its photo. `--corrections` is a JSON file as the studio sends it (`{ person?, marks }`, decision
 * 138, in the photo's pixels after orientation): the matte written is then the corrected one, as painted.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { CorrectionsSchema } from '@shared/studio/corrections';
import { parseHairPrompt } from '@shared/hair/prompt';
import { createEngine, EngineInputError } from '../src/server/engine/index';
import { engineConfigFromEnv } from './engine-config';

const USAGE = `usage: npm run tryon -- photo.jpg "copper red balayage" out.png [--reference ref.jpg] [--matte matte.png] [--corrections c.json]
       npm run tryon -- photo.jpg --prompt "copper red balayage" [--corrections c.json] [--matte matte.png] [--out out.png]
       npm run tryon -- photo.jpg more.jpg photos/ "copper red balayage" out-folder/ [--matte matte-folder/]`;
const PHOTO = /\.(jpe?g|png|webp|gif|tiff?|avif|heic)$/i;

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const reference = option('--reference');
const matteOut = option('--matte');
const promptOption = option('--prompt');
const outOption = option('--out');
const correctionsFile = option('--corrections');
const corrections = correctionsFile ? CorrectionsSchema.parse(JSON.parse(readFileSync(correctionsFile, 'utf8'))) : undefined;

// photos (files or folders) come first, then the prompt (unless --prompt gave it): the first argument that is neither
const isInput = (a: string) => PHOTO.test(a) || (statSync(a, { throwIfNoEntry: false })?.isDirectory() ?? false);
// with --prompt every other argument is a photo, and --out names the output
const promptAt = promptOption === undefined ? args.findIndex((a) => !isInput(a)) : -1;
const inputs = promptAt < 0 ? args : args.slice(0, promptAt);
const prompt = promptOption ?? (promptAt < 0 ? undefined : args[promptAt]);
const rest = promptAt < 0 ? [] : args.slice(promptAt + 1);
const photos = inputs.flatMap((p) =>
  statSync(p, { throwIfNoEntry: false })?.isDirectory()
    ? readdirSync(p)
        .filter((f) => PHOTO.test(f))
        .sort()
        .map((f) => path.join(p, f))
    : [p],
);
const single = inputs.length === 1 && photos.length === 1 && !statSync(inputs[0], { throwIfNoEntry: false })?.isDirectory();
if (!photos.length || prompt === undefined) {
  console.error(USAGE);
  process.exit(2);
}
const out = outOption ?? rest[0] ?? (single ? 'tryon.png' : 'tryon-results');
if (!single) {
  mkdirSync(out, { recursive: true });
  if (matteOut) mkdirSync(matteOut, { recursive: true });
}

const config = engineConfigFromEnv(1);
const engine = createEngine(config);
// read once for every photo, as the studio reads once per request (decision 180)
const reading = parseHairPrompt(prompt);
let failed = 0;
try {
  const t0 = performance.now();
  const ready = await engine.ready();
  console.log(`${config.engine} engine (matte: ${ready.model}, models loaded in ${Math.round(performance.now() - t0)} ms)`);
  for (const photo of photos) {
    const stem = path.basename(photo).replace(/\.[^.]+$/, '');
    const target = single ? out : path.join(out, `${stem}.png`);
    const matteTarget = matteOut ? (single ? matteOut : path.join(matteOut, `${stem}.png`)) : null;
    try {
      const r = await engine.generate({
        image: readFileSync(photo),
        mimeType: 'image/*',
        prompt,
        reading,
        reference: reference ? { image: readFileSync(reference), mimeType: 'image/*' } : undefined,
        withMatte: !!matteTarget,
        corrections,
      });
      writeFileSync(target, r.png);
      console.log(`\n${photo} → ${target} (${r.png.length} bytes)`);
      if (matteTarget) {
        if (r.matte) {
          await sharp(r.matte.data, { raw: { width: r.matte.width, height: r.matte.height, channels: 1 } })
            .png()
            .toFile(matteTarget);
          console.log(`matte:     ${matteTarget}`);
        } else console.log(`matte:     none (the ${r.engine} engine has no matte)`);
      }
      console.log(`applied:   ${r.applied}`);
      console.log(`technique: ${r.technique ?? '-'}   colours: ${r.colours.join(', ') || '-'}`);
      if (r.analysis) {
        const a = r.analysis;
        console.log(
          `analysis:  now level ${a.currentLevel} (${a.currentColour.name}, ${a.currentColour.hex})${a.targetLevel ? `, target level ${a.targetLevel}, lift ${a.lift > 0 ? '+' : ''}${a.lift}` : ''}`,
        );
        console.log(`           ${a.note}`);
      }
      console.log(
        `timings:   ${Object.entries(r.timings)
          .map(([k, v]) => `${k} ${v} ms`)
          .join(', ')}`,
      );
    } catch (err) {
      failed++;
      if (err instanceof EngineInputError) console.error(`\n${photo}: input error: ${err.message}`);
      else console.error(`\n${photo}:`, err);
    }
  }
} finally {
  await engine.close();
}
if (failed) {
  if (photos.length > 1) console.error(`\n${failed} of ${photos.length} photos failed`);
  process.exitCode = 1;
}
