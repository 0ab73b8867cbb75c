import { describe, expect, it } from 'vitest';
import { CORRECTION_LIMITS, CorrectionsSchema, type Mark } from '../studio/corrections';
import { applyCorrections, beliefByte, personByte } from './apply-corrections';

/**
 * A 200×200 photo: a light wall, a dark-brown head of hair (x < 100) and a wavy dark-brown lock hanging at
 * x 140–150 from y 40 to 180 that the region missed; a skin-coloured patch beside the hair that the region
 * wrongly took.
 */
function scene() {
  const W = 200;
  const H = 200;
  const rgba = new Uint8Array(W * H * 4);
  const matte = new Uint8Array(W * H);
  const lock = new Uint8Array(W * H);
  const skin = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      let c = [225, 222, 215]; // wall
      const wave = Math.round(4 * Math.sin(y / 9));
      if (x < 100) {
        c = [62, 44, 34];
        matte[i] = 255;
      } else if (y >= 40 && y <= 180 && x >= 140 + wave && x <= 150 + wave) {
        c = [66, 46, 35];
        lock[i] = 1;
      } else if (x < 130 && y >= 150 && y < 190) {
        c = [214, 170, 146];
        skin[i] = 1;
        matte[i] = 255;
      }
      // a little texture, so the fill reads real neighbouring differences
      const n = ((x * 7 + y * 13) % 5) - 2;
      rgba.set([c[0] + n, c[1] + n, c[2] + n, 255], i * 4);
    }
  return { W, H, rgba, matte, lock, skin };
}

/** The lock's middle at row 100. */
const LOCK_X = 145 + Math.round(4 * Math.sin(100 / 9));

const count = (m: Uint8Array, pick: (i: number) => boolean) => {
  let n = 0;
  for (let i = 0; i < m.length; i++) if (pick(i)) n++;
  return n;
};

