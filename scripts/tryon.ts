/**
 * `npm run tryon -- photo.jpg "copper red balayage" out.png [--reference ref.jpg]`
 * Runs the configured hair engine (HAIR_ENGINE, HAIR_MODEL_PATH, ...) on one photo, writes the PNG and
 * prints what was applied, the analysis and each stage's time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createEngine, EngineInputError } from '../src/server/engine/index.js';
import { engineConfigFromEnv } from './engine-config.js';

const args = process.argv.slice(2);
const refAt = args.indexOf('--reference');
const reference = refAt >= 0 ? args.splice(refAt, 2)[1] : undefined;
const [photo, prompt, out = 'tryon.png'] = args;
if (!photo || prompt === undefined) {
  console.error('usage: npm run tryon -- photo.jpg "copper red balayage" out.png [--reference ref.jpg]');
  process.exit(2);
}

const engine = createEngine(engineConfigFromEnv(1));
try {
  const t0 = performance.now();
  const ready = await engine.ready();
  const loadMs = performance.now() - t0;
  const r = await engine.generate({
    image: readFileSync(photo),
    mimeType: 'image/*',
    prompt,
    reference: reference ? { image: readFileSync(reference), mimeType: 'image/*' } : undefined,
  });
  writeFileSync(out, r.png);
  console.log(`wrote ${out} (${r.png.length} bytes) with the ${r.engine} engine (matte: ${ready.model}, models loaded in ${Math.round(loadMs)} ms)`);
  console.log(`applied:   ${r.applied}`);
  console.log(`technique: ${r.technique ?? '-'}   colours: ${r.colours.join(', ') || '-'}`);
  if (r.analysis) {
    const a = r.analysis;
    console.log(`analysis:  now level ${a.currentLevel} (${a.currentColour.name}, ${a.currentColour.hex})${a.targetLevel ? `, target level ${a.targetLevel}, lift ${a.lift > 0 ? '+' : ''}${a.lift}` : ''}`);
    console.log(`           ${a.note}`);
  }
  console.log(`timings:   ${Object.entries(r.timings).map(([k, v]) => `${k} ${v} ms`).join(', ')}`);
} catch (err) {
  if (err instanceof EngineInputError) console.error(`input error: ${err.message}`);
  else console.error(err);
  process.exitCode = 1;
} finally {
  await engine.close();
}
