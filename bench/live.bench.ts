/**
 * Live mode (issue 17) in headless Chromium on this machine, no GPU: the fake camera plays a fixture portrait,
 * live mode runs with a shade chosen, and its own figures are sampled each second for SECONDS seconds:
 * frames shown per second, the hair model per mask (network alone, and end to end in its worker: scaling,
 * network, smoothing, statistics), masks per second, the GPU recolour per frame (upload, shader, finish;
 * WebGL2 on SwiftShader here), plus the page's JavaScript heap and the whole browser's resident memory.
 * Target: ≥ 12 frames per second shown. Needs HAIR_MODEL_PATH. Prints medians and p95.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startBuiltApp } from './built-app';
import { makeFakeCameraVideo } from '../tests/e2e/support/fake-camera';

const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 20);
const TARGET_FPS = 12;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};

/**
 * Resident memory of this bench's Chromium (browser, renderer, GPU and utility processes), MB: the browser
 * process is the one started with this run's own fake-camera file, the rest are its descendants.
 */
function chromiumRssMb(marker: string): number {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => {
      const [pid, ppid, rss, ...args] = l.trim().split(/\s+/);
      return { pid: Number(pid), ppid: Number(ppid), rss: Number(rss), args: args.join(' ') };
    });
  const inTree = new Set(rows.filter((r) => r.args.includes(marker) && !r.args.includes('--type=')).map((r) => r.pid));
  for (let grew = true; grew;) {
    grew = false;
    for (const r of rows) {
      if (inTree.has(r.ppid) && !inTree.has(r.pid)) {
        inTree.add(r.pid);
        grew = true;
      }
    }
  }
  return rows.filter((r) => inTree.has(r.pid)).reduce((sum, r) => sum + r.rss, 0) / 1024;
}

export async function run() {
  const modelPath = process.env.HAIR_MODEL_PATH ?? 'models/hair_segmentation.tflite';
  if (!existsSync(modelPath)) {
    console.log(`live: skipped, no hair model at ${modelPath} (set HAIR_MODEL_PATH)`);
    return;
  }
  const root = path.resolve(import.meta.dirname, '..');
  const app = await startBuiltApp('live', { HAIR_MODEL_PATH: modelPath });
  const video = await makeFakeCameraVideo(path.join(root, 'tests/fixtures/portraits/front-dark-long.jpg'), app.dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${app.url}/`);
    const opened = Date.now();
    await page.getByRole('button', { name: 'Try colours live with your camera' }).click();
    const stats = page.getByTestId('live-stats');
    await page.getByTestId('live-stage').and(page.locator('[data-state="running"]')).waitFor({ timeout: 60_000 });
    const firstFrameMs = Date.now() - opened;
    await page.getByRole('radio', { name: 'Copper', exact: true }).click();
    // let the outline settle and the picture size adapt before measuring
    await page.waitForTimeout(5000);
    const samples: Record<string, number>[] = [];
    const heap: number[] = [];
    const rss: number[] = [];
    for (let s = 0; s < SECONDS; s++) {
      await page.waitForTimeout(1000);
      const d = await stats.evaluate((e) => ({ ...(e as HTMLElement).dataset }));
      samples.push(Object.fromEntries(Object.entries(d).map(([k, v]) => [k, Number(v)])));
      const { metrics } = await cdp.send('Performance.getMetrics');
      heap.push((metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 1024 / 1024);
      rss.push(chromiumRssMb(video));
    }
    const d = await stats.evaluate((e) => ({ ...(e as HTMLElement).dataset }));
    const col = (k: string) => samples.map((x) => x[k]).filter((v) => Number.isFinite(v));
    const line = (label: string, xs: number[], unit: string, digits = 1) =>
      console.log(`${label.padEnd(34)} median ${pct(xs, 50).toFixed(digits)}${unit}  p95 ${pct(xs, 95).toFixed(digits)}${unit}`);
    console.log(
      `hair model: ${d.delegate}, loaded and compiled in ${d.modelLoadMs} ms; first live frame ${firstFrameMs} ms after opening; ${SECONDS} one-second samples (each a median of the last frames)`,
    );
    line('frames shown per second', col('fps'), '');
    line('segmentation, network only', col('segmentMs'), ' ms');
    line('segmentation, end to end (worker)', col('segmentTotalMs'), ' ms');
    line('recolour per frame (GPU, finish)', col('recolourMs'), ' ms');
    line('picture height drawn', col('drawHeight'), ' px', 0);
    console.log(
      `masks in ${SECONDS} s: ${samples.at(-1)!.masks - samples[0].masks} (${((samples.at(-1)!.masks - samples[0].masks) / SECONDS).toFixed(1)} a second)`,
    );
    line('page JS heap', heap, ' MB');
    line('browser resident memory (all processes)', rss, ' MB', 0);
    const fps = pct(col('fps'), 50);
    console.log(
      fps >= TARGET_FPS
        ? `target ≥ ${TARGET_FPS} fps: met`
        : `target ≥ ${TARGET_FPS} fps: NOT met (${fps.toFixed(1)}); load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
    );
  } finally {
    await browser.close();
    await app.close();
  }
}
