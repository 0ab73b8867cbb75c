/**
 * The public contract through the worker pool: generate() / ready() / close(), input errors, abort, and
 * hostile inputs (corrupt, truncated, tiny, huge-declared, animated, CMYK, 16-bit, HEIC) that must give a
 * clear EngineInputError or a correct result, never a crash or a hang. One engine for the whole file.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHairPrompt } from '@shared/hair/prompt';
import { applyCorrections } from '@shared/hair/apply-corrections';
import type { Mark } from '@shared/studio/corrections';
import { decodeImage } from './image/decode';
import { createEngine, EngineInputError, type EnginePreview, type GenerateResult, type HairEngine } from './index';
import { fixture, modelSkipReason, testModelPath } from '../../../tests/support/engine-support';

const MODEL = testModelPath();
if (!MODEL) console.warn(`[engine contract] skipping model tests: ${modelSkipReason()}`);

/** A minimal 2-frame animated GIF (solid colours), written by hand: sharp cannot write multi-page GIFs from raw. */
function animatedGif(w: number, h: number): Buffer {
  const bytes: number[] = [];
  const push = (...b: number[]) => bytes.push(...b);
  push(...Buffer.from('GIF89a'), w & 255, w >> 8, h & 255, h >> 8, 0xf1, 0, 0); // 4-colour global table
  push(200, 120, 80, 40, 40, 40, 220, 220, 220, 0, 0, 0);
  push(0x21, 0xff, 11, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0); // loop forever
  for (const colour of [0, 1]) {
    push(0x21, 0xf9, 4, 0, 10, 0, 0, 0); // 100 ms
    push(0x2c, 0, 0, 0, 0, w & 255, w >> 8, h & 255, h >> 8, 0);
    // LZW, min code size 2, codes kept 3 bits wide by a CLEAR (4) before every two literals
    const codes: number[] = [];
    for (let i = 0; i < w * h; i += 2) codes.push(4, colour, colour);
    codes.push(5);
    const data: number[] = [];
    let acc = 0;
    let n = 0;
    for (const c of codes) {
      acc |= c << n;
      n += 3;
      while (n >= 8) {
        data.push(acc & 255);
        acc >>= 8;
        n -= 8;
      }
    }
    if (n) data.push(acc & 255);
    push(2);
    for (let i = 0; i < data.length; i += 255) {
      const block = data.slice(i, i + 255);
      push(block.length, ...block);
    }
    push(0);
  }
  push(0x3b);
  return Buffer.from(bytes);
}

/** A valid 1×1 PNG whose IHDR then claims width × height (CRC recomputed). */
function pngDeclaring(width: number, height: number, base: Buffer): Buffer {
  const b = Buffer.from(base);
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b.writeUInt32BE(zlib.crc32(b.subarray(12, 29)), 29);
  return b;
}

/** The render painted exactly the preview's region with the marks applied, as the studio draws it (decision 138). */
async function expectPreviewsRegion(image: Buffer, p: EnginePreview, marks: Mark[], r: GenerateResult): Promise<void> {
  const img = await decodeImage(image);
  const { matte, belief, person } = p;
  const expected = applyCorrections({ rgba: img.data, channels: 3, width: img.width, height: img.height, matte, marks, belief, person });
  expect(Buffer.from(r.matte!.data).equals(Buffer.from(expected))).toBe(true);
}

