/**
 * The person's taps and brush strokes applied to the hair region (issue 32, decision 138). Pure and
 * dependency-free: the studio runs it in the browser for the instant preview and the engine runs it on the
 * server before painting, on the same photo pixels and the same region, so the paid picture is the preview.
 *
 * A tap (one point) takes what the finger is on, following the photo's edges and colours: a fill from the
 * tap in OKLab that stops where the colour strays from the tapped colour or changes sharply between
 * neighbours, within a reach of REACH × the radius. It only travels through pixels the region has wrong for
 * the tap's label (an "add hair" tap spreads over what is not hair yet), so it takes the missed lock and not
 * the wall behind the hair that is already found. A stroke (several points) is a brush of its radius along
 * the line. Marks apply in order, each to the result of the ones before: applying the newest mark to the
 * previous result equals applying them all, which is how the studio stays fast after many taps.
 *
 * With the hair network's belief (the preview's `belief`, decision 187) a tap reaches further and takes a wider
 * range of colour, and also stops where the network's belief leaves the tapped pixel's: the missed lock the
 * network half-saw, and not the background of the same colour beside it.
 *
 * With the person matte (the preview's `person`, decision 203) an "add hair" tap also takes the band the region
 * missed beside it: the pixels not yet hair, connected to the tap, within 1.5× the tap's depth (its distance to
 * the hair already found) of that hair and 3× the depth along it, that the person matte calls the person and that
 * are not the chosen face's skin. Missed hair against a background of its colour is the person's; the background
 * is not.
 */
import type { Mark } from '../studio/corrections';
import { bilinearAt } from './bilinear';

export interface CorrectionInput {
  /** The photo's pixels, `channels` bytes each (4: RGBA as a canvas gives them, 3: RGB as the engine decodes them). */
  rgba: Uint8Array | Uint8ClampedArray;
  channels?: 3 | 4;
  width: number;
  height: number;
  /** The hair region, one byte per pixel (0..255), the photo's size. Not modified. */
  matte: Uint8Array;
  marks: readonly Mark[];
  /** The hair network's belief on its own grid over the photo (`BELIEF` bytes, decision 187); without it the fill is decision 138's. */
  belief?: Belief | null;
  /** The person matte outside the chosen face (`personByte`s, decision 203); without it an "add hair" tap takes no band. */
  person?: GridPlane | null;
}

