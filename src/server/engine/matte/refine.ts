/**
 * Coarse hair probability (model grid) → full-resolution soft matte:
 *  - fast guided filter (He et al. 2010; coefficients at ≤640 px, applied at full resolution with the
 *    full-resolution luma as guide) so the matte follows strand edges and curl ends, then a contrast curve;
 *  - face guard from the mesh: the face below the brows is exactly 0 (never tinted), feathered outwards;
 *    above the brows (fringe) only confident hair is kept.
 */
import { bilinearAt } from '@shared/hair/bilinear';
import { boxMean, lumaAt, lumaPlane, resizePlane, type Box, type Plane, type Rgb } from '../image/raster';
import { fresh, withTemporaries, type Alloc } from '../image/scratch';
import { blockCounter, nextBlock, type Halves } from '../halves';
import type { FaceGeom } from './main-person';

export const FACE_OVAL = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21,
  54, 103, 67, 109,
];
const LEFT_BROW = [70, 63, 105, 66, 107];
/** The jaw line of FACE_OVAL, from the left jaw angle round the chin to the right one. */
const JAW = [172, 136, 150, 149, 176, 148, 152, 377, 400, 378, 379, 365, 397];
/**
 * The chin's likeness (log-odds of hair by colour and grain) above which it is a beard whatever the network
 * marks: halfway between the beardless chins of hair-dev (at most −0.19) and the bearded ones (at least 0.48).
 */
const CHIN_LIKE_HAIR = 0.15;
/** FACE_OVAL's points above the jaw angles, from the nose's level down: the sides of a beard lie beside them. */
const JAW_SIDE_LEFT = [132, 58];
const JAW_SIDE_RIGHT = [288, 361];
const NOSE_TIP = 1;
/** The jaw line's points at the chin. */
const CHIN = [148, 152, 377];
const LOWER_LIP = 17;
const RIGHT_BROW = [336, 296, 334, 293, 300];

/**
 * Fast guided filter: coefficients computed on `small` (the downscaled photo, ≤ 640 px), then applied at
 * full resolution with the photo's own luma as guide, interpolating a and b bilinearly. Returns the matte
 * and the box it is confined to (later passes visit only that).
 */
export async function guidedFilterFull(img: Rgb, small: Rgb, coarse: Plane, alloc: Alloc = fresh, halves: Halves): Promise<{ alpha: Float32Array; box: Box }> {
  const alpha = alloc.f32(img.width * img.height);
  const mark = alloc.mark();
  try {
    const job = await guideJob({ img, small, coarse }, alpha, alloc, halves);
    if (job.Y1 >= job.Y0) await halves({ kind: 'guide', job });
    return { alpha, box: { x0: job.X0, y0: job.Y0, x1: job.X0 + job.cols - 1, y1: job.Y1 } };
  } finally {
    alloc.release(mark);
  }
}

/** The guided filter's coefficients on the guide copy, and where at full resolution they apply. */
export interface GuideJob {
  W: number;
  ww: number;
  wh: number;
  sy: number;
  /** Grid columns with support (bx0..bx1) and the full-resolution rows and columns to fill. */
  bx0: number;
  bx1: number;
  X0: number;
  Y0: number;
  Y1: number;
  cols: number;
  colX0: Int32Array;
  colX1: Int32Array;
  colWx: Float32Array;
  ma: Float32Array;
  mb: Float32Array;
  support: Float32Array;
  /** The photo's pixels (RGB), the guide at full resolution. */
  data: Uint8Array;
  out: Float32Array;
  /** Blocks of ROWS rows taken so far (halves.ts nextBlock). */
  next: Int32Array;
}

/** Box means (raster.ts boxMean) of several planes of one size, each task taken whole by whichever thread asks first. */
export interface BoxesJob {
  w: number;
  h: number;
  tasks: { src: Float32Array; out: Float32Array; r: number }[];
  next: Int32Array;
}

