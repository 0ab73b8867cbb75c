/**
 * Loader smoke test: LiteRT.js runs in Node through our shim, the hair model compiles, and its masks agree
 * with the stored reference run (compat build, scripts/engine-reference-masks.ts) at IoU ≥ 0.99. Fails
 * loudly when @litertjs/core changes under the shim.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HAIR_MODEL_SIZE, loadHairModel } from '../segment/hair-model';
import { FIXTURE_DIR, fixture, fixtureNames, modelSkipReason, testModelPath, trapNetwork } from '../../../../tests/support/engine-support';
import { LITERT_VERSION, litertBuild } from './litert-node';

const MODEL = testModelPath();
if (!MODEL) console.warn(`[litert smoke] skipping model tests: ${modelSkipReason()}`);
const require = createRequire(import.meta.url);

describe('LiteRT.js runtime package', () => {
  it(`is exactly @litertjs/core ${LITERT_VERSION} with the wasm builds the shim loads`, () => {
    const pkgPath = require.resolve('@litertjs/core/package.json');
    const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { version: string; type: string };
    expect(pkg.version, 'the Node shim was written for this exact version; re-check src/server/engine/runtime/litert-node.ts').toBe(LITERT_VERSION);
    const wasm = path.join(path.dirname(pkgPath), 'wasm');
    for (const f of ['litert_wasm_compat_internal.js', 'litert_wasm_compat_internal.wasm', 'litert_wasm_internal.js', 'litert_wasm_internal.wasm']) {
      expect(existsSync(path.join(wasm, f)), f).toBe(true);
    }
    // the shim evaluates the Emscripten factory as CommonJS and relies on it reading the .wasm via Node's fs
    const src = readFileSync(path.join(wasm, 'litert_wasm_compat_internal.js'), 'utf8');
    expect(src).toMatch(/ENVIRONMENT_IS_NODE/);
    expect(src).toMatch(/module\.exports\s*=\s*ModuleFactory|module\.exports = ModuleFactory/);
  });
});

describe.skipIf(!MODEL)('hair model through LiteRT.js', () => {
  it('matches the reference masks (IoU ≥ 0.99) on every fixture, opening no connection', async () => {
    const net = trapNetwork();
    const model = await loadHairModel(MODEL!);
    expect(['relaxed-simd', 'compat']).toContain(litertBuild);
    const S = HAIR_MODEL_SIZE;
    try {
      for (const name of fixtureNames()) {
        const { data } = await sharp(fixture(name))
          .rotate()
          .removeAlpha()
          .resize(S, S, { fit: 'fill', kernel: 'linear' })
          .raw()
          .toBuffer({ resolveWithObject: true });
        const prob = await model.segment({ width: S, height: S, data: new Uint8Array(data) });
        expect(prob.length).toBe(S * S);
        const ref = await sharp(path.join(FIXTURE_DIR, 'reference-masks', `${name}.png`))
          .greyscale()
          .raw()
          .toBuffer();
        let inter = 0;
        let union = 0;
        for (let i = 0; i < prob.length; i++) {
          const a = prob[i] > 0.5;
          const b = ref[i] > 127;
          if (a && b) inter++;
          if (a || b) union++;
        }
        expect(union, `${name}: some hair`).toBeGreaterThan(10_000);
        expect(inter / union, `${name}: IoU vs reference (${litertBuild} build)`).toBeGreaterThanOrEqual(0.99);
      }
      expect(net.attempts).toEqual([]);
    } finally {
      model.close();
      net.restore();
    }
  });

  it('rejects a file that is not a TFLite model', async () => {
    await expect(loadHairModel(path.join(FIXTURE_DIR, 'front-dark-long.jpg'))).rejects.toThrow(/not a TFLite/);
  });
});