/** One byte per cell of a grid whose cells stand evenly over the photo (cell centres at (g + 0.5) / width of its width). */
export interface GridPlane {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * The network's log-odds that a cell is hair: byte b is the log-odds (b / 255) × 2·BELIEF_RANGE − BELIEF_RANGE.
 * What the engine cut the region from, after its gate on the main person.
 */
export type Belief = GridPlane;

/** The log-odds a belief byte can say, ± this (a probability of 1e-7 to 1 − 1e-7). */
const BELIEF_RANGE = 16;

/**
 * Belief bytes are kept to multiples of this (about 1 log-odds): the plane as PNG is a third of its size at full
 * precision (about 50 KB instead of 170 KB at the network's 512×512), and the taps' figures on hair-dev stay the
 * same within 0.001 IoU (decision 187).
 */
const BELIEF_STEP = 8;

/** A probability as a belief byte. */
export function beliefByte(p: number): number {
  const q = p < 1e-7 ? 1e-7 : p > 1 - 1e-7 ? 1 - 1e-7 : p;
  const logit = Math.max(-BELIEF_RANGE, Math.min(BELIEF_RANGE, Math.log(q / (1 - q))));
  return Math.min(255, Math.round(Math.round(((logit + BELIEF_RANGE) / (2 * BELIEF_RANGE)) * 255) / BELIEF_STEP) * BELIEF_STEP);
}

/**
 * The person matte's probability as a byte (decision 203); the engine writes 0 over the chosen face's skin (its
 * oval), where a tap must not take hair.
 */
export function personByte(p: number): number {
  return Math.round(clamp(p, 0, 1) * 255);
}

/**
 * The band an "add hair" tap takes with the person matte (decision 203), in the tap's depth (its distance to the
 * hair already found): `across` from that hair, `along` it from the tap, the depth looked for and the band bounded
 * within `maxRadii` of the tap's radius, and the person matte's share above which a pixel is the person's.
 * Measured on hair-dev with the protocol of `npm run bench -- correction`: of 1.2 to 2 across, 3 to 5 along, 20
 * to 50 radii and shares of 0.3 to 0.7, these; the figures moved by at most 0.002 IoU among them.
 */
const BAND = { across: 1.5, along: 3, maxRadii: 20, person: 0.5 };

/**
 * How far a tap may spread, in radii (a fingertip's radius is 1 % of the diagonal). Measured on hair-dev with
 * `npm run bench -- correction` (decision 138): 20 radii leaked into backgrounds the colour of the hair and
 * left portraits worse after taps than before; 8 gained the most of 5 to 20.
 */
const REACH = 8;
/** The core of a tap that always changes, in radii: the finger landed there, whatever the colours say. */
const CORE = 0.5;
/** Colour distance (OKLab, ΔE ×100) from the tapped colour beyond which the fill stops (5 to 30 measured). */
const FROM_SEED = 10;
/** Colour step between neighbouring pixels (ΔE ×100) the fill does not cross: an edge. */
const EDGE_STEP = 6;
/**
 * Cost of one step in the fill's reach, in tenths of a pixel, plus PER_DELTA steps per ΔE of colour change
 * above NOISE (a photo's grain and a strand's own shading cost nothing).
 */
const STEP = 10;
const PER_DELTA = 1;
const NOISE = 3;

/**
 * With the network's belief (decision 187): the fill's reach, its colour range from the tapped colour, and how
 * far (in log-odds) a pixel's belief may be from the tapped pixel's. Measured on hair-dev with the protocol of
 * `npm run bench -- correction`: of the ranges tried (0.5 to 3 log-odds, 6 to 12 radii), these gained the most
 * after 3 taps without losing any set's taps to 0.90.
 */
const WITH_BELIEF = { reach: 12, fromSeed: 14, logOdds: 2 };

/** A bucket of the fill's queue once it is spent (its memory let go). */
const DONE: number[] = [];

const TO_LINEAR = new Float32Array(256);
for (let i = 0; i < 256; i++) {
  const c = i / 255;
  TO_LINEAR[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
}

/** A disc on the photo: where a tap lands or a brush passes, and the byte it writes (255 hair, 0 not hair). */
interface Touch {
  x: number;
  y: number;
  radius: number;
  value: number;
}

export function applyCorrections(input: CorrectionInput): Uint8Array {
  const out = new Uint8Array(input.matte);
  for (const mark of input.marks) {
    const value = mark.label === 'hair' ? 255 : 0;
    if (mark.points.length === 1) tap(input, out, { x: mark.points[0][0], y: mark.points[0][1], radius: mark.radius, value });
    else stroke(input, out, mark, value);
  }
  return out;
}

const clamp = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : v);

/** OKLab ×100 of the pixel at i, written into lab[o..o+2]. */
function labAt(px: Uint8Array | Uint8ClampedArray, ch: number, i: number, lab: Float32Array, o: number): void {
  const p = i * ch;
  const r = TO_LINEAR[px[p]];
  const g = TO_LINEAR[px[p + 1]];
  const b = TO_LINEAR[px[p + 2]];
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  lab[o] = 100 * (0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s);
  lab[o + 1] = 100 * (1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s);
  lab[o + 2] = 100 * (0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s);
}

function disc(out: Uint8Array, size: { width: number; height: number }, { x: cx, y: cy, radius: r, value }: Touch): void {
  const { width: W, height: H } = size;
  const x0 = Math.max(0, Math.floor(cx - r));
  const x1 = Math.min(W - 1, Math.ceil(cx + r));
  const y0 = Math.max(0, Math.floor(cy - r));
  const y1 = Math.min(H - 1, Math.ceil(cy + r));
  const r2 = r * r;
  for (let y = y0; y <= y1; y++) {
    const dy = y - cy;
    for (let x = x0; x <= x1; x++) {
      const dx = x - cx;
      if (dx * dx + dy * dy <= r2) out[y * W + x] = value;
    }
  }
}

/** A brush stroke: discs of the radius along each segment, one per pixel of length. */
function stroke(input: CorrectionInput, out: Uint8Array, mark: Mark, value: number): void {
  const { width: W, height: H } = input;
  const pts = mark.points.map(([x, y]) => [clamp(x, 0, W - 1), clamp(y, 0, H - 1)] as const);
  for (let k = 1; k < pts.length; k++) {
    const [ax, ay] = pts[k - 1];
    const [bx, by] = pts[k];
    const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay)));
    for (let s = k === 1 ? 0 : 1; s <= steps; s++)
      disc(out, input, { x: ax + ((bx - ax) * s) / steps, y: ay + ((by - ay) * s) / steps, radius: mark.radius, value });
  }
}