export function boxesPart(job: BoxesJob): void {
  for (let k = nextBlock(job.next); k < job.tasks.length; k = nextBlock(job.next)) {
    const t = job.tasks[k];
    boxMean(t.src, job.w, job.h, t.r, t.out);
  }
}

/**
 * The guide job's set-up. Its loops are in the sync functions below: V8 does not optimise a loop inside an
 * async function while it runs (no on-stack replacement there), so a loop left here ran in the interpreter,
 * boxing every number (~40 MB of garbage a photo).
 */
async function guideJob(from: { img: Rgb; small: Rgb; coarse: Plane }, out: Float32Array, alloc: Alloc, halves: Halves): Promise<GuideJob> {
  const { img, small, coarse } = from;
  const W = img.width;
  const H = img.height;
  const ww = small.width;
  const wh = small.height;
  const I = lumaPlane(small, alloc);
  const p = resizePlane(coarse, ww, wh, alloc).data;
  const n = ww * wh;
  const r = Math.max(2, Math.round(Math.min(ww, wh) / 110));
  const Ip = alloc.f32(n, false);
  const II = alloc.f32(n, false);
  products(I, p, Ip, II);
  const mI = alloc.f32(n, false);
  const mp = alloc.f32(n, false);
  const mIp = alloc.f32(n, false);
  const mII = alloc.f32(n, false);
  // the box means are most of this set-up: on both threads
  const tasks = [
    { src: I, out: mI, r },
    { src: p, out: mp, r },
    { src: Ip, out: mIp, r },
    { src: II, out: mII, r },
  ];
  await halves({ kind: 'boxes', job: { w: ww, h: wh, tasks, next: blockCounter() } });
  const a = Ip; // reuse buffers
  const b = II;
  coefficients({ mI, mp, mIp, mII }, a, b);
  const ma = mIp;
  const mb = mII;
  const support = mI;
  const last = [
    { src: a, out: ma, r },
    { src: b, out: mb, r },
    { src: p, out: support, r: r * 2 },
  ];
  await halves({ kind: 'boxes', job: { w: ww, h: wh, tasks: last, next: blockCounter() } });
  const sx = ww / W;
  const sy = wh / H;
  // only rows/columns where the (dilated) coarse matte has support
  const [bx0, by0, bx1, by1] = supportBounds(support, ww, wh);
  const none = { W, ww, wh, sy, bx0, bx1, X0: 0, Y0: 0, Y1: -1, cols: 0, colX0: new Int32Array(0), colX1: new Int32Array(0), colWx: new Float32Array(0) };
  if (bx1 < 0) return { ...none, ma, mb, support, data: img.data, out, next: blockCounter() };
  const X0 = Math.max(0, Math.floor((bx0 - 1) / sx));
  const X1 = Math.min(W - 1, Math.ceil((bx1 + 2) / sx));
  const Y0 = Math.max(0, Math.floor((by0 - 1) / sy));
  const Y1 = Math.min(H - 1, Math.ceil((by1 + 2) / sy));
  // bilinear interpolation, separated: each column's grid neighbours and weight once, each output row's
  // vertical blend of the grid rows once, then one horizontal blend per pixel
  const cols = X1 - X0 + 1;
  const colX0 = new Int32Array(cols);
  const colX1 = new Int32Array(cols);
  const colWx = new Float32Array(cols);
  columnWeights({ X0, sx, ww }, { colX0, colX1, colWx });
  return { W, ww, wh, sy, bx0, bx1, X0, Y0, Y1, cols, colX0, colX1, colWx, ma, mb, support, data: img.data, out, next: blockCounter() };
}

/** I·p and I² per cell. */
function products(I: Float32Array, p: Float32Array, Ip: Float32Array, II: Float32Array): void {
  for (let i = 0; i < I.length; i++) {
    Ip[i] = I[i] * p[i];
    II[i] = I[i] * I[i];
  }
}

