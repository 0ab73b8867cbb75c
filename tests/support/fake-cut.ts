/**
 * The fake provider's haircut (fake-provider-server.ts, scenario 'cut'): what a generative editor returns for
 * "a chin-length bob with a fringe", with the faults they are known for. The hair below the chin is cut away
 * and what was behind it painted in from around; a fringe is drawn over the forehead from the hair above it;
 * the face, skin, clothes and room are recoloured; the whole picture is shifted, rescaled and answered at
 * another size. Scenario 'buzz': a buzz cut, the head near-bald (fakeBuzz). Scenario 'turned': the face
 * squeezed as a head turned away is, which no similarity puts back.
 */
import sharp from 'sharp';

/** The hair and the face the scenarios change, found on the picture the provider was sent. */
export interface FakeHair {
  width: number;
  height: number;
  /** 0..255 per pixel. */
  matte: Uint8Array;
  /** The face's box (forehead top to chin), or null. */
  face: { x: number; y: number; w: number; h: number } | null;
}
export type HairOf = (png: Buffer) => Promise<FakeHair>;

/** What one 'cut' answer did, for tests to check against. */
export interface FakeCutRecord {
  /** The picture the provider was sent. */
  width: number;
  height: number;
  /** 1 where the answer has hair, in the sent picture's frame (before the answer's shift, scale and resize). */
  newHair: Uint8Array;
  /** The fringe drawn, in the sent picture's frame (none on a buzz cut). */
  fringe: { x0: number; y0: number; x1: number; y1: number } | null;
  /** The answer's size, and the answer itself. */
  answer: { width: number; height: number; png: Buffer };
}

export const FAKE_CUT = {
  /** The bob's ends: this far below the chin, in face heights. */
  endsBelowChin: 0.12,
  /** The fringe: from the forehead's top down this share of the face's height… */
  fringeDepth: 0.24,
  /** …and this share of the face's width in from each side… */
  fringeInset: 0.1,
  /** …brought down from hair at most this far above its ends, in face heights. */
  fringeReach: 0.6,
  /** Matte values from which a pixel is hair to keep (above the cut) and to cut away (below it). */
  keepHair: 128,
  cutHair: 16,
  /** The face and the room recoloured: a gain per channel (warmer, as editors' retouching often is). */
  gain: [1.08, 0.97, 0.88],
  /** The picture shifted (pixels of the sent picture) and scaled about its centre. */
  shift: [9, -7],
  scale: 1.035,
  /** The answer's size against the sent picture's. */
  size: 0.875,
  /** 'turned': the face's width squeezed to this share about its centre. */
  turnedSqueeze: 0.6,
  /** Cell of the grid the cut-away hair is painted in from, and the reach of the painting in face widths. */
  fillCell: 8,
  fillReach: 0.3,
} as const;

async function rgbOf(png: Buffer): Promise<{ width: number; height: number; data: Uint8Array }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

/** Mean over a (2r+1)² window of the cells that have a weight, on a small grid. */
function spread(sum: Float64Array[], count: Float64Array, gw: number, gh: number, r: number): { sum: Float64Array[]; count: Float64Array } {
  const out = { sum: sum.map(() => new Float64Array(gw * gh)), count: new Float64Array(gw * gh) };
  for (let y = 0; y < gh; y++)
    for (let x = 0; x < gw; x++)
      for (let v = Math.max(0, y - r); v <= Math.min(gh - 1, y + r); v++)
        for (let u = Math.max(0, x - r); u <= Math.min(gw - 1, x + r); u++) {
          const j = v * gw + u;
          out.count[y * gw + x] += count[j];
          for (let c = 0; c < 3; c++) out.sum[c][y * gw + x] += sum[c][j];
        }
  return out;
}

