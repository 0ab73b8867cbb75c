/**
 * The local engine's "must hold" properties, on every fixture portrait and prompt, in-process (one set of
 * models shared by the whole file, each photo's hair found once and painted in every colour, as the studio
 * does): pixels outside the dilated matte unchanged, mean colour moves to the target, face untouched, strand
 * detail kept, second person untouched, EXIF orientation, no network.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deltaEOk, hexToOklab } from '@shared/hair/oklab';
import { parseHairPrompt } from '@shared/hair/prompt';
import { outOfLight } from '@shared/hair/shade-map';
import { EngineInputError } from './errors';
import { dilate } from './image/raster';
import { fillPolygon } from './matte/refine';
import { loadModels, runPipeline, type HairRegion, type Models, type PipelineOutput } from './pipeline';
import { threadEntries } from './threads';
import {
  detailL,
  faceOvalScaled,
  fixture,
  fixtureNames,
  liftMeasures,
  meanLab,
  modelSkipReason,
  pearson,
  pixelLab,
  testModelPath,
  trapNetwork,
} from '../../../tests/support/engine-support';

const MODEL = testModelPath();
if (!MODEL) console.warn(`[engine tests] skipping model tests: ${modelSkipReason()}`);

const ALL_OVER = ['copper', 'platinum blonde', 'jet black', 'pastel pink'];
const TECHNIQUES = ['copper red balayage', 'honey highlights', 'rose gold ombré', 'blonde money piece'];

/** Inner face: the face oval shrunk towards its centre, below the brows. */
function innerFace(out: PipelineOutput, shrink = 0.65): Uint8Array {
  const d = out.debug!;
  const f = d.faces[d.main];
  const w = out.width;
  const mask = new Uint8Array(w * out.height);
  const brow = f.mesh[9]; // between the brows
  fillPolygon(faceOvalScaled(f, shrink), w, out.height, (i) => {
    const x = i % w;
    const y = (i - x) / w;
    if ((x - brow[0]) * f.ux + (y - brow[1]) * f.uy > 0) mask[i] = 1;
  });
  return mask;
}

// input-side measures are the same for every prompt on one photo (same matte): computed once per photo
const inputCache = new Map<string, { face: Uint8Array; before: ReturnType<typeof meanLab>; dIn: Float32Array }>();

function checkCommon(out: PipelineOutput, label: string, coreMin = 250) {
  const d = out.debug!;
  const { width: w, height: h } = out;
  expect(d.output.width).toBe(d.input.width);
  expect(d.output.height).toBe(d.input.height);
  // 1) every pixel outside the (dilated) matte is byte-identical
  const bin = new Uint8Array(w * h);
  for (let i = 0; i < bin.length; i++) bin[i] = d.matte[i] > 0 ? 1 : 0;
  const grown = dilate(bin, w, h, 1);
  let changedOutside = 0;
  for (let i = 0; i < bin.length; i++) {
    if (grown[i]) continue;
    const o = i * 3;
    if (d.input.data[o] !== d.output.data[o] || d.input.data[o + 1] !== d.output.data[o + 1] || d.input.data[o + 2] !== d.output.data[o + 2]) changedOutside++;
  }
  expect(changedOutside, `${label}: pixels changed outside the matte`).toBe(0);
  // 2) the face (from the landmarks) changes by less than ΔE 2 on average
  const core = (i: number) => d.matte[i] >= coreMin;
  const key = `${label.split(' / ')[0]}:${coreMin}`;
  let cached = inputCache.get(key);
  if (!cached) {
    const face = innerFace(out);
    cached = { face, before: meanLab(d.input, (i) => face[i] === 1), dIn: detailL(d.input, core) };
    inputCache.set(key, cached);
  }
  const { face, before, dIn } = cached;
  const after = meanLab(d.output, (i) => face[i] === 1);
  expect(before.n).toBeGreaterThan(1000);
  expect(deltaEOk(before, after), `${label}: face ΔE`).toBeLessThan(2);
  // 3) luminance detail inside the hair correlates ≥ 0.85 with the original
  const dOut = detailL(d.output, core);
  expect(pearson(dIn, dOut, core), `${label}: detail correlation`).toBeGreaterThanOrEqual(0.85);
}