/** The guided filter's linear coefficients a and b per cell, from the box means (ε: the edge threshold). */
function coefficients(means: { mI: Float32Array; mp: Float32Array; mIp: Float32Array; mII: Float32Array }, a: Float32Array, b: Float32Array): void {
  const { mI, mp, mIp, mII } = means;
  const eps = 1.5e-3;
  for (let i = 0; i < a.length; i++) {
    const cov = mIp[i] - mI[i] * mp[i];
    const v = mII[i] - mI[i] * mI[i];
    a[i] = cov / (v + eps);
    b[i] = mp[i] - a[i] * mI[i];
  }
}

/** Bounds [x0, y0, x1, y1] of the cells with support ≥ 0.01 (x1 = −1 when none). */
function supportBounds(support: Float32Array, ww: number, wh: number): [number, number, number, number] {
  let bx0 = ww;
  let by0 = wh;
  let bx1 = -1;
  let by1 = -1;
  for (let y = 0; y < wh; y++) {
    for (let x = 0; x < ww; x++) {
      if (support[y * ww + x] < 0.01) continue;
      if (x < bx0) bx0 = x;
      if (x > bx1) bx1 = x;
      if (y < by0) by0 = y;
      if (y > by1) by1 = y;
    }
  }
  return [bx0, by0, bx1, by1];
}

/** Each full-resolution column's two grid neighbours and the weight between them. */
function columnWeights(
  { X0, sx, ww }: { X0: number; sx: number; ww: number },
  { colX0, colX1, colWx }: { colX0: Int32Array; colX1: Int32Array; colWx: Float32Array },
): void {
  for (let k = 0; k < colX0.length; k++) {
    const fx = Math.max(0, (X0 + k + 0.5) * sx - 0.5);
    const x0 = Math.min(Math.floor(fx), ww - 1);
    colX0[k] = x0;
    colX1[k] = Math.min(x0 + 1, ww - 1);
    colWx[k] = fx - x0;
  }
}

/** Rows go to the two threads in blocks of this many. */
const ROWS = 16;

/** The guided filter applied at full resolution, on the blocks of rows this thread takes. */
export function guidePart(job: GuideJob): void {
  const { W, ww, wh, sy, bx0, bx1, X0, Y0, Y1, cols, colX0, colX1, colWx, ma, mb, support, out } = job;
  const d = job.data;
  const rowA = new Float32Array(ww);
  const rowB = new Float32Array(ww);
  const rowNear = new Uint8Array(ww);
  for (let yb = Y0 + nextBlock(job.next) * ROWS; yb <= Y1; yb = Y0 + nextBlock(job.next) * ROWS) {
    for (let y = yb; y < Math.min(yb + ROWS, Y1 + 1); y++) {
      const fy = Math.max(0, (y + 0.5) * sy - 0.5);
      const y0 = Math.min(Math.floor(fy), wh - 1);
      const r0 = y0 * ww;
      const r1 = Math.min(y0 + 1, wh - 1) * ww;
      const wy = fy - y0;
      for (let gx = Math.max(0, bx0 - 3); gx <= Math.min(ww - 1, bx1 + 5); gx++) {
        rowA[gx] = ma[r0 + gx] + (ma[r1 + gx] - ma[r0 + gx]) * wy;
        rowB[gx] = mb[r0 + gx] + (mb[r1 + gx] - mb[r0 + gx]) * wy;
        rowNear[gx] = support[r0 + gx] >= 0.01 || support[r1 + gx] >= 0.01 ? 1 : 0;
      }
      for (let k = 0, i = y * W + X0; k < cols; k++, i++) {
        const x0 = colX0[k];
        if (!rowNear[x0]) continue; // far from any hair: exactly 0
        const x1 = colX1[k];
        const wx = colWx[k];
        const A = rowA[x0] + (rowA[x1] - rowA[x0]) * wx;
        const B = rowB[x0] + (rowB[x1] - rowB[x0]) * wx;
        // the guide: this pixel's own luma. The model's probability is not coverage: 0.8+ is hair through and
        // through (curl ends, shadowed lengths read 0.7–0.9), so a contrast curve makes them fully hair and
        // real edges keep a soft ramp
        const t = (A * lumaAt(d, i) + B - 0.05) / 0.6;
        out[i] = t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t);
      }
    }
  }
}