/**
 * A tap: the core disc, then a fill from the tap over the pixels the region has wrong for this label, by a
 * bounded geodesic distance (a bucket queue in tenths of a pixel) that grows with colour change and stops at
 * an edge or where the colour leaves the tapped one.
 */
function tap(input: CorrectionInput, out: Uint8Array, { x: px, y: py, radius, value }: Touch): void {
  const { rgba, width: W, height: H } = input;
  const ch = input.channels ?? 4;
  const cx = Math.round(clamp(px, 0, W - 1));
  const cy = Math.round(clamp(py, 0, H - 1));
  const belief = input.belief ?? null;
  const reach = Math.max(4, (belief ? WITH_BELIEF.reach : REACH) * radius);
  // the fill travels only through what the region has wrong for this label
  const startWrong = value === 255 ? out[cy * W + cx] < 128 : out[cy * W + cx] >= 128;

  // the tapped colour: the mean over a small disc at the tap
  const lab = new Float32Array(3);
  const seed = [0, 0, 0];
  let n = 0;
  const sr = Math.max(1, Math.round(radius / 3));
  for (let y = Math.max(0, cy - sr); y <= Math.min(H - 1, cy + sr); y++)
    for (let x = Math.max(0, cx - sr); x <= Math.min(W - 1, cx + sr); x++) {
      if ((x - cx) ** 2 + (y - cy) ** 2 > sr * sr) continue;
      labAt(rgba, ch, y * W + x, lab, 0);
      seed[0] += lab[0];
      seed[1] += lab[1];
      seed[2] += lab[2];
      n++;
    }
  seed[0] /= n;
  seed[1] /= n;
  seed[2] /= n;

  // the band is read from the region as it was before this tap, and written after its fill
  const band = startWrong && value === 255 && input.person ? personBand(input, out, input.person, { x: cx, y: cy, radius, value }) : null;
  if (startWrong) fill(input, out, { cx, cy, reach, seed, value, logOdds: belief ? logOddsAt(input, belief, cx, cy) : 0 });
  if (band)
    for (let li = 0; li < band.taken.length; li++) if (band.taken[li] === TAKEN) out[(band.y0 + ((li / band.ww) | 0)) * W + band.x0 + (li % band.ww)] = 255;
  disc(out, input, { x: cx, y: cy, radius: radius * CORE, value });
}

/** A pixel of personBand's window that the band takes. */
const TAKEN = 2;

/**
 * The missed band beside the hair at an "add hair" tap (decision 203): the pixels not hair, 4-connected to the
 * tap, within BAND.across × the tap's depth of the hair and BAND.along × the depth of the tap, that the person
 * matte calls the person's. A window of the photo, and TAKEN where the band is; typed arrays only (a window can
 * be the whole photo, and lists of numbers that long cost a render tens of MB).
 */
