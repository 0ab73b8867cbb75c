import { describe, expect, it } from 'vitest';
import { deltaEOk, hexToOklab } from './oklab';
import { inLight, mapPixel, NEUTRAL_LIGHT, outOfLight, shadeMapParams, type PhotoLight } from './shade-map';

const darkHair = { mean: { L: 0.28, a: 0.01, b: 0.015 }, sd: { L: 0.05, a: 0.006, b: 0.01 } };
const platinum = { mean: hexToOklab('#d3c9b6') };
const warmDim: PhotoLight = { gain: [0.62, 0.5, 0.38] };

describe('shade map', () => {
  it('maps the hair mean onto the target in neutral light', () => {
    const p = shadeMapParams(darkHair, platinum);
    const out = [0, 0, 0];
    mapPixel(p, darkHair.mean.L, darkHair.mean.a, darkHair.mean.b, out);
    expect(deltaEOk({ L: out[0], a: out[1], b: out[2] }, platinum.mean)).toBeLessThan(1);
  });

  it('renders the target in the photo light: a dim warm photo gets a dimmer, warmer platinum', () => {
    const p = shadeMapParams(darkHair, platinum, warmDim);
    expect(p.tL).toBeLessThan(platinum.mean.L - 0.1);
    expect(p.tB).toBeGreaterThan(platinum.mean.b);
    // undoing the light gives the target back
    expect(deltaEOk(outOfLight({ L: p.tL, a: p.tA, b: p.tB }, warmDim), platinum.mean)).toBeLessThan(0.1);
  });

  it('keeps the order of strand lightness (a monotone lightness map) and stays below the photo white', () => {
    for (const light of [NEUTRAL_LIGHT, warmDim]) {
      const p = shadeMapParams(darkHair, platinum, light);
      const white = inLight({ L: 1, a: 0, b: 0 }, light).L;
      let prev = -1;
      const out = [0, 0, 0];
      for (let L = 0.02; L <= 0.98; L += 0.01) {
        mapPixel(p, L, 0.01, 0.015, out);
        expect(out[0]).toBeGreaterThan(prev);
        expect(out[0]).toBeLessThan(white);
        prev = out[0];
      }
    }
  });

  it('a well-exposed neutral light changes nothing', () => {
    const c = { L: 0.5, a: 0.03, b: -0.02 };
    expect(deltaEOk(inLight(c, NEUTRAL_LIGHT), c)).toBeLessThan(1e-4);
    expect(deltaEOk(outOfLight(inLight(c, warmDim), warmDim), c)).toBeLessThan(1e-4);
  });
});