/**
 * The inside of a polygon on a w×h grid (even-odd scanline), a run at a time: span(y, xa, xb) for each run
 * of inside pixels xa..xb of row y.
 */
export function polygonSpans(pts: [number, number][], w: number, h: number, span: (y: number, xa: number, xb: number) => void): void {
  const n = pts.length;
  // the edges as flat numbers, and the crossings of a row in a typed array: destructuring each edge's points
  // and sorting an array of numbers with a comparator, row after row, left megabytes of garbage per face
  const ax = new Float64Array(n);
  const ay = new Float64Array(n);
  let y0 = Infinity;
  let y1 = -Infinity;
  for (let k = 0; k < n; k++) {
    ax[k] = pts[k][0];
    ay[k] = pts[k][1];
    y0 = Math.min(y0, ay[k]);
    y1 = Math.max(y1, ay[k]);
  }
  const ys = Math.max(0, Math.ceil(y0));
  const ye = Math.min(h - 1, Math.floor(y1));
  const xs = new Float64Array(n);
  for (let y = ys; y <= ye; y++) {
    let m = 0;
    for (let k = 0; k < n; k++) {
      const j = k + 1 === n ? 0 : k + 1;
      if ((ay[k] <= y && ay[j] > y) || (ay[j] <= y && ay[k] > y)) xs[m++] = ax[k] + ((y - ay[k]) / (ay[j] - ay[k])) * (ax[j] - ax[k]);
    }
    // a row crosses a face's outline a handful of times: insertion sort, in place
    for (let k = 1; k < m; k++) {
      const v = xs[k];
      let j = k - 1;
      for (; j >= 0 && xs[j] > v; j--) xs[j + 1] = xs[j];
      xs[j + 1] = v;
    }
    for (let k = 0; k + 1 < m; k += 2) {
      const xa = Math.max(0, Math.ceil(xs[k]));
      const xb = Math.min(w - 1, Math.floor(xs[k + 1]));
      if (xa <= xb) span(y, xa, xb);
    }
  }
}

/** Fill a polygon on a w×h grid (even-odd scanline), calling set(i) for each inside pixel. */
export function fillPolygon(pts: [number, number][], w: number, h: number, set: (i: number) => void): void {
  polygonSpans(pts, w, h, (y, xa, xb) => {
    for (let x = xa; x <= xb; x++) set(y * w + x);
  });
}

/**
 * A beard, as a polygon in image pixels: the band from the jaw line down by 0.45 face heights, and beside the
 * jaw, from the nose's level down, 0.15 face widths out (decision 127: the network marks the sides of a beard,
 * and the face oval runs inside them). A beard is seen when the model sees hair on the chin (inside the face
 * oval, below the lower lip), or (decision 125) when it sees hair just below the chin and the chin looks like
 * this photo's hair (`likeness`, log-odds per model cell): on many bearded faces the model marks the beard
 * around the chin and not the chin itself; or (127) when the chin looks clearly like the hair by itself. Null
 * for a bare chin (hair lengths falling beside or under the chin are never cut by it: a bare chin looks like
 * skin, not hair).
 */