/** The picture without the hair at `hole`, painted in from the pixels around that are not hair. */
function paintIn(img: { width: number; height: number; data: Uint8Array }, hole: Uint8Array, matte: Uint8Array, faceWidth: number): void {
  const { width: W, height: H, data } = img;
  const cell = FAKE_CUT.fillCell;
  const gw = Math.ceil(W / cell);
  const gh = Math.ceil(H / cell);
  const sum = [new Float64Array(gw * gh), new Float64Array(gw * gh), new Float64Array(gw * gh)];
  const count = new Float64Array(gw * gh);
  for (let i = 0; i < W * H; i++) {
    if (matte[i] >= FAKE_CUT.cutHair) continue;
    const k = Math.floor(Math.floor(i / W) / cell) * gw + Math.floor((i % W) / cell);
    count[k]++;
    for (let c = 0; c < 3; c++) sum[c][k] += data[i * 3 + c];
  }
  const grid = spread(sum, count, gw, gh, Math.max(1, Math.round((FAKE_CUT.fillReach * faceWidth) / cell)));
  // cells still far from anything known take a wider look
  for (let r = 4; grid.count.some((n) => n === 0) && r < gw + gh; r *= 2) {
    const wider = spread(sum, count, gw, gh, r);
    for (let k = 0; k < gw * gh; k++)
      if (!grid.count[k]) {
        grid.count[k] = wider.count[k];
        for (let c = 0; c < 3; c++) grid.sum[c][k] = wider.sum[c][k];
      }
  }
  // bilinear between cell centres, so the painted-in part is smooth like a generated one
  const at = (c: number, gx: number, gy: number) => {
    const k = Math.min(gh - 1, Math.max(0, gy)) * gw + Math.min(gw - 1, Math.max(0, gx));
    return grid.sum[c][k] / Math.max(1, grid.count[k]);
  };
  for (let i = 0; i < W * H; i++) {
    if (!hole[i]) continue;
    const fx = ((i % W) + 0.5) / cell - 0.5;
    const fy = (Math.floor(i / W) + 0.5) / cell - 0.5;
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    const wx = fx - x0;
    const wy = fy - y0;
    for (let c = 0; c < 3; c++)
      data[i * 3 + c] = Math.round(
        (at(c, x0, y0) * (1 - wx) + at(c, x0 + 1, y0) * wx) * (1 - wy) + (at(c, x0, y0 + 1) * (1 - wx) + at(c, x0 + 1, y0 + 1) * wx) * wy,
      );
  }
}

