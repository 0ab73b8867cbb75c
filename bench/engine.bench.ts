/**
 * Hair engine benchmark: the local engine on the 1024 px fixture portraits (768×1024; and, upscaled, at the
 * studio's working size of 1200×1600), one worker, requests one after another, after a warm-up pass. Prints median and p95 per stage (decode, detect, segment,
 * second look, matte, colour, paint, encode), the total per image as the caller sees it, model load time, and peak
 * RSS, with the hair model and with the fallback matte. Each configuration runs in 3 child processes of its
 * own (peak RSS is per process and varies by ±20 MB from run to run: the median and range are printed);
 * timings are pooled over the three.
 *   npm run bench -- engine            (HAIR_MODEL_PATH as configured)
 *   ENGINE_BENCH_ONLY=model-1600 npm run bench -- engine    (one configuration: model, model-glibc, fallback, model-1600, model-1600-corrections)
 * Each pass sends the portraits encoded afresh (JPEG quality 92 minus the pass), so no render finds its photo's
 * hair region in the engine's cache (decision 138): every figure is of a photo seen for the first time.
 * `model-1600-corrections` adds the studio's corrections to every render (three taps and a stroke).
 *   ENGINE_BENCH_SECOND_LOOK=0 npm run bench -- engine      (without the hair model's second look, decision 120)
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import sharp from 'sharp';
import { parseHairPrompt } from '@shared/hair/prompt';
import type { Corrections } from '@shared/studio/corrections';

const PROMPTS = ['copper red balayage', 'platinum blonde', 'jet black', 'honey highlights', 'rose gold ombré', 'two shades lighter'];
const PASSES = 5;
const PROCESSES = 3;

interface ModeResult {
  model: string;
  loadMs: number;
  samples: Record<string, number[]>;
  peakRssMb: number;
  images: number;
}

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
};

type Mode = 'model' | 'fallback' | 'model-1600' | 'model-1600-corrections';

/** Three taps and a brush stroke on a 1200×1600 portrait, in its pixels: what a person sends after fixing the region. */
const CORRECTIONS: Corrections = {
  marks: [
    { label: 'hair', radius: 20, points: [[600, 300]] },
    { label: 'hair', radius: 20, points: [[330, 760]] },
    { label: 'not-hair', radius: 20, points: [[870, 760]] },
    {
      label: 'not-hair',
      radius: 20,
      points: [
        [480, 1050],
        [600, 1080],
        [720, 1050],
      ],
    },
  ],
};

async function measure(mode: Mode): Promise<ModeResult> {
  const { createEngine } = await import('../src/server/engine/index');
  const { fixture, fixtureNames } = await import('../tests/support/engine-support');
  const { loadEnv } = await import('../src/server/env');
  const env = loadEnv();
  const modelPath = mode === 'fallback' ? '/nonexistent/hair_segmentation.tflite' : env.HAIR_MODEL_PATH;
  // the studio hands the engine uploads re-encoded at 1600 px on the long side (decision 031)
  const large = mode === 'model-1600' || mode === 'model-1600-corrections';
  const passes = await Promise.all(
    Array.from({ length: PASSES + 1 }, (_, pass) =>
      Promise.all(
        fixtureNames().map((name) => {
          const img = sharp(fixture(name));
          return (large ? img.resize(1200, 1600) : img).jpeg({ quality: 92 - pass }).toBuffer();
        }),
      ),
    ),
  );
  const engine = createEngine({ engine: 'local', modelPath, threads: 1, secondLook: process.env.ENGINE_BENCH_SECOND_LOOK !== '0' });
  const t0 = performance.now();
  const ready = await engine.ready();
  const loadMs = performance.now() - t0;
  const samples: Record<string, number[]> = {};
  let images = 0;
  for (let pass = 0; pass <= PASSES; pass++) {
    const portraits = passes[pass];
    for (let k = 0; k < portraits.length; k++) {
      const image = portraits[k];
      const t = performance.now();
      const corrections = mode === 'model-1600-corrections' ? CORRECTIONS : undefined;
      const r = await engine.generate({
        image,
        mimeType: 'image/jpeg',
        prompt: PROMPTS[(k + pass) % PROMPTS.length],
        reading: parseHairPrompt(PROMPTS[(k + pass) % PROMPTS.length]),
        corrections,
      });
      const wall = performance.now() - t;
      if (pass === 0) continue; // warm-up
      images++;
      for (const [stage, ms] of Object.entries(r.timings)) (samples[stage] ??= []).push(ms);
      (samples['wall (caller)'] ??= []).push(wall);
    }
  }
  await engine.close();
  return { model: ready.model, loadMs, samples, peakRssMb: process.resourceUsage().maxRSS / 1024, images };
}