function beardBand(face: FaceGeom, hairProb: Plane, w: number, h: number, likeness: Plane | null): [number, number][] | null {
  const sx = hairProb.width / w;
  const sy = hairProb.height / h;
  const onChin = meanOverChin(face, hairProb, sx, sy);
  if (onChin < 0.5) {
    if (!likeness) return null;
    const like = meanOverChin(face, likeness, sx, sy);
    // a chin that looks like this photo's hair by itself is a beard even where the network marks none of it
    if (like >= CHIN_LIKE_HAIR) return beardPolygon(face);
    let below = 0;
    const off = face.h * 0.06;
    for (const i of CHIN) {
      const [x, y] = face.mesh[i];
      below += bilinearAt(hairProb, (x + face.ux * off + 0.5) * sx - 0.5, (y + face.uy * off + 0.5) * sy - 0.5);
    }
    // a chin like the hair: its log-odds well above what skin scores (≤ −4 on every bare chin of hair-dev)
    if (below / CHIN.length < 0.5 || like < -3) return null;
  }
  return beardPolygon(face);
}

/** The polygon of beardBand: up one side of the jaw, round it and up the other, then back round the outside. */
function beardPolygon(face: FaceGeom): [number, number][] {
  const d = face.h * 0.45;
  const s = face.w * 0.15;
  const down = ([x, y]: [number, number]): [number, number] => [x + face.ux * d, y + face.uy * d];
  // across the face, away from its middle on the side of `p`
  const outward = (p: [number, number]) => {
    const k = (p[0] - face.cx) * -face.uy + (p[1] - face.cy) * face.ux > 0 ? s : -s;
    return ([x, y]: [number, number]): [number, number] => [x - face.uy * k, y + face.ux * k];
  };
  const jaw = JAW.map((i) => face.mesh[i]);
  const left = JAW_SIDE_LEFT.map((i) => face.mesh[i]);
  const right = JAW_SIDE_RIGHT.map((i) => face.mesh[i]);
  const outL = outward(left[0]);
  const outR = outward(right[0]);
  return [
    ...left,
    ...jaw,
    ...right,
    ...right.map(outR).reverse(),
    outR(down(jaw[jaw.length - 1])),
    ...jaw.map(down).reverse(),
    outL(down(jaw[0])),
    ...left.map(outL).reverse(),
  ];
}

/** Mean of a model-grid plane over the chin: between the lower lip and the chin point, across the middle half of the jaw. */
function meanOverChin(face: FaceGeom, p: Plane, sx: number, sy: number): number {
  const [lx, ly] = face.mesh[LOWER_LIP];
  const [cx, cy] = face.mesh[152];
  const left = face.mesh[150];
  const right = face.mesh[379];
  let sum = 0;
  let n = 0;
  for (let a = 0.3; a <= 0.85; a += 0.1) {
    const mx = lx + (cx - lx) * a;
    const my = ly + (cy - ly) * a;
    for (let b = -0.5; b <= 0.5; b += 0.125) {
      const x = mx + (b < 0 ? (mx - left[0]) * b : (right[0] - mx) * b);
      const y = my + (b < 0 ? (my - left[1]) * b : (right[1] - my) * b);
      sum += bilinearAt(p, (x + 0.5) * sx - 0.5, (y + 0.5) * sy - 0.5);
      n++;
    }
  }
  return sum / n;
}

/** Brow-line frame of a face: the mid-brow point and the margin above it that is still "face". */
function browLine(face: FaceGeom): { mx: number; my: number; margin: number } {
  const avg = (ids: number[]) => ids.reduce((s, i) => [s[0] + face.mesh[i][0] / ids.length, s[1] + face.mesh[i][1] / ids.length], [0, 0]);
  const lb = avg(LEFT_BROW);
  const rb = avg(RIGHT_BROW);
  return { mx: (lb[0] + rb[0]) / 2, my: (lb[1] + rb[1]) / 2, margin: face.h * 0.06 };
}

/**
 * The protected face region: inside the face oval and below the brow line (the brows included), on the
 * bw×bh grid of the image from (x0, y0). 1 = protected; `region` and `oval` come zeroed.
 */