/** The answer: `img` with `where(x, y)` giving, for each answer pixel, the point of `img` it shows (bilinear, edges clamped). */
async function resample(
  img: { width: number; height: number; data: Uint8Array },
  size: { width: number; height: number },
  where: (x: number, y: number) => [number, number],
): Promise<Buffer> {
  const out = new Uint8Array(size.width * size.height * 3);
  const { width: W, height: H, data } = img;
  for (let y = 0; y < size.height; y++)
    for (let x = 0; x < size.width; x++) {
      const [fx, fy] = where(x, y);
      const sx = Math.min(W - 1.001, Math.max(0, fx));
      const sy = Math.min(H - 1.001, Math.max(0, fy));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const wx = sx - x0;
      const wy = sy - y0;
      for (let c = 0; c < 3; c++) {
        const at = (u: number, v: number) => data[(v * W + u) * 3 + c];
        const v = (at(x0, y0) * (1 - wx) + at(x0 + 1, y0) * wx) * (1 - wy) + (at(x0, y0 + 1) * (1 - wx) + at(x0 + 1, y0 + 1) * wx) * wy;
        out[(y * size.width + x) * 3 + c] = Math.round(v);
      }
    }
  return sharp(out, { raw: { width: size.width, height: size.height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Everything but `keep` recoloured by the gains, as much as it is not kept. */
function recolour(img: { data: Uint8Array }, keep: (i: number) => number): void {
  const n = img.data.length / 3;
  for (let i = 0; i < n; i++) {
    const k = keep(i);
    for (let c = 0; c < 3; c++) {
      const v = img.data[i * 3 + c];
      img.data[i * 3 + c] = Math.min(255, Math.round(v * (k + (1 - k) * FAKE_CUT.gain[c])));
    }
  }
}

const answerSize = (W: number, H: number) => ({ width: Math.round(W * FAKE_CUT.size), height: Math.round(H * FAKE_CUT.size) });

export async function fakeCut(input: Buffer, hairOf: HairOf): Promise<{ png: Buffer; record: FakeCutRecord }> {
  const img = await rgbOf(input);
  const { width: W, height: H } = img;
  const hair = await hairOf(input);
  if (!hair.face || hair.width !== W || hair.height !== H) throw new Error('fake cut: no face on the picture sent');
  const f = hair.face;
  const ends = f.y + f.h * (1 + FAKE_CUT.endsBelowChin);
  const fringe = {
    x0: Math.round(f.x + f.w * FAKE_CUT.fringeInset),
    x1: Math.round(f.x + f.w * (1 - FAKE_CUT.fringeInset)),
    y0: Math.round(f.y),
    y1: Math.round(f.y + f.h * FAKE_CUT.fringeDepth),
  };
  const depth = fringe.y1 - fringe.y0;
  const newHair = new Uint8Array(W * H);
  const hole = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (y < ends) newHair[i] = hair.matte[i] >= FAKE_CUT.keepHair ? 1 : 0;
      else hole[i] = hair.matte[i] >= FAKE_CUT.cutHair ? 1 : 0;
    }
  const source = new Uint8Array(img.data);
  paintIn(img, hole, hair.matte, f.w);
  // the fringe: in each column, from the hair nearest above it down over the forehead, the hair above
  // mirrored so its strands run on, the ends uneven as cut hair's are; a column without hair above takes the
  // previous one's
  let last: { x: number; top: number } | null = null;
  for (let x = fringe.x0; x <= fringe.x1; x++) {
    let top = fringe.y1 - 1;
    while (top >= 0 && hair.matte[top * W + x] < FAKE_CUT.keepHair) top--;
    if (top >= depth && fringe.y1 - top < f.h * FAKE_CUT.fringeReach) last = { x, top };
    if (!last) continue;
    const end = fringe.y1 + Math.round(Math.sin(x * 0.7) * 3 + Math.sin(x * 0.23) * 4);
    for (let y = last.top + 1; y < end; y++) {
      const up = Math.max(0, 2 * last.top - y);
      const src = ((hair.matte[up * W + last.x] >= FAKE_CUT.keepHair ? up : last.top) * W + last.x) * 3;
      for (let c = 0; c < 3; c++) img.data[(y * W + x) * 3 + c] = source[src + c];
      newHair[y * W + x] = 1;
    }
  }
  recolour(img, (i) => (newHair[i] ? 1 : hole[i] ? 0 : Math.min(1, hair.matte[i] / 255)));
  const png = await shiftedAnswer(img);
  return { png, record: { width: W, height: H, newHair, fringe, answer: { ...answerSize(W, H), png } } };
}

/** The picture answered as the 'cut' scenarios answer: shifted, rescaled about its centre and at another size. */
function shiftedAnswer(img: { width: number; height: number; data: Uint8Array }): Promise<Buffer> {
  const [cx, cy] = [img.width / 2, img.height / 2];
  return resample(img, answerSize(img.width, img.height), (x, y) => [
    cx + (x / FAKE_CUT.size - cx - FAKE_CUT.shift[0]) / FAKE_CUT.scale,
    cy + (y / FAKE_CUT.size - cy - FAKE_CUT.shift[1]) / FAKE_CUT.scale,
  ]);
}

export const FAKE_BUZZ = {
  /**
   * The skull under a buzz cut, an ellipse about the face box: its centre this share of the face's height below
   * the box's top, its half-width and half-height in face widths and heights: its top ~0.4 face heights above
   * the forehead's, its sides past the temples, its bottom at the ears. Below it, hair gives way to the room.
   */
  skullCentre: 0.05,
  skullHalfWidth: 0.6,
  skullHalfHeight: 0.45,
  /** Stubble: this share of the hair's own colour over the scalp's skin, varying by ± half of it from pixel to pixel ('shave': none). */
  stubble: 0.5,
  /** The scalp darker towards the skull's outline by up to this share, as a rounded head is lit. */
  rimShade: 0.15,
} as const;

/** Mean colour of the pixels `select` picks (at least one), as [r, g, b]. */
function meanColour(img: { data: Uint8Array }, n: number, select: (i: number) => boolean): number[] {
  const sum = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (!select(i)) continue;
    count++;
    for (let c = 0; c < 3; c++) sum[c] += img.data[i * 3 + c];
  }
  return sum.map((v) => v / Math.max(1, count));
}

/**
 * Scenarios 'buzz' and 'shave': a buzz cut, a near-bald head, or a shaved one. Inside the skull's outline the hair becomes scalp (the
 * forehead's skin under a faint stubble of the hair's own colour, shaded to the rim); outside it the hair is
 * gone and what was behind it painted in from around. Then recoloured, shifted, rescaled and resized as 'cut'.
 */
export async function fakeBuzz(input: Buffer, hairOf: HairOf, opts: { shave: boolean }): Promise<{ png: Buffer; record: FakeCutRecord }> {
  const img = await rgbOf(input);
  const { width: W, height: H } = img;
  const hair = await hairOf(input);
  if (!hair.face || hair.width !== W || hair.height !== H) throw new Error('fake buzz: no face on the picture sent');
  const f = hair.face;
  const n = W * H;
  const sx = f.x + f.w / 2;
  const sy = f.y + f.h * FAKE_BUZZ.skullCentre;
  const ax = f.w * FAKE_BUZZ.skullHalfWidth;
  const ay = f.h * FAKE_BUZZ.skullHalfHeight;
  const skull = (i: number) => (((i % W) - sx) / ax) ** 2 + ((Math.floor(i / W) - sy) / ay) ** 2;
  // the scalp's skin: the face's own, from its middle (cheeks, nose, mouth) where no hair is; the hair's colour where it is surest
  const inFace = (i: number) => {
    const x = i % W;
    const y = Math.floor(i / W);
    return x > f.x + f.w * 0.3 && x < f.x + f.w * 0.7 && y > f.y + f.h * 0.3 && y < f.y + f.h * 0.7;
  };
  const skin = meanColour(img, n, (i) => inFace(i) && hair.matte[i] < FAKE_CUT.cutHair);
  const hairColour = meanColour(img, n, (i) => hair.matte[i] >= 250);
  const hole = new Uint8Array(n);
  const scalp = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (hair.matte[i] < FAKE_CUT.cutHair) continue;
    if (skull(i) <= 1) scalp[i] = 1;
    else hole[i] = 1;
  }
  paintIn(img, hole, hair.matte, f.w);
  for (let i = 0; i < n; i++) {
    if (!scalp[i]) continue;
    // a fixed pseudo-random stubble, the same on every run
    const grain = Math.sin(i * 12.9898) * 43758.5453;
    const s = opts.shave ? 0 : FAKE_BUZZ.stubble * (1 + (grain - Math.floor(grain) - 0.5));
    const shade = opts.shave ? 1 : 1 - FAKE_BUZZ.rimShade * Math.min(1, skull(i)) ** 2;
    // the hair's soft edge over the skin stays as it was: only the hair in it becomes scalp
    const k = Math.min(1, hair.matte[i] / 255);
    for (let c = 0; c < 3; c++) {
      const v = (skin[c] * (1 - s) + hairColour[c] * s) * shade;
      img.data[i * 3 + c] = Math.round(img.data[i * 3 + c] * (1 - k) + v * k);
    }
  }
  recolour(img, (i) => (hole[i] ? 0 : Math.min(1, hair.matte[i] / 255)));
  const png = await shiftedAnswer(img);
  return { png, record: { width: W, height: H, newHair: new Uint8Array(n), fringe: null, answer: { ...answerSize(W, H), png } } };
}

/** Where a point of the sent picture (W × H) is in a 'cut' answer. */
export function answerPoint(x: number, y: number, W: number, H: number): [number, number] {
  const [cx, cy] = [W / 2, H / 2];
  return [FAKE_CUT.size * (cx + FAKE_CUT.scale * (x - cx) + FAKE_CUT.shift[0]), FAKE_CUT.size * (cy + FAKE_CUT.scale * (y - cy) + FAKE_CUT.shift[1])];
}

export async function fakeTurned(input: Buffer, hairOf: HairOf): Promise<Buffer> {
  const img = await rgbOf(input);
  const hair = await hairOf(input);
  const cx = hair.face ? hair.face.x + hair.face.w / 2 : img.width / 2;
  recolour(img, () => 0);
  return resample(img, answerSize(img.width, img.height), (x, y) => [cx + (x / FAKE_CUT.size - cx) / FAKE_CUT.turnedSqueeze, y / FAKE_CUT.size]);
}
