/**
 * The recolour's colour promises (issue 14, decisions 083-084), in-process with the hair model:
 *  - lifts: platinum, silver and pastel on dark hair (level 1-4): lightness detail inside the hair keeps a
 *    correlation ≥ 0.80 with the photo, no pixel outside the matte changes, and the hair's mean in the result,
 *    corrected for the photo's light, lands within ΔE OK 0.08 of the target. On the dark-haired fixture
 *    portraits, and on the level 1-4 portraits of ../shared/datasets/hair-dev when it is present;
 *  - the colourist's read: the level read on the portraits of bench/hair-levels.csv (levels judged by eye;
 *    file names only) against the judged level, ±1 counted as right. Skipped when the dataset is absent.
 *   HAIR_MODEL_PATH=… npm run bench -- colour
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** HAIR_DEV_DIR for a checkout that is not beside ../shared (a git worktree elsewhere). */
const DATASET = path.join(process.env.HAIR_DEV_DIR ?? path.resolve(import.meta.dirname, '../../shared/datasets/hair-dev'), 'celeb/photos');
const LIFTS = ['platinum blonde', 'silver', 'pastel pink', 'pastel blue'];
const DARK_FIXTURES = ['front-dark-long', 'long-black-turned', 'brown-neighbour'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run(): Promise<void> {
  const { loadModels, runPipeline } = await import('../src/server/engine/pipeline');
  const { threadEntries } = await import('../src/server/engine/threads');
  const { fixture, liftMeasures, testModelPath, modelSkipReason } = await import('../tests/support/engine-support');
  const { parseHairPrompt } = await import('@shared/hair/prompt');
  const modelPath = testModelPath();
  if (!modelPath) {
    console.log(`skipped: ${modelSkipReason()}`);
    return;
  }
  const models = await loadModels(modelPath, threadEntries().hairModel);
  const table = readFileSync(path.join(import.meta.dirname, 'hair-levels.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => {
      const [file, level, note] = l.split(',');
      return { file, level: Number(level), note };
    });
  const haveDataset = existsSync(DATASET);

  // --- lifts
  const photos: Array<{ name: string; image: Uint8Array }> = DARK_FIXTURES.map((n) => ({ name: n, image: fixture(n) }));
  if (haveDataset) for (const r of table.filter((t) => t.level <= 4)) photos.push({ name: r.file, image: readFileSync(path.join(DATASET, r.file)) });
  else console.log(`lifts on the fixtures only: ${DATASET} is absent`);
  const rows: Array<{ name: string; prompt: string; detail: number; changedOutside: number; deltaE: number; ms: number }> = [];
  for (const { name, image } of photos) {
    for (const prompt of LIFTS) {
      const out = await runPipeline(models, { image, reading: parseHairPrompt(prompt) }, { debug: true, skipEncode: true });
      const m = liftMeasures(out.debug!, parseHairPrompt(prompt).effect!.lab);
      rows.push({ name, prompt, ...m, ms: out.timings.colour + out.timings.paint });
    }
  }
  const fails = rows.filter((r) => r.detail < 0.8 || r.changedOutside > 0 || r.deltaE > 0.08);
  console.log(`lifts: ${rows.length} results on ${photos.length} photos (${LIFTS.join(', ')})`);
  console.log(
    `  detail correlation  min ${Math.min(...rows.map((r) => r.detail)).toFixed(3)}  median ${median(rows.map((r) => r.detail)).toFixed(3)}  (≥ 0.80)`,
  );
  console.log(
    `  ΔE OK to target     max ${Math.max(...rows.map((r) => r.deltaE)).toFixed(3)}  median ${median(rows.map((r) => r.deltaE)).toFixed(3)}  (≤ 0.08, corrected for the photo's light)`,
  );
  console.log(`  pixels changed outside the matte: ${rows.reduce((s, r) => s + r.changedOutside, 0)}`);
  console.log(`  colour and paint stages median ${median(rows.map((r) => r.ms)).toFixed(1)} ms`);
  for (const f of fails)
    console.log(`  MISS ${f.name} / ${f.prompt}: detail ${f.detail.toFixed(3)}, ΔE ${f.deltaE.toFixed(3)}, changed outside ${f.changedOutside}`);

  // --- the colourist's read
  if (!haveDataset) {
    console.log(`levels: skipped, ${DATASET} is absent`);
    return;
  }
  let within = 0;
  let absErr = 0;
  const misses: string[] = [];
  const unsure: string[] = [];
  for (const r of table) {
    const out = await runPipeline(models, { image: readFileSync(path.join(DATASET, r.file)), reading: parseHairPrompt('analyse') }, { analyseOnly: true });
    const read = out.analysis.currentLevel;
    absErr += Math.abs(read - r.level);
    if (Math.abs(read - r.level) <= 1) within++;
    else misses.push(`${r.file} judged ${r.level} (${r.note}), read ${read} ${out.analysis.currentColour.name}`);
    if (out.analysis.reliable === false) unsure.push(`${r.file} (${out.analysis.unreliableBecause})`);
  }
  console.log(
    `levels: ${within}/${table.length} within ±1 of the level judged by eye (${((100 * within) / table.length).toFixed(0)} %), mean |error| ${(absErr / table.length).toFixed(2)}`,
  );
  for (const m of misses) console.log(`  MISS ${m}`);
  if (unsure.length) console.log(`  marked unsure: ${unsure.join(', ')}`);
}