function faceRegionInto(face: FaceGeom, box: GuardBox, into: { region: Uint8Array; oval: Uint8Array }): void {
  const { x0, y0, w: bw, h: bh } = box;
  const { region, oval } = into;
  const pts = FACE_OVAL.map((i) => [face.mesh[i][0] - x0, face.mesh[i][1] - y0] as [number, number]);
  const { mx, my, margin } = browLine(face);
  polygonSpans(pts, bw, bh, (y, xa, xb) => {
    oval.fill(1, y * bw + xa, y * bw + xb + 1);
    belowBrow(region, { row: y * bw, xa, xb }, { dx: x0 - mx, dy: (y + y0 - my) * face.uy, ux: face.ux, limit: -margin });
  });
}

/** Marks the pixels xa..xb of a row (at `row`) on the face's side of the brow line: (x + dx)·ux + dy > limit. */
function belowBrow(
  region: Uint8Array,
  { row, xa, xb }: { row: number; xa: number; xb: number },
  { dx, dy, ux, limit }: { dx: number; dy: number; ux: number; limit: number },
): void {
  for (let x = xa; x <= xb; x++) if ((x + dx) * ux + dy > limit) region[row + x] = 1;
}

/**
 * Where bilinear samples of a model-grid plane fall for a run of n image columns (or rows) from `from`: the
 * two cells and the weight of the second, worked out once for the face guard's box instead of per pixel.
 */
interface Taps {
  c0: Int32Array;
  c1: Int32Array;
  wt: Float64Array;
}

function taps(from: number, n: number, scale: number, size: number): Taps {
  const t: Taps = { c0: new Int32Array(n), c1: new Int32Array(n), wt: new Float64Array(n) };
  for (let k = 0; k < n; k++) {
    const f = Math.min(size - 1, Math.max(0, (from + k + 0.5) * scale - 0.5));
    const c = Math.floor(f);
    t.c0[k] = c;
    t.c1[k] = Math.min(c + 1, size - 1);
    t.wt[k] = f - c;
  }
  return t;
}

/** bilinearAt at box pixel (x, y), from its column's and row's taps. */
function sampleAt(p: Plane, cols: Taps, rows: Taps, x: number, y: number): number {
  const d = p.data;
  const r0 = rows.c0[y] * p.width;
  const r1 = rows.c1[y] * p.width;
  const wy = rows.wt[y];
  const c0 = cols.c0[x];
  const c1 = cols.c1[x];
  const wx = cols.wt[x];
  const top = d[r0 + c0] * (1 - wx) + d[r0 + c1] * wx;
  const bot = d[r1 + c0] * (1 - wx) + d[r1 + c1] * wx;
  return top * (1 - wy) + bot * wy;
}

/**
 * Apply the face guard to a full-resolution matte in place, within the face's bounding box only.
 * `hairProb` (the model's coarse probability on its grid) lets hair that lies over the face (a lock across
 * the cheek, a fringe) stay in the matte; `likeness` (on the same grid, likeness.ts) helps see a beard.
 */
export function applyFaceGuard(matte: Plane, face: FaceGeom, seen: { hairProb?: Plane; likeness?: Plane | null } = {}, alloc: Alloc = fresh): void {
  const { data: alpha, width: w, height: h } = matte;
  const { hairProb, likeness = null } = seen;
  if (face.mesh.length < 468) return;
  // feather outwards over ~3 % of the face width
  const r = Math.max(1, Math.round(face.w * 0.03));
  let x0 = w;
  let y0 = h;
  let x1 = 0;
  let y1 = 0;
  for (const i of FACE_OVAL) {
    const [x, y] = face.mesh[i];
    x0 = Math.min(x0, Math.floor(x));
    y0 = Math.min(y0, Math.floor(y));
    x1 = Math.max(x1, Math.ceil(x));
    y1 = Math.max(y1, Math.ceil(y));
  }
  const beard = hairProb ? beardBand(face, hairProb, w, h, likeness) : null;
  if (beard) {
    for (const [x, y] of beard) {
      x0 = Math.min(x0, Math.floor(x));
      y0 = Math.min(y0, Math.floor(y));
      x1 = Math.max(x1, Math.ceil(x));
      y1 = Math.max(y1, Math.ceil(y));
    }
  }
  x0 = Math.max(0, x0 - 3 * r);
  y0 = Math.max(0, y0 - 3 * r);
  x1 = Math.min(w - 1, x1 + 3 * r);
  y1 = Math.min(h - 1, y1 + 3 * r);
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  if (bw <= 0 || bh <= 0) return;
  const box = { x0, y0, w: bw, h: bh };
  // the model grid's samples for the box's columns and rows
  const grid = hairProb
    ? { plane: hairProb, cols: taps(x0, bw, hairProb.width / w, hairProb.width), rows: taps(y0, bh, hairProb.height / h, hairProb.height) }
    : null;
  withTemporaries(alloc, () => guardBox(alpha, w, face, { box, r, beard, grid }, alloc));
}

