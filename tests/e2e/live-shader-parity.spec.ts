import path from 'node:path';
import { expect, test } from '@playwright/test';
import { build } from 'esbuild';
import { hexToOklab, linearRgbToOklab, linearToSrgb, oklabToLinearRgb, srgbToLinear } from '@shared/hair/oklab';
import type * as LiveGl from '../../src/web/features/live/colour/recolour-gl';
import { mapPixel, shadeMapParams, type HairColourStats, type ShadeMapParams } from '@shared/hair/shade-map';

/*
 * The live mirror's shader claims to be the engine's `mapPixel` on the GPU. This draws a sweep of hair-like
 * colours through the real shader in Chromium (SwiftShader here, as on a machine with no GPU) and compares every
 * pixel with `mapPixel` run in Node on the same numbers: if one side changes and the other does not, a live
 * preview would promise a colour the paid render does not give.
 */
const SIDE = 48;
/** Every frame pixel: a lightness ramp down the rows, a warm-to-cool and a chroma sweep across the columns. */
function sweep(): Uint8ClampedArray {
  const px = new Uint8ClampedArray(SIDE * SIDE * 4);
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++) {
      const L = 0.12 + (0.8 * y) / (SIDE - 1);
      const c = 0.005 + (0.1 * (x % 12)) / 11;
      const h = ((Math.floor(x / 12) * 40 + 20) * Math.PI) / 180;
      const [r, g, b] = oklabToLinearRgb(L, c * Math.cos(h), c * Math.sin(h));
      const i = (y * SIDE + x) * 4;
      px.set([linearToSrgb(r), linearToSrgb(g), linearToSrgb(b), 255], i);
    }
  return px;
}

/** What the shader should draw for one sRGB pixel: the same chain as its main(), in double precision. */
function expected(p: ShadeMapParams, r8: number, g8: number, b8: number): [number, number, number] {
  const lab = linearRgbToOklab(srgbToLinear(r8), srgbToLinear(g8), srgbToLinear(b8));
  const out = [0, 0, 0];
  mapPixel(p, lab.L, lab.a, lab.b, out);
  const [r, g, b] = oklabToLinearRgb(out[0], out[1], out[2]);
  return [linearToSrgb(Math.min(1, Math.max(0, r))), linearToSrgb(Math.min(1, Math.max(0, g))), linearToSrgb(Math.min(1, Math.max(0, b)))];
}

const darkBrown: HairColourStats = { mean: { L: 0.32, a: 0.02, b: 0.03 }, sd: { L: 0.06, a: 0.01, b: 0.012 } };
const CASES: { name: string; params: ShadeMapParams }[] = [
  { name: 'platinum lift on dark brown hair', params: shadeMapParams(darkBrown, { mean: hexToOklab('#e8e0cc') }) },
  { name: 'copper in warm light', params: shadeMapParams(darkBrown, { mean: hexToOklab('#b5562a') }, { gain: [1.1, 0.95, 0.8] }) },
  {
    name: 'jet black on light hair',
    params: shadeMapParams({ mean: { L: 0.7, a: 0.01, b: 0.06 }, sd: { L: 0.08, a: 0.01, b: 0.02 } }, { mean: hexToOklab('#161414') }),
  },
  {
    name: 'a reference photo’s spread',
    params: shadeMapParams(darkBrown, { mean: { L: 0.55, a: 0.06, b: 0.02 }, sd: { L: 0.09, a: 0.02, b: 0.02 }, inPhotoLight: true }),
  },
];

test('the live shader maps every colour as the engine’s mapPixel does, within 2 of 255 per channel', async ({ page }) => {
  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, '../../src/web/features/live/colour/recolour-gl.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'liveGl',
    target: 'es2022',
  });
  await page.setContent('<!doctype html><title>shader parity</title>');
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  const frame = sweep();

  for (const { name, params } of CASES) {
    const drawn = await page.evaluate(
      ({ frame, side, params }) => {
        const { HairRecolourer } = (window as unknown as { liveGl: typeof LiveGl }).liveGl;
        // a canvas per case: dispose() gives its context back to the browser
        const gl = new HairRecolourer(document.body.appendChild(document.createElement('canvas')));
        gl.setFrame(new ImageData(new Uint8ClampedArray(frame), side, side), side, side);
        gl.setMask(new Uint8Array(64 * 64).fill(255), 64);
        gl.setParams(params);
        gl.draw({ split: 0, mirror: false });
        const ctx = (gl as unknown as { gl: WebGL2RenderingContext }).gl;
        const out = new Uint8Array(side * side * 4);
        ctx.readPixels(0, 0, side, side, ctx.RGBA, ctx.UNSIGNED_BYTE, out);
        gl.dispose();
        return Array.from(out);
      },
      { frame: Array.from(frame), side: SIDE, params },
    );

    let worst = 0;
    let changed = 0;
    for (let y = 0; y < SIDE; y++)
      for (let x = 0; x < SIDE; x++) {
        const i = (y * SIDE + x) * 4;
        // readPixels starts at the bottom row; the shader draws the frame's first row at the top
        const j = ((SIDE - 1 - y) * SIDE + x) * 4;
        const want = expected(params, frame[i], frame[i + 1], frame[i + 2]);
        for (let k = 0; k < 3; k++) worst = Math.max(worst, Math.abs(drawn[j + k] - want[k]));
        if (Math.abs(want[0] - frame[i]) + Math.abs(want[1] - frame[i + 1]) + Math.abs(want[2] - frame[i + 2]) > 6) changed++;
      }
    // the comparison means something only if the mapping really moves the colours
    expect(changed, name).toBeGreaterThan(SIDE * SIDE * 0.5);
    expect(worst, name).toBeLessThanOrEqual(2);
  }
});