function print(label: string, rs: ModeResult[]) {
  const samples: Record<string, number[]> = {};
  for (const r of rs) for (const [stage, xs] of Object.entries(r.samples)) (samples[stage] ??= []).push(...xs);
  const images = rs.reduce((n, r) => n + r.images, 0);
  console.log(
    `\n-- ${label}: matte from ${rs[0].model}; ${images} images (${rs.length} processes × ${PASSES} passes × 6 portraits, each after 1 warm-up pass)`,
  );
  console.log(
    `   model load (worker start + models + warm-up): median ${Math.round(
      q(
        rs.map((r) => r.loadMs),
        0.5,
      ),
    )} ms`,
  );
  console.log(`   ${'stage'.padEnd(16)}${'median'.padStart(9)}${'p95'.padStart(9)}`);
  for (const stage of ['decode', 'detect', 'segment', 'secondLook', 'matte', 'colour', 'paint', 'encode', 'total', 'wall (caller)', 'cpu']) {
    const xs = samples[stage];
    if (!xs?.length) continue;
    console.log(`   ${(stage === 'cpu' ? 'cpu time (total)' : stage).padEnd(16)}${q(xs, 0.5).toFixed(1).padStart(9)}${q(xs, 0.95).toFixed(1).padStart(9)}  ms`);
  }
  const rss = rs.map((r) => Math.round(r.peakRssMb)).sort((a, b) => a - b);
  console.log(`   peak RSS: median ${q(rss, 0.5)} MB (${rss.join(', ')})`);
}

function child(mode: Mode, arenas: string | null): Promise<ModeResult | null> {
  const env = { ...process.env };
  delete env.MALLOC_ARENA_MAX;
  if (arenas) env.MALLOC_ARENA_MAX = arenas;
  const proc = fork(fileURLToPath(import.meta.url), ['--engine-bench-child', mode], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env,
  });
  return new Promise((resolve) => {
    let got: ModeResult | null = null;
    proc.on('message', (m) => (got = m as ModeResult));
    proc.on('exit', () => resolve(got));
  });
}

export async function run(): Promise<void> {
  console.log(
    `node ${process.version}, ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model}), load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log('stages run one after another (the runner times each): segment is the wait for the hair model beyond face detection');
  // `npm start` and `npm run worker` run with MALLOC_ARENA_MAX=2 (glibc's per-thread malloc arenas would
  // otherwise keep ~60–80 MB of freed memory resident); the second run shows glibc's default for comparison
  const runs = [
    { name: 'model', mode: 'model', arenas: '2', label: 'model (as npm start runs it: MALLOC_ARENA_MAX=2)' },
    { name: 'model-glibc', mode: 'model', arenas: null, label: "model (glibc's default malloc arenas)" },
    { name: 'fallback', mode: 'fallback', arenas: '2', label: 'fallback matte (no model file; MALLOC_ARENA_MAX=2)' },
    { name: 'model-1600', mode: 'model-1600', arenas: '2', label: "model at the studio's working size, 1200×1600 (MALLOC_ARENA_MAX=2)" },
    {
      name: 'model-1600-corrections',
      mode: 'model-1600-corrections',
      arenas: '2',
      label: "model at 1200×1600 with the studio's corrections (3 taps, 1 stroke; MALLOC_ARENA_MAX=2)",
    },
  ] as const;
  const only = process.env.ENGINE_BENCH_ONLY?.split(',');
  if (process.env.ENGINE_BENCH_SECOND_LOOK === '0') console.log('second look off (ENGINE_BENCH_SECOND_LOOK=0)');
  for (const { name, mode, arenas, label } of runs) {
    if (only && !only.includes(name)) continue;
    const results: ModeResult[] = [];
    for (let k = 0; k < PROCESSES; k++) {
      const r = await child(mode, arenas);
      if (r) results.push(r);
    }
    if (results.length) print(label, results);
    else console.log(`\n-- ${label}: failed (see stderr)`);
  }
}

if (process.argv.includes('--engine-bench-child')) {
  const mode = process.argv[process.argv.indexOf('--engine-bench-child') + 1] as Mode;
  const silence = () => {};
  console.warn = console.error = silence;
  measure(mode).then(
    (r) => process.send!(r, () => process.exit(0)),
    (err: unknown) => {
      process.stderr.write(`engine bench (${mode}) failed: ${String(err)}\n`);
      process.exit(1);
    },
  );
}