/** The face guard's box on the image: from (x0, y0), w×h pixels. */
interface GuardBox {
  x0: number;
  y0: number;
  w: number;
  h: number;
}

/**
 * applyFaceGuard's pixel work over its box: `r` the feather's radius, `beard` the beard's outline, `grid` the
 * model grid's samples for the box's columns and rows.
 */
function guardBox(
  alpha: Float32Array,
  w: number,
  face: FaceGeom,
  guard: { box: GuardBox; r: number; beard: [number, number][] | null; grid: { plane: Plane; cols: Taps; rows: Taps } | null },
  alloc: Alloc,
): void {
  const { box, r, beard, grid } = guard;
  const { x0, y0, w: bw, h: bh } = box;
  const region = alloc.u8(bw * bh);
  const oval = alloc.u8(bw * bh);
  faceRegionInto(face, box, { region, oval });
  if (grid) {
    // confident hair over the face (a fringe, a lock across the cheek, hair behind the jaw of a turned head)
    // stays; on a bearded face, below the nose tip it is the moustache and beard: not dyed with the hair
    const [nx, ny] = face.mesh[NOSE_TIP];
    for (let y = 0; y < bh; y++) {
      for (let x = 0, j = y * bw; x < bw; x++, j++) {
        if (!region[j]) continue;
        if (beard && (x + x0 - nx) * face.ux + (y + y0 - ny) * face.uy > 0) continue;
        if (sampleAt(grid.plane, grid.cols, grid.rows, x, y) > 0.75) region[j] = 0;
      }
    }
  }
  if (beard)
    polygonSpans(
      beard.map(([x, y]) => [x - x0, y - y0] as [number, number]),
      bw,
      bh,
      (y, xa, xb) => region.fill(1, y * bw + xa, y * bw + xb + 1),
    );
  const sub = alloc.f32(bw * bh, false);
  for (let i = 0; i < sub.length; i++) sub[i] = region[i];
  const soft = boxMean(sub, bw, bh, r, alloc.f32(bw * bh, false));
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const j = y * bw + x;
      const i = (y + y0) * w + x + x0;
      // the feather straddles the region's border (half into the face, half into the hair), so neither a
      // tinted rim on the skin nor an untouched rim of hair shows; deeper inside the face the matte is 0
      const t = Math.min(1, Math.max(0, (soft[j] - 0.2) / 0.6));
      const g = t * t * (3 - 2 * t);
      if (g >= 1 || alpha[i] === 0) {
        alpha[i] = 0;
        continue;
      }
      let a = alpha[i] * (1 - g);
      if (oval[j]) {
        // forehead inside the oval: only confident hair (a fringe), judged by the coarse hair probability
        // when there is one, else by the matte itself
        const c = grid ? sampleAt(grid.plane, grid.cols, grid.rows, x, y) : a;
        const t = Math.min(1, Math.max(0, (c - 0.3) / 0.4));
        a *= t * t * (3 - 2 * t);
      }
      alpha[i] = a < 0.02 ? 0 : a;
    }
  }
}