describe.skipIf(!MODEL)('local pipeline with the hair model', () => {
  let models: Models;
  // No network: any socket, DNS lookup or non-file fetch on this thread while loading or running is recorded
  // (the hair model's thread is proven the same way in runtime/litert-node.test.ts, where it runs here).
  let net: ReturnType<typeof trapNetwork>;

  beforeAll(async () => {
    net = trapNetwork();
    models = await loadModels(MODEL!, threadEntries().hairModel);
  });
  afterAll(() => net.restore());

  /**
   * Each fixture's hair is found once and every colour painted from that region, as the studio's render paints
   * the preview's (decision 138): the test below holds that this gives the same pixels as finding it again.
   */
  const regions = new Map<string, Promise<HairRegion>>();
  function regionOf(name: string): Promise<HairRegion> {
    let region = regions.get(name);
    if (!region) {
      region = runPipeline(models, { image: fixture(name), reading: parseHairPrompt('copper') }, { region: true, tapPlane: false, skipEncode: true }).then(
        (out) => out.region!,
      );
      regions.set(name, region);
    }
    return region;
  }
  async function paint(name: string, prompt: string): Promise<PipelineOutput> {
    const region = await regionOf(name);
    return runPipeline(models, { image: fixture(name), reading: parseHairPrompt(prompt), region }, { debug: true, skipEncode: true });
  }

  it('paints a region found before with the same pixels as when it finds the hair again', async () => {
    for (const name of fixtureNames()) {
      for (const prompt of ['copper', 'honey highlights']) {
        const found = await runPipeline(models, { image: fixture(name), reading: parseHairPrompt(prompt) }, { debug: true, skipEncode: true });
        const painted = await paint(name, prompt);
        expect(Buffer.compare(painted.debug!.matte, found.debug!.matte), `${name} / ${prompt}: matte`).toBe(0);
        expect(Buffer.compare(painted.debug!.output.data, found.debug!.output.data), `${name} / ${prompt}: pixels`).toBe(0);
        expect([painted.debug!.main, painted.debug!.faces.length, painted.analysis]).toEqual([found.debug!.main, found.debug!.faces.length, found.analysis]);
      }
    }
  });

  it('loads the real hair model', () => expect(models.source).toBe('hair-segmentation'));

  for (const name of fixtureNames()) {
    it(`${name}: all-over colours reach the target and keep everything else`, async () => {
      for (const prompt of ALL_OVER) {
        const out = await paint(name, prompt);
        checkCommon(out, `${name} / ${prompt}`);
        const target = parseHairPrompt(prompt).effect!.lab;
        const hair = meanLab(out.debug!.output, (i) => out.debug!.matte[i] >= 230);
        expect(hair.n).toBeGreaterThan(2000);
        // the target is rendered in the photo's light: judged after undoing that light (decision 083)
        expect(deltaEOk(outOfLight(hair, out.debug!.light), target), `${name} / ${prompt}: hair ΔE to target`).toBeLessThan(12);
        expect(out.analysis.currentLevel).toBeGreaterThanOrEqual(1);
        expect(out.analysis.targetLevel).not.toBeNull();
      }
    });

    it(`${name}: techniques keep face, background and strand detail`, async () => {
      for (const prompt of TECHNIQUES) {
        const out = await paint(name, prompt);
        checkCommon(out, `${name} / ${prompt}`);
        expect(out.applied).toMatch(/, /);
      }
    });
  }

  // issue 14's promise for big lifts on dark hair (the same measures as `npm run bench -- colour`)
  for (const name of ['front-dark-long', 'long-black-turned', 'brown-neighbour']) {
    it(`${name}: lifts keep strand detail, touch nothing outside the matte and land on the target in this light`, async () => {
      for (const prompt of ['platinum blonde', 'silver', 'pastel pink']) {
        const out = await paint(name, prompt);
        expect(out.analysis.currentLevel, `${name}: dark hair`).toBeLessThanOrEqual(4);
        const m = liftMeasures(out.debug!, parseHairPrompt(prompt).effect!.lab);
        expect(m.detail, `${name} / ${prompt}: detail correlation`).toBeGreaterThanOrEqual(0.8);
        expect(m.changedOutside, `${name} / ${prompt}: pixels changed outside the matte`).toBe(0);
        expect(m.deltaE, `${name} / ${prompt}: ΔE OK to the target, light undone`).toBeLessThanOrEqual(0.08);
        // no white rim where the matte's soft edge lies over a bright wall (front-dark-long's blinds): 4.6 % of
        // its soft edge was painted paper white before decision 205, 0.1 % after
        expect(m.whiteEdge, `${name} / ${prompt}: soft edge painted paper white`).toBeLessThanOrEqual(0.01);
      }
    });
  }

  it('long-black-turned: a lift leaves no JPEG squares in the deep shadow between curls', async () => {
    // the gaps between its curls are sRGB 0-4, stored as flat 8×8 blocks: a lift painted them as squares of
    // two tones, 0.035 apart in lightness at the blocks' edges (decision 135)
    const out = await paint('long-black-turned', 'platinum blonde');
    const d = out.debug!;
    const W = d.input.width;
    let pairs = 0;
    let step = 0;
    for (let i = 0; i < d.matte.length - 1; i++) {
      // horizontal neighbours across a block edge, both deep shadow inside the hair
      if ((i % W) % 8 !== 7 || d.matte[i] < 250 || d.matte[i + 1] < 250) continue;
      if (Math.max(...d.input.data.subarray(i * 3, i * 3 + 6)) > 4) continue;
      pairs++;
      step += Math.abs(pixelLab(d.output, i).L - pixelLab(d.output, i + 1).L);
    }
    expect(pairs).toBeGreaterThan(1000);
    expect(step / pairs).toBeLessThan(0.02);
  });

  it('roots kept natural, colour underneath: placed along the strands', async () => {
    const change = (out: PipelineOutput, part: 'top' | 'bottom') => {
      const d = out.debug!;
      const rows = d.input.height;
      let n = 0;
      let sum = 0;
      for (let i = 0; i < d.matte.length; i++) {
        if (d.matte[i] < 250) continue;
        const y = (i / d.input.width) | 0;
        if (part === 'top' ? y > rows * 0.2 : y < rows * 0.6) continue;
        n++;
        sum += Math.abs(d.output.data[i * 3] - d.input.data[i * 3]) + Math.abs(d.output.data[i * 3 + 2] - d.input.data[i * 3 + 2]);
      }
      return sum / Math.max(1, n);
    };
    const roots = await paint('front-dark-long', 'platinum blonde, keep my roots natural');
    expect(change(roots, 'top')).toBeLessThan(change(roots, 'bottom') * 0.5);
    const under = await paint('front-dark-long', 'peekaboo purple underneath');
    expect(change(under, 'top')).toBeLessThan(change(under, 'bottom') * 0.3);
    checkCommon(under, 'front-dark-long / underneath');
  });

  it('a dip dye: a crisp line that follows the strands, neither ruled nor in flames', async () => {
    const out = await paint('front-dark-long', 'pastel pink dip dye');
    const d = out.debug!;
    const { width: w, height: h } = d.input;
    // each core hair pixel's change, against the change where the ends are fully dyed
    const change = new Float32Array(w * h).fill(-1);
    for (let i = 0; i < change.length; i++) {
      if (d.matte[i] < 250) continue;
      change[i] = Math.abs(d.output.data[i * 3] - d.input.data[i * 3]) + Math.abs(d.output.data[i * 3 + 2] - d.input.data[i * 3 + 2]);
    }
    const sorted = change.filter((v) => v >= 0).sort();
    const full = sorted[Math.floor(sorted.length * 0.97)];
    // the rows the line crosses (10-90 % of their hair dyed) and, in them, the pixels only partly dyed
    let rows = 0;
    let partly = 0;
    let n = 0;
    // and, along each of those rows, how often it changes between dyed and not
    let flips = 0;
    for (let y = 0; y < h; y++) {
      const row = [...change.subarray(y * w, (y + 1) * w)].filter((v) => v >= 0);
      if (row.length < 20) continue;
      const dyed = row.filter((v) => v > 0.5 * full).length / row.length;
      if (dyed < 0.1 || dyed > 0.9) continue;
      rows++;
      n += row.length;
      for (let k = 1; k < row.length; k++) if (row[k] > 0.5 * full !== row[k - 1] > 0.5 * full) flips++;
      partly += row.filter((v) => v > 0.2 * full && v < 0.8 * full).length;
    }
    // strands end at different lengths: the line crosses many rows (the ruled line it replaced crossed 48 of 1024)
    expect(rows).toBeGreaterThan(h * 0.06);
    // and each strand is dyed or not (a ruled, blurred line left 69 % of those pixels half dyed)
    expect(partly / n).toBeLessThan(0.4);
    // in broad sections, not flames: narrow waves of the line changed ~15 times a row, broad ones ~9
    expect(flips / rows).toBeLessThan(11);
    checkCommon(out, 'front-dark-long / dip dye');
  });

  it('a balayage is painted in ribbons along the strands, not a band across the lengths', async () => {
    // in the mid-lengths (45-70 % of the way down the hair), the fifth of the hair least changed against the
    // fifth most changed: a band changes them alike (0.58 over these two with the band it replaced, 0.40 now)
    const ratios: number[] = [];
    for (const name of ['front-dark-long', 'long-black-turned']) {
      const out = await paint(name, 'copper red balayage');
      const d = out.debug!;
      const { width: w, height: h } = d.input;
      let top = h;
      let bottom = 0;
      for (let i = 0; i < d.matte.length; i++) {
        if (d.matte[i] < 230) continue;
        const y = (i / w) | 0;
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
      const change: number[] = [];
      for (let y = Math.round(top + 0.45 * (bottom - top)); y < top + 0.7 * (bottom - top); y++) {
        for (let i = y * w; i < (y + 1) * w; i++) {
          if (d.matte[i] < 230) continue;
          const o = i * 3;
          change.push(Math.hypot(d.output.data[o] - d.input.data[o], d.output.data[o + 1] - d.input.data[o + 1], d.output.data[o + 2] - d.input.data[o + 2]));
        }
      }
      change.sort((a, b) => a - b);
      ratios.push(change[Math.floor(change.length * 0.2)] / change[Math.floor(change.length * 0.8)]);
      checkCommon(out, `${name} / copper red balayage`);
    }
    expect((ratios[0] + ratios[1]) / 2).toBeLessThan(0.5);
  });

  it('a second person in the frame keeps their hair colour', async () => {
    const out = await paint('two-people', 'vivid blue');
    const d = out.debug!;
    expect(d.faces.length).toBeGreaterThanOrEqual(2);
    const other = d.faces.find((_, k) => k !== d.main)!;
    let n = 0;
    let changed = 0;
    for (let y = 0; y < out.height; y++) {
      for (let x = 0; x < out.width; x++) {
        const dx = (x - other.cx) / (other.w * 1.1);
        const dy = (y - other.cy) / (other.h * 1.3);
        if (dx * dx + dy * dy > 1) continue;
        const i = y * out.width + x;
        n++;
        if (d.output.data[i * 3] !== d.input.data[i * 3] || d.output.data[i * 3 + 2] !== d.input.data[i * 3 + 2]) changed++;
      }
    }
    expect(n).toBeGreaterThan(5000);
    expect(changed / n).toBeLessThan(0.01);
    // while the main person's hair did turn blue
    const hair = meanLab(d.output, (i) => d.matte[i] >= 230);
    expect(hair.b).toBeLessThan(-0.03);
  });

  it('gives the same matte and pixels with the hair model thread taking half of the work as on one thread', async () => {
    const image = fixture('front-dark-long');
    let shares = 0;
    const share = models.hair!.share!;
    const counted: Models = { ...models, hair: { ...models.hair!, share: (work) => (shares++, share(work)) } };
    const alone: Models = { ...models, hair: { ...models.hair!, share: undefined } };
    for (const prompt of ['copper red balayage', 'platinum blonde, keep my roots natural']) {
      const both = await runPipeline(counted, { image, reading: parseHairPrompt(prompt) }, { debug: true, skipEncode: true });
      const one = await runPipeline(alone, { image, reading: parseHairPrompt(prompt) }, { debug: true, skipEncode: true });
      expect(Buffer.compare(both.debug!.matte, one.debug!.matte), prompt).toBe(0);
      expect(Buffer.compare(both.debug!.output.data, one.debug!.output.data), prompt).toBe(0);
    }
    // per photo: the guided filter's two rounds of box means and its full-resolution pass, the hair's colour
    // read, the foreground grid and the paint
    expect(shares).toBe(12);
  });

  it('goes on from the first pass when the second look would see the whole photo again (same matte as without it)', async () => {
    // two faces (the main-person gate runs) and hair that, grown for the second look, reaches every edge
    const image = fixture('brown-neighbour');
    const on = await runPipeline(models, { image, reading: parseHairPrompt('copper') }, { debug: true, skipEncode: true });
    const off = await runPipeline(models, { image, reading: parseHairPrompt('copper') }, { debug: true, skipEncode: true, secondLook: false });
    expect(Buffer.compare(on.debug!.matte, off.debug!.matte)).toBe(0);
    expect(Buffer.compare(on.debug!.output.data, off.debug!.output.data)).toBe(0);
  });

  it('applies EXIF orientation: output size equals the oriented input', async () => {
    const rotated = await sharp(fixture('front-dark-long')).rotate(90).jpeg().toBuffer();
    // store it back un-rotated with an orientation tag saying "rotate 90° clockwise to view"
    const tagged = await sharp(rotated).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const meta = await sharp(tagged).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([768, 1024, 6]);
    const out = await runPipeline(models, { image: tagged, reading: parseHairPrompt('copper') }, { debug: true });
    expect([out.width, out.height]).toEqual([1024, 768]);
    const png = await sharp(Buffer.from(out.png)).metadata();
    expect([png.width, png.height]).toEqual([1024, 768]);
  });

  it('transfers the colour of a reference photo', async () => {
    const ref = await runPipeline(models, { image: fixture('curly-blonde'), reading: parseHairPrompt('copper') }, { debug: true, skipEncode: true });
    const refMean = outOfLight(ref.debug!.hairStats.mean, ref.debug!.light);
    const out = await runPipeline(
      models,
      { image: fixture('front-dark-long'), reading: parseHairPrompt('this colour please'), reference: fixture('curly-blonde') },
      { debug: true, skipEncode: true },
    );
    const hair = meanLab(out.debug!.output, (i) => out.debug!.matte[i] >= 230);
    expect(deltaEOk(outOfLight(hair, out.debug!.light), refMean)).toBeLessThan(12);
    expect(out.analysis.targetLevel).toBeGreaterThan(out.analysis.currentLevel);
    expect(out.applied).toMatch(/reference/i);
  });

  it('relative requests lift or deepen from the measured level', async () => {
    const out = await paint('brown-neighbour', 'two shades lighter');
    expect(out.analysis.lift).toBeGreaterThanOrEqual(1);
    expect(out.analysis.lift).toBeLessThanOrEqual(3);
    const before = meanLab(out.debug!.input, (i) => out.debug!.matte[i] >= 230);
    const after = meanLab(out.debug!.output, (i) => out.debug!.matte[i] >= 230);
    expect(after.L).toBeGreaterThan(before.L + 0.06);
  });

  it('refuses a photo without hair with a clear message', async () => {
    const blank = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#8a7f70' } })
      .jpeg()
      .toBuffer();
    await expect(runPipeline(models, { image: blank, reading: parseHairPrompt('copper') })).rejects.toThrow(EngineInputError);
    await expect(runPipeline(models, { image: blank, reading: parseHairPrompt('copper') })).rejects.toThrow(/couldn't find hair/);
    await expect(runPipeline(models, { image: fixture('front-dark-long'), reading: parseHairPrompt('short pixie cut') })).rejects.toThrow(/generative engine/);
  });

  it('recolours hair in a photo without a face (the top of the head only)', async () => {
    for (const name of ['front-dark-long', 'curly-blonde']) {
      // the top 30 % of the portrait: crown and lengths, no eyes, so no face is found
      const image = await sharp(fixture(name)).extract({ left: 0, top: 0, width: 768, height: 307 }).jpeg({ quality: 95 }).toBuffer();
      const out = await runPipeline(models, { image, reading: parseHairPrompt('copper') }, { debug: true, skipEncode: true });
      const d = out.debug!;
      expect(d.main, `${name}: no face`).toBe(-1);
      let hairArea = 0;
      let changedOutside = 0;
      const grown = dilate(
        Uint8Array.from(d.matte, (v) => (v > 0 ? 1 : 0)),
        out.width,
        out.height,
        1,
      );
      for (let i = 0; i < d.matte.length; i++) {
        if (d.matte[i] >= 128) hairArea++;
        if (
          !grown[i] &&
          (d.input.data[i * 3] !== d.output.data[i * 3] ||
            d.input.data[i * 3 + 1] !== d.output.data[i * 3 + 1] ||
            d.input.data[i * 3 + 2] !== d.output.data[i * 3 + 2])
        )
          changedOutside++;
      }
      expect(hairArea / d.matte.length, `${name}: hair found`).toBeGreaterThan(0.15);
      expect(changedOutside, `${name}: pixels changed outside the matte`).toBe(0);
      const core = (i: number) => d.matte[i] >= 230;
      const target = parseHairPrompt('copper').effect!.lab;
      expect(deltaEOk(meanLab(d.output, core), target), `${name}: hair ΔE to target`).toBeLessThan(12);
    }
  });

  it('the fallback matte still needs a face, and says so', async () => {
    const fb: Models = { hair: null, person: models.person, source: 'fallback' };
    const blank = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#8a7f70' } })
      .jpeg()
      .toBuffer();
    await expect(runPipeline(fb, { image: blank, reading: parseHairPrompt('copper') })).rejects.toThrow(/Without a face in the photo/);
  });

  it('the fallback matte (no model file) also keeps face and background', async () => {
    const fb: Models = { hair: null, person: models.person, source: 'fallback' };
    for (const name of ['front-dark-long', 'curly-blonde']) {
      const out = await runPipeline(fb, { image: fixture(name), reading: parseHairPrompt('copper') }, { debug: true, skipEncode: true });
      expect(out.model).toBe('fallback');
      checkCommon(out, `fallback ${name}`, 180);
      // the fallback matte is coarser: the hair colour must still move most of the way to the target
      const core = (i: number) => out.debug!.matte[i] >= 180;
      const target = hexToOklab('#ad5328');
      const before = deltaEOk(meanLab(out.debug!.input, core), target);
      const after = deltaEOk(meanLab(out.debug!.output, core), target);
      expect(after, `fallback ${name}: ΔE ${before.toFixed(1)} → ${after.toFixed(1)}`).toBeLessThan(before * 0.5);
    }
  });

  it('opened no socket and fetched nothing over the network', () => {
    expect(net.attempts).toEqual([]);
  });
});