function personBand(
  input: CorrectionInput,
  out: Uint8Array,
  person: GridPlane,
  { x: cx, y: cy, radius }: Touch,
): { x0: number; y0: number; ww: number; taken: Uint8Array } {
  const { width: W, height: H } = input;
  const maxR = BAND.maxRadii * radius;
  // the depth: the distance to the nearest hair, looked for in growing squares
  let depth2 = Infinity;
  for (let r = 1; r <= maxR && depth2 === Infinity; r++)
    for (let y = cy - r; y <= cy + r; y++) {
      if (y < 0 || y >= H) continue;
      const edge = y === cy - r || y === cy + r;
      for (let x = cx - r; x <= cx + r; x += edge ? 1 : 2 * r) {
        if (x < 0 || x >= W || out[y * W + x] < 128) continue;
        depth2 = Math.min(depth2, (x - cx) ** 2 + (y - cy) ** 2);
      }
    }
  const depth = depth2 === Infinity ? maxR : Math.sqrt(depth2);
  const along = Math.min(maxR, BAND.along * depth);
  const across = BAND.across * depth;
  const pad = Math.ceil(across) + 2;
  const x0 = Math.max(0, Math.floor(cx - along - pad));
  const x1 = Math.min(W - 1, Math.ceil(cx + along + pad));
  const y0 = Math.max(0, Math.floor(cy - along - pad));
  const y1 = Math.min(H - 1, Math.ceil(cy + along + pad));
  const ww = x1 - x0 + 1;
  const wh = y1 - y0 + 1;
  // the distance to the hair within the window: a two-pass chamfer (1, √2)
  const dist = new Float32Array(ww * wh);
  for (let y = 0; y < wh; y++)
    for (let x = 0; x < ww; x++) {
      const li = y * ww + x;
      if (out[(y0 + y) * W + x0 + x] >= 128) continue;
      let v = 1e9;
      if (x > 0) v = Math.min(v, dist[li - 1] + 1);
      if (y > 0) {
        v = Math.min(v, dist[li - ww] + 1);
        if (x > 0) v = Math.min(v, dist[li - ww - 1] + Math.SQRT2);
        if (x < ww - 1) v = Math.min(v, dist[li - ww + 1] + Math.SQRT2);
      }
      dist[li] = v;
    }
  for (let y = wh - 1; y >= 0; y--)
    for (let x = ww - 1; x >= 0; x--) {
      const li = y * ww + x;
      let v = dist[li];
      if (x < ww - 1) v = Math.min(v, dist[li + 1] + 1);
      if (y < wh - 1) {
        v = Math.min(v, dist[li + ww] + 1);
        if (x < ww - 1) v = Math.min(v, dist[li + ww + 1] + Math.SQRT2);
        if (x > 0) v = Math.min(v, dist[li + ww - 1] + Math.SQRT2);
      }
      dist[li] = v;
    }
  // 1: looked at; TAKEN: in the band (each pixel is stacked once, when first looked at)
  const taken = new Uint8Array(ww * wh);
  const stack = new Int32Array(ww * wh);
  let sp = 0;
  stack[sp++] = (cy - y0) * ww + (cx - x0);
  taken[stack[0]] = 1;
  const share = BAND.person * 255;
  while (sp) {
    const li = stack[--sp];
    const lx = li % ww;
    const ly = (li / ww) | 0;
    taken[li] = TAKEN;
    for (let nb = 0; nb < 4; nb++) {
      const nx = nb === 0 ? lx - 1 : nb === 1 ? lx + 1 : lx;
      const ny = nb === 2 ? ly - 1 : nb === 3 ? ly + 1 : ly;
      if (nx < 0 || ny < 0 || nx >= ww || ny >= wh) continue;
      const ni = ny * ww + nx;
      if (taken[ni]) continue;
      taken[ni] = 1;
      const x = x0 + nx;
      const y = y0 + ny;
      if (out[y * W + x] >= 128 || dist[ni] > across || (x - cx) ** 2 + (y - cy) ** 2 > along * along) continue;
      if (planeAt(input, person, x, y) <= share) continue;
      stack[sp++] = ni;
    }
  }
  return { x0, y0, ww, taken };
}

/** Where a tap's fill starts, how far it may reach (px), the tapped colour (OKLab ×100) and the byte it writes. */
interface FillFrom {
  cx: number;
  cy: number;
  reach: number;
  seed: number[];
  value: number;
  /** The network's log-odds at the tap, when the belief is given. */
  logOdds: number;
}

/** The belief's log-odds at photo pixel (x, y), bilinear between the four nearest cells. */
function logOddsAt(input: CorrectionInput, g: Belief, x: number, y: number): number {
  return (planeAt(input, g, x, y) / 255) * 2 * BELIEF_RANGE - BELIEF_RANGE;
}