describe.skipIf(!MODEL)('createEngine (local, worker pool)', () => {
  let engine: HairEngine;
  beforeAll(async () => {
    engine = createEngine({ engine: 'local', modelPath: MODEL!, threads: 1 });
    expect(await engine.ready()).toEqual({ model: 'hair-segmentation' });
  });
  afterAll(() => engine.close());

  it('generates a PNG of the input size with what was applied and the analysis', async () => {
    const r = await engine.generate({
      image: fixture('front-dark-long'),
      mimeType: 'image/jpeg',
      prompt: 'copper red balayage',
      reading: parseHairPrompt('copper red balayage'),
    });
    const meta = await sharp(r.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 768, 1024]);
    expect(r.applied).toBe('Copper red, balayage');
    expect(r.technique).toBe('balayage');
    expect(r.colours).toEqual(expect.arrayContaining(['copper', 'red']));
    expect(r.engine).toBe('local');
    expect(r.analysis?.currentLevel).toBeLessThanOrEqual(3);
    expect(r.analysis?.note).toMatch(/level/);
    for (const k of ['decode', 'detect', 'segment', 'matte', 'colour', 'paint', 'encode', 'total']) expect(r.timings[k], k).toBeGreaterThan(0);
  });

  it("finds a photo's hair region once, and paints the preview's region with the corrections applied (decision 138)", async () => {
    const image = fixture('long-blonde-tilted');
    const p = await engine.preview({ image });
    expect(p.people.filter((q) => q.chosen)).toHaveLength(1);
    // take away a patch in the middle of the hair, add a stroke beside it
    let sx = 0;
    let sy = 0;
    let n = 0;
    for (let i = 0; i < p.matte.length; i++)
      if (p.matte[i] >= 128) {
        sx += i % p.width;
        sy += (i / p.width) | 0;
        n++;
      }
    // the network's belief comes with the region, and the taps read it (decision 187)
    expect(p.belief?.data.length).toBe((p.belief?.width ?? 0) * (p.belief?.height ?? 0));
    expect(p.belief?.width).toBeGreaterThan(0);
    // and the person matte outside the chosen face, which an "add hair" tap reads (decision 203)
    expect(p.person?.data.length).toBe((p.person?.width ?? 0) * (p.person?.height ?? 0));
    expect(p.person?.width).toBeGreaterThan(0);
    const marks: Mark[] = [
      { label: 'not-hair', radius: 30, points: [[sx / n, sy / n]] },
      {
        label: 'hair',
        radius: 8,
        points: [
          [10, 10],
          [60, 40],
        ],
      },
    ];
    const r = await engine.generate({
      image,
      mimeType: 'image/jpeg',
      prompt: 'copper',
      reading: parseHairPrompt('copper'),
      corrections: { marks },
      withMatte: true,
    });
    // not segmented again: the preview's region was kept
    expect(r.timings.segment).toBeUndefined();
    await expectPreviewsRegion(image, p, marks, r);
  });

  it('finds the person matte for a render only when its taps add hair, and a preview after a plain render has it (decision 211)', async () => {
    // bytes of their own, so no other test's kept region answers for them
    const image = await sharp(fixture('curly-blonde')).resize(900).jpeg({ quality: 91 }).toBuffer();
    const plain = await engine.generate({ image, mimeType: 'image/jpeg', prompt: 'copper', reading: parseHairPrompt('copper') });
    expect(plain.timings.segment).toBeGreaterThan(0);
    // the region that render kept has no person matte: the preview looks at the photo again for it
    const p = await engine.preview({ image });
    expect(p.person?.width).toBeGreaterThan(0);
    const marks: Mark[] = [{ label: 'hair', radius: 12, points: [[p.width * 0.2, p.height * 0.5]] }];
    const r = await engine.generate({
      image,
      mimeType: 'image/jpeg',
      prompt: 'copper',
      reading: parseHairPrompt('copper'),
      corrections: { marks },
      withMatte: true,
    });
    expect(r.timings.segment).toBeUndefined();
    await expectPreviewsRegion(image, p, marks, r);
  });

  it('says when a haircut was asked for and only colour was applied', async () => {
    const r = await engine.generate({ image: fixture('curly-blonde'), mimeType: 'image/jpeg', prompt: 'copper bob', reading: parseHairPrompt('copper bob') });
    expect(r.applied).toMatch(/^Copper, all-over colour \(haircut changes need a generative engine: colour applied only\)$/);
  });

  it('rejects with an AbortError when the signal aborts (before and during)', async () => {
    const pre = new AbortController();
    pre.abort();
    await expect(
      engine.generate({ image: fixture('two-people'), mimeType: 'image/jpeg', prompt: 'pink', reading: parseHairPrompt('pink'), signal: pre.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    const ac = new AbortController();
    const p = engine.generate({ image: fixture('two-people'), mimeType: 'image/jpeg', prompt: 'pink', reading: parseHairPrompt('pink'), signal: ac.signal });
    setTimeout(() => ac.abort(), 30);
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    // the pool is still usable afterwards
    const r = await engine.generate({ image: fixture('two-people'), mimeType: 'image/jpeg', prompt: 'pink', reading: parseHairPrompt('pink') });
    expect(r.png.length).toBeGreaterThan(1000);
  });

  describe('hostile and unusual inputs', () => {
    let tiny: Buffer;
    beforeAll(async () => {
      tiny = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
    });
    const gen = (image: Buffer) => engine.generate({ image, mimeType: 'image/*', prompt: 'copper', reading: parseHairPrompt('copper') });
    const inputError = async (image: Buffer, message: RegExp) => {
      const err = await gen(image).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(EngineInputError);
      expect((err as Error).message).toMatch(message);
    };

    it('corrupt bytes, empty and text', async () => {
      await inputError(Buffer.from('definitely not an image, just some text'), /couldn't read this photo/);
      await inputError(Buffer.alloc(0), /couldn't read this photo/);
      await inputError(Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256)), /couldn't read this photo/);
    });

    it('a truncated JPEG', async () => {
      const jpg = fixture('front-dark-long');
      await inputError(jpg.subarray(0, Math.floor(jpg.length / 3)), /couldn't read this photo/);
    });

    it('1×1 pixel', async () => inputError(tiny, /too small/));

    it('20000×20000 declared in the header (never decoded)', async () => {
      const t0 = performance.now();
      await inputError(pngDeclaring(20000, 20000, tiny), /too many pixels/);
      expect(performance.now() - t0).toBeLessThan(5000);
    });

    it('more than 10 MB', async () => inputError(Buffer.concat([fixture('front-dark-long'), Buffer.alloc(10 * 1024 * 1024)]), /under 10 MB/));

    it('HEIC', async () => {
      const heic = Buffer.concat([
        Buffer.from([0, 0, 0, 0x18]),
        Buffer.from('ftypheic'),
        Buffer.from([0, 0, 0, 0]),
        Buffer.from('mif1heic'),
        Buffer.alloc(300, 7),
      ]);
      await inputError(heic, /HEIC/);
    });

    it('an animated GIF is read as its first frame (no hair here → a clear error)', async () => {
      const gif = animatedGif(96, 96);
      expect((await sharp(gif, { animated: true }).metadata()).pages).toBe(2);
      await inputError(gif, /couldn't find hair/);
    });

    it('a CMYK JPEG and a 16-bit PNG give correct results', async () => {
      const cmyk = await sharp(fixture('front-dark-long')).toColourspace('cmyk').jpeg().toBuffer();
      const p16 = await sharp(fixture('front-dark-long')).toColourspace('rgb16').png().toBuffer();
      expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
      expect((await sharp(p16).metadata()).depth).toBe('ushort');
      for (const img of [cmyk, p16]) {
        const r = await gen(img);
        const meta = await sharp(r.png).metadata();
        expect([meta.width, meta.height, meta.depth]).toEqual([768, 1024, 'uchar']);
        // colours stayed sane after conversion: the face is still skin-coloured (red > blue)
        const { data } = await sharp(r.png).extract({ left: 330, top: 420, width: 40, height: 40 }).raw().toBuffer({ resolveWithObject: true });
        let red = 0;
        let blue = 0;
        for (let i = 0; i < data.length; i += 3) {
          red += data[i];
          blue += data[i + 2];
        }
        expect(red).toBeGreaterThan(blue);
      }
    });

    it('a photo with no hair (and no face)', async () => {
      const blank = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#6b5b4b' } })
        .jpeg()
        .toBuffer();
      await inputError(blank, /couldn't find hair/);
    });
  });
});

describe('a broken model file', () => {
  it('falls back to the fallback matte instead of failing every request', async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const bad = path.join(mkdtempSync(path.join(tmpdir(), 'hair-')), 'hair_segmentation.tflite');
    writeFileSync(bad, Buffer.from('TFL3 this is not a model'));
    const warnings: string[] = [];
    const engine = createEngine({ engine: 'local', modelPath: bad, threads: 1, logger: { info() {}, warn: (m) => warnings.push(m) } });
    try {
      expect(await engine.ready()).toEqual({ model: 'fallback' });
      const r = await engine.generate({ image: fixture('front-dark-long'), mimeType: 'image/jpeg', prompt: 'copper', reading: parseHairPrompt('copper') });
      expect(r.applied).toBe('Copper, all-over colour');
      // the warning is logged in a continuation of the pool's start-up of its own, not in the request's
      await expect.poll(() => warnings.join('\n')).toMatch(/could not load the hair model/);
    } finally {
      await engine.close();
    }
  });
});

describe('a process started with V8 flags', () => {
  it('still starts its engine threads (they get no Node flags of their own)', async () => {
    const entry = pathToFileURL(path.join(import.meta.dirname, 'index.ts')).href;
    const script = `const { createEngine } = await import(${JSON.stringify(entry)});
      const e = createEngine({ engine: 'local', modelPath: '/nonexistent/hair_segmentation.tflite', threads: 1 });
      console.log(JSON.stringify(await e.ready())); await e.close();`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--max-old-space-size=1024', '--import', 'tsx', '--input-type=module', '-e', script], {
      timeout: 60_000,
      cwd: path.resolve(import.meta.dirname, '../../..'),
    });
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ model: 'fallback' });
  }, 90_000);
});