describe('applyCorrections', () => {
  it('a tap on a missed lock takes the lock along its length, following its edges, and nothing of the wall', () => {
    const { W, H, rgba, matte, lock } = scene();
    const out = applyCorrections({ rgba, width: W, height: H, matte, marks: [{ label: 'hair', radius: 10, points: [[LOCK_X, 100]] }] });
    const lockPixels = count(lock, (i) => lock[i] === 1);
    const taken = count(out, (i) => lock[i] === 1 && out[i] === 255);
    const wall = count(out, (i) => lock[i] === 0 && matte[i] === 0 && out[i] === 255);
    // a disc of the radius would take about 200 pixels of a lock of over 1,500
    expect(taken / lockPixels).toBeGreaterThan(0.9);
    expect(wall).toBe(0);
    // the input is not modified
    expect(count(matte, (i) => lock[i] === 1 && matte[i] > 0)).toBe(0);
  });

  it('a "not hair" tap removes the skin patch the region took, and none of the hair beside it', () => {
    const { W, H, rgba, matte, skin } = scene();
    const out = applyCorrections({ rgba, width: W, height: H, matte, marks: [{ label: 'not-hair', radius: 4, points: [[115, 170]] }] });
    expect(count(out, (i) => skin[i] === 1 && out[i] === 0) / count(skin, (i) => skin[i] === 1)).toBeGreaterThan(0.95);
    expect(count(out, (i) => skin[i] === 0 && matte[i] === 255 && out[i] === 0)).toBe(0);
  });

  it('a stroke paints its radius along the line, and a later mark wins where they overlap', () => {
    const { W, H, rgba, matte } = scene();
    const marks: Mark[] = [
      {
        label: 'hair',
        radius: 5,
        points: [
          [120, 20],
          [180, 20],
        ],
      },
      {
        label: 'not-hair',
        radius: 5,
        points: [
          [150, 10],
          [150, 30],
        ],
      },
    ];
    const out = applyCorrections({ rgba, width: W, height: H, matte, marks });
    expect(out[20 * W + 125]).toBe(255);
    expect(out[24 * W + 175]).toBe(255);
    expect(out[27 * W + 125]).toBe(0); // beyond the radius
    expect(out[20 * W + 150]).toBe(0); // the later "not hair" stroke crosses it
  });

  it('the newest mark applied to the previous result equals every mark applied at once (how the studio stays fast)', () => {
    const { W, H, rgba, matte } = scene();
    const marks: Mark[] = [
      { label: 'hair', radius: 4, points: [[LOCK_X, 100]] },
      { label: 'not-hair', radius: 4, points: [[115, 170]] },
      {
        label: 'hair',
        radius: 3,
        points: [
          [110, 50],
          [130, 60],
          [131, 90],
        ],
      },
    ];
    const all = applyCorrections({ rgba, width: W, height: H, matte, marks });
    let step: Uint8Array = matte;
    for (const m of marks) step = applyCorrections({ rgba, width: W, height: H, matte: step, marks: [m] });
    expect(Buffer.from(step).equals(Buffer.from(all))).toBe(true);
  });

  it('reads RGB (the engine) and RGBA (a canvas) the same', () => {
    const { W, H, rgba, matte } = scene();
    const rgb = new Uint8Array(W * H * 3);
    for (let i = 0; i < W * H; i++) rgb.set(rgba.subarray(i * 4, i * 4 + 3), i * 3);
    const marks: Mark[] = [{ label: 'hair', radius: 4, points: [[LOCK_X, 100]] }];
    const a = applyCorrections({ rgba, width: W, height: H, matte, marks });
    const b = applyCorrections({ rgba: rgb, channels: 3, width: W, height: H, matte, marks });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('clips points past the photo instead of writing outside it', () => {
    const { W, H, rgba, matte } = scene();
    const out = applyCorrections({ rgba, width: W, height: H, matte, marks: [{ label: 'hair', radius: 10, points: [[5000, 5000]] }] });
    expect(out.length).toBe(W * H);
    expect(out[(H - 1) * W + W - 1]).toBe(255);
  });

  it("with the network's belief, a tap stops where the belief leaves the tapped pixel's, not only where the colour does", () => {
    // 120×60: hair found (x < 30), a missed lock (30–59) and a background of the same colour (60 on) that the
    // network is sure of; the belief is on a 12×6 grid, as the network's grid covers a photo
    const W = 120;
    const H = 60;
    const rgba = new Uint8Array(W * H * 4);
    const matte = new Uint8Array(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const n = ((x * 7 + y * 13) % 5) - 2;
        rgba.set([60 + n, 44 + n, 34 + n, 255], (y * W + x) * 4);
        if (x < 30) matte[y * W + x] = 255;
      }
    const data = new Uint8Array(12 * 6);
    for (let g = 0; g < data.length; g++) data[g] = beliefByte(g % 12 < 6 ? 0.2 : 1e-5);
    const belief = { width: 12, height: 6, data };
    const marks: Mark[] = [{ label: 'hair', radius: 4, points: [[45, 30]] }];
    const withBelief = applyCorrections({ rgba, width: W, height: H, matte, marks, belief });
    const colourOnly = applyCorrections({ rgba, width: W, height: H, matte, marks });
    const lock = (i: number) => i % W >= 32 && i % W < 58 && Math.abs(((i / W) | 0) - 30) <= 20;
    const background = (i: number) => i % W >= 66;
    expect(count(withBelief, (i) => lock(i) && withBelief[i] === 255) / count(withBelief, lock)).toBeGreaterThan(0.9);
    expect(count(withBelief, (i) => background(i) && withBelief[i] === 255)).toBe(0);
    // the colour alone cannot tell the lock from the background
    expect(count(colourOnly, (i) => background(i) && colourOnly[i] === 255)).toBeGreaterThan(0);
  });

  it('with the person matte, an "add hair" tap takes the band the region missed beside the hair where the person is, and not the background nor the face', () => {
    // 160×80: hair found (x < 40); beside it a missed band whose colour steps every 4 columns (a colour fill
    // crosses no step); the person matte (a 16×8 grid of 10 px cells) calls y < 50 the person's, the rest background
    const W = 160;
    const H = 80;
    const rgba = new Uint8Array(W * H * 4);
    const matte = new Uint8Array(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const v = x >= 40 ? 40 + ((x >> 2) % 2) * 60 : 60;
        rgba.set([v, v, v, 255], (y * W + x) * 4);
        if (x < 40) matte[y * W + x] = 255;
      }
    const grid = (p: (gy: number) => number) => ({ width: 16, height: 8, data: Uint8Array.from({ length: 16 * 8 }, (_, g) => personByte(p((g / 16) | 0))) });
    const person = grid((gy) => (gy < 5 ? 1 : 0));
    const marks: Mark[] = [{ label: 'hair', radius: 3, points: [[52, 20]] }];
    const withPerson = applyCorrections({ rgba, width: W, height: H, matte, marks, person });
    const without = applyCorrections({ rgba, width: W, height: H, matte, marks });
    // the tap is 13 px from the hair: the band reaches 19.5 px from it and 39 px from the tap
    const band = (i: number) => i % W >= 41 && i % W < 57 && ((i / W) | 0) >= 4 && ((i / W) | 0) < 44;
    expect(count(withPerson, (i) => band(i) && withPerson[i] === 255) / count(withPerson, band)).toBeGreaterThan(0.95);
    expect(count(without, (i) => band(i) && without[i] === 255) / count(without, band)).toBeLessThan(0.35);
    // where the person matte says background, or beyond the band, the tap is the colour fill's alone
    const outside = (i: number) => ((i / W) | 0) >= 50 || i % W >= 60;
    expect(count(withPerson, (i) => outside(i) && withPerson[i] !== without[i])).toBe(0);
    // on the chosen face's skin (person byte 0 everywhere) the band takes nothing
    const onFace = applyCorrections({ rgba, width: W, height: H, matte, marks, person: grid(() => 0) });
    expect(Buffer.from(onFace).equals(Buffer.from(without))).toBe(true);
    // a "remove hair" tap reads no band
    const remove: Mark[] = [{ label: 'not-hair', radius: 3, points: [[20, 20]] }];
    const removed = applyCorrections({ rgba, width: W, height: H, matte, marks: remove, person });
    expect(Buffer.from(removed).equals(Buffer.from(applyCorrections({ rgba, width: W, height: H, matte, marks: remove })))).toBe(true);
  });
});

describe('CorrectionsSchema', () => {
  it('takes taps and strokes, and an empty list of marks', () => {
    expect(CorrectionsSchema.parse({ person: { x: 10, y: 20 } })).toEqual({ person: { x: 10, y: 20 }, marks: [] });
    const c = {
      marks: [
        { label: 'hair', radius: 12, points: [[1, 2]] },
        {
          label: 'not-hair',
          radius: 3,
          points: [
            [0, 0],
            [5.5, 6],
          ],
        },
      ],
    };
    expect(CorrectionsSchema.parse(c)).toEqual(c);
  });

  it.each([
    ['a negative coordinate', { marks: [{ label: 'hair', radius: 5, points: [[-1, 2]] }] }],
    ['a coordinate that is not finite', { marks: [{ label: 'hair', radius: 5, points: [[Infinity, 2]] }] }],
    ['a radius of 0', { marks: [{ label: 'hair', radius: 0, points: [[1, 2]] }] }],
    ['a radius past the bound', { marks: [{ label: 'hair', radius: CORRECTION_LIMITS.maxRadius + 1, points: [[1, 2]] }] }],
    ['a mark with no point', { marks: [{ label: 'hair', radius: 5, points: [] }] }],
    ['an unknown label', { marks: [{ label: 'skin', radius: 5, points: [[1, 2]] }] }],
    ['too many points in a mark', { marks: [{ label: 'hair', radius: 5, points: Array.from({ length: CORRECTION_LIMITS.pointsPerMark + 1 }, () => [1, 2]) }] }],
    ['too many marks', { marks: Array.from({ length: CORRECTION_LIMITS.marks + 1 }, () => ({ label: 'hair', radius: 5, points: [[1, 2]] })) }],
    ['a person off the photo', { person: { x: -3, y: 4 }, marks: [] }],
  ])('refuses %s', (_, value) => {
    expect(CorrectionsSchema.safeParse(value).success).toBe(false);
  });
});