/** A grid plane's byte value at photo pixel (x, y), bilinear between the four nearest cells. */
function planeAt(input: CorrectionInput, g: GridPlane, x: number, y: number): number {
  return bilinearAt(g, ((x + 0.5) * g.width) / input.width - 0.5, ((y + 0.5) * g.height) / input.height - 0.5);
}

function fill(input: CorrectionInput, out: Uint8Array, { cx, cy, reach, seed, value, logOdds }: FillFrom): void {
  const { rgba, width: W, height: H } = input;
  const belief = input.belief ?? null;
  const fromSeed = belief ? WITH_BELIEF.fromSeed : FROM_SEED;
  const ch = input.channels ?? 4;
  const x0 = Math.max(0, Math.floor(cx - reach));
  const x1 = Math.min(W - 1, Math.ceil(cx + reach));
  const y0 = Math.max(0, Math.floor(cy - reach));
  const y1 = Math.min(H - 1, Math.ceil(cy + reach));
  const ww = x1 - x0 + 1;
  const wh = y1 - y0 + 1;
  const wrong = (i: number) => (value === 255 ? out[i] < 128 : out[i] >= 128);

  // window-local state: OKLab computed on first visit, best distance so far
  const wLab = new Float32Array(ww * wh * 3);
  const seen = new Uint8Array(ww * wh);
  const dist = new Int32Array(ww * wh).fill(0x7fffffff);
  const maxCost = Math.round(reach * STEP);
  const buckets: number[][] = [];
  const push = (li: number, d: number) => {
    dist[li] = d;
    (buckets[d] ??= []).push(li);
  };
  const visit = (li: number): boolean => {
    if (seen[li]) return seen[li] === 1;
    const x = x0 + (li % ww);
    const y = y0 + ((li / ww) | 0);
    labAt(rgba, ch, y * W + x, wLab, li * 3);
    const dl = wLab[li * 3] - seed[0];
    const da = wLab[li * 3 + 1] - seed[1];
    const db = wLab[li * 3 + 2] - seed[2];
    const ok =
      wrong(y * W + x) &&
      dl * dl + da * da + db * db <= fromSeed * fromSeed &&
      (!belief || Math.abs(logOddsAt(input, belief, x, y) - logOdds) <= WITH_BELIEF.logOdds);
    seen[li] = ok ? 1 : 2;
    return ok;
  };
  const start = (cy - y0) * ww + (cx - x0);
  visit(start);
  seen[start] = 1;
  push(start, 0);
  const r2 = reach * reach;
  for (let d = 0; d <= maxCost; d++) {
    const bucket = buckets[d];
    if (!bucket) continue;
    for (let k = 0; k < bucket.length; k++) {
      const li = bucket[k];
      if (dist[li] !== d) continue;
      const lx = li % ww;
      const ly = (li / ww) | 0;
      out[(y0 + ly) * W + x0 + lx] = value;
      for (let nb = 0; nb < 4; nb++) {
        const nx = nb === 0 ? lx - 1 : nb === 1 ? lx + 1 : lx;
        const ny = nb === 2 ? ly - 1 : nb === 3 ? ly + 1 : ly;
        if (nx < 0 || ny < 0 || nx >= ww || ny >= wh) continue;
        if ((x0 + nx - cx) ** 2 + (y0 + ny - cy) ** 2 > r2) continue;
        const ni = ny * ww + nx;
        if (!visit(ni)) continue;
        const sl = wLab[ni * 3] - wLab[li * 3];
        const sa = wLab[ni * 3 + 1] - wLab[li * 3 + 1];
        const sb = wLab[ni * 3 + 2] - wLab[li * 3 + 2];
        const step = Math.sqrt(sl * sl + sa * sa + sb * sb);
        if (step > EDGE_STEP) continue;
        const nd = d + STEP + (step > NOISE ? Math.round(PER_DELTA * (step - NOISE) * STEP) : 0);
        if (nd < dist[ni] && nd <= maxCost) push(ni, nd);
      }
    }
    buckets[d] = DONE;
  }
}
