/**
 * Limit a hair probability map to the main person: the largest face, the person-matte region connected
 * to it, and the part of the frame closer to that face than to any other (distances scaled by face size),
 * then keep only hair components that reach the main head. Works on the model grid (stretched).
 */
import { boxMean } from '../image/raster';
import { fresh, withTemporaries, type Alloc } from '../image/scratch';
import type { FaceBox } from '../runtime/human-node';

export interface FaceGeom {
  cx: number;
  cy: number;
  /** face width and height from the mesh (px) */
  w: number;
  h: number;
  /** unit vector forehead → chin */
  ux: number;
  uy: number;
  mesh: [number, number][];
}

export function faceGeom(f: FaceBox): FaceGeom {
  if (f.mesh.length >= 468) {
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const [x, y] of f.mesh) {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
    const top = f.mesh[10];
    const chin = f.mesh[152];
    const dx = chin[0] - top[0];
    const dy = chin[1] - top[1];
    const len = Math.hypot(dx, dy) || 1;
    const left = f.mesh[234];
    const right = f.mesh[454];
    return {
      cx: (x0 + x1) / 2,
      cy: (y0 + y1) / 2,
      w: Math.max(Math.hypot(right[0] - left[0], right[1] - left[1]), 1),
      h: len,
      ux: dx / len,
      uy: dy / len,
      mesh: f.mesh,
    };
  }
  const [x, y, w, h] = f.box;
  return { cx: x + w / 2, cy: y + h / 2, w: w * 0.8, h: h * 0.9, ux: 0, uy: 1, mesh: [] };
}

/** Label 4-connected components of a binary grid; returns labels (0 = background) and count. */
function components(bin: Uint8Array, w: number, h: number, alloc: Alloc = fresh): { labels: Int32Array; count: number } {
  const labels = alloc.i32(w * h);
  const stack = alloc.i32(w * h);
  let count = 0;
  for (let s = 0; s < bin.length; s++) {
    if (!bin[s] || labels[s]) continue;
    count++;
    let sp = 0;
    stack[sp++] = s;
    labels[s] = count;
    while (sp) {
      const i = stack[--sp];
      const x = i % w;
      // the four neighbours, written out: an array per pixel would be garbage by the hundred thousand
      if (x > 0 && bin[i - 1] && !labels[i - 1]) {
        labels[i - 1] = count;
        stack[sp++] = i - 1;
      }
      if (x < w - 1 && bin[i + 1] && !labels[i + 1]) {
        labels[i + 1] = count;
        stack[sp++] = i + 1;
      }
      if (i >= w && bin[i - w] && !labels[i - w]) {
        labels[i - w] = count;
        stack[sp++] = i - w;
      }
      if (i + w < bin.length && bin[i + w] && !labels[i + w]) {
        labels[i + w] = count;
        stack[sp++] = i + w;
      }
    }
  }
  return { labels, count };
}

/** The 4-connected components of the cells of a gw×gh plane above `threshold`. */
function componentsAbove(plane: Float32Array, threshold: number, gw: number, gh: number, alloc: Alloc): { labels: Int32Array; count: number } {
  const bin = alloc.u8(gw * gh);
  for (let i = 0; i < bin.length; i++) bin[i] = plane[i] > threshold ? 1 : 0;
  return components(bin, gw, gh, alloc);
}

/** √(dx² + dy²): Math.hypot is not inlined and boxes its result, which made the gate's loop allocate per pixel. */
function distance(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy);
}

/**
 * Main-person gate on a gw×gh grid covering the image (sx, sy = grid px per image px).
 * Returns a 0..1 weight per grid cell.
 */
export function mainPersonGate(opts: {
  gw: number;
  gh: number;
  sx: number;
  sy: number;
  faces: FaceGeom[];
  main: number;
  person: Float32Array | null;
  alloc?: Alloc;
}): Float32Array {
  const { gw, gh, sx, sy, faces, main, person, alloc = fresh } = opts;
  const gate = alloc.f32(gw * gh, false).fill(1);
  const m = faces[main];
  // 1) closer (in face-size units) to the main face than to any other face
  if (faces.length > 1) {
    for (let y = 0; y < gh; y++) {
      for (let x = 0; x < gw; x++) {
        const px = x / sx;
        const py = y / sy;
        const dm = distance(px - m.cx, (py - m.cy) * 0.7) / m.w;
        let other = Infinity;
        for (let k = 0; k < faces.length; k++) {
          if (k === main) continue;
          const f = faces[k];
          other = Math.min(other, distance(px - f.cx, (py - f.cy) * 0.7) / f.w);
        }
        // soft border over ±0.15 face widths
        const v = (other - dm) / 0.3 + 0.5;
        gate[y * gw + x] = Math.min(1, Math.max(0, v));
      }
    }
  }
  // 2) the person matte component containing the main face (other people who do not touch are dropped)
  if (person) withTemporaries(alloc, () => gateToPersonComponent(gate, person, { gw, gh, sx, sy }, m, alloc));
  return gate;
}

/** A gw×gh grid over the photo, sx and sy grid cells per image pixel. */
interface GridFrame {
  gw: number;
  gh: number;
  sx: number;
  sy: number;
}

/** The hair model's probabilities on their grid. */
export interface ProbGrid extends GridFrame {
  prob: Float32Array;
}

/** Multiplies `gate` by the person-matte component holding the main face (grown a little). */
function gateToPersonComponent(gate: Float32Array, person: Float32Array, { gw, gh, sx, sy }: GridFrame, m: FaceGeom, alloc: Alloc): void {
  const { labels } = componentsAbove(person, 0.35, gw, gh, alloc);
  const seeds = new Set<number>();
  const pts = m.mesh.length ? m.mesh.filter((_, i) => i % 7 === 0) : [[m.cx, m.cy] as [number, number]];
  for (const [x, y] of pts) {
    const gx = Math.min(gw - 1, Math.max(0, Math.round(x * sx)));
    const gy = Math.min(gh - 1, Math.max(0, Math.round(y * sy)));
    const l = labels[gy * gw + gx];
    if (l) seeds.add(l);
  }
  if (seeds.size) {
    // dilate the kept region a little: hair strands stick out of the person matte
    const keep = alloc.f32(gw * gh);
    for (let i = 0; i < keep.length; i++) keep[i] = seeds.has(labels[i]) ? 1 : 0;
    const r = Math.max(2, Math.round(m.w * sx * 0.12));
    const grown = boxMean(keep, gw, gh, r, alloc.f32(gw * gh));
    for (let i = 0; i < gate.length; i++) gate[i] *= Math.min(1, grown[i] * 4);
  }
}

/** Keep hair components (prob > 0.5) that reach the main head's neighbourhood; soft elsewhere → 0. */
export function keepHeadComponents(grid: ProbGrid, m: FaceGeom, alloc: Alloc = fresh, fringe = true): Float32Array {
  const out = alloc.f32(grid.gw * grid.gh);
  withTemporaries(alloc, () => headComponentsInto(out, grid, m, alloc, fringe));
  return out;
}

function headComponentsInto(out: Float32Array, grid: ProbGrid, m: FaceGeom, alloc: Alloc, fringe: boolean): void {
  const { prob, gw, gh, sx, sy } = grid;
  const { labels, count } = componentsAbove(prob, 0.5, gw, gh, alloc);
  const keep = new Uint8Array(count + 1);
  // head neighbourhood: an ellipse around the face, reaching above the forehead and to the sides; only the
  // cells of its bounding box (a cell more on each side) can be inside it
  const rx = m.w * 1.05;
  const ry = m.h * 1.1;
  const ecy = m.cy - m.h * 0.25 * m.uy;
  const gx0 = Math.max(0, Math.floor((m.cx - rx) * sx) - 1);
  const gx1 = Math.min(gw - 1, Math.ceil((m.cx + rx) * sx) + 1);
  const gy0 = Math.max(0, Math.floor((ecy - ry) * sy) - 1);
  const gy1 = Math.min(gh - 1, Math.ceil((ecy + ry) * sy) + 1);
  for (let gy = gy0; gy <= gy1; gy++) {
    const dy = gy / sy - ecy;
    for (let gx = gx0, i = gy * gw + gx0; gx <= gx1; gx++, i++) {
      const l = labels[i];
      if (!l || keep[l]) continue;
      const dx = gx / sx - m.cx;
      if ((dx * dx) / (rx * rx) + (dy * dy) / (ry * ry) <= 1) keep[l] = 1;
    }
  }
  // locks separated from the mass (by a hand, a strap, a gap over the shoulder): components within
  // 0.4 face widths of the kept hair
  const keptNow = alloc.f32(gw * gh);
  for (let i = 0; i < labels.length; i++) keptNow[i] = keep[labels[i]];
  const reach = boxMean(keptNow, gw, gh, Math.max(2, Math.round(m.w * sx * 0.4)), alloc.f32(gw * gh));
  for (let i = 0; i < labels.length; i++) if (labels[i] && reach[i] > 0) keep[labels[i]] = 1;
  withFringe({ out, labels, keep }, grid, alloc, fringe);
}

/**
 * The main hair region when no face was found (back of the head, a profile, a close-up of the lengths): the
 * largest hair component (prob > 0.5) and the components within its reach (locks separated from the mass
 * by a hand, a shoulder or a gap), each with its soft fringe unless `fringe` is false. Returns the kept
 * probabilities, the main component's area (grid cells) and its bounding box on the grid.
 */
export function keepLargestHairRegion(
  prob: Float32Array,
  gw: number,
  gh: number,
  alloc: Alloc = fresh,
  fringe = true,
): { kept: Float32Array; area: number; box: { x0: number; y0: number; x1: number; y1: number } } {
  const kept = alloc.f32(gw * gh);
  const box = { x0: 0, y0: 0, x1: -1, y1: -1 };
  const area = withTemporaries(alloc, () => largestRegionInto({ kept, box }, { prob, gw, gh }, alloc, fringe));
  return { kept, area, box };
}

/** keepLargestHairRegion's work: fills `kept` and `box`, returns the main component's area. */
function largestRegionInto(
  into: { kept: Float32Array; box: { x0: number; y0: number; x1: number; y1: number } },
  grid: Omit<ProbGrid, 'sx' | 'sy'>,
  alloc: Alloc,
  fringe: boolean,
): number {
  const { kept, box } = into;
  const { prob, gw, gh } = grid;
  const { labels, count } = componentsAbove(prob, 0.5, gw, gh, alloc);
  if (!count) return 0;
  const size = new Int32Array(count + 1);
  const bx0 = new Int32Array(count + 1).fill(gw);
  const by0 = new Int32Array(count + 1).fill(gh);
  const bx1 = new Int32Array(count + 1).fill(-1);
  const by1 = new Int32Array(count + 1).fill(-1);
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i];
    if (!l) continue;
    size[l]++;
    const x = i % gw;
    const y = (i - x) / gw;
    if (x < bx0[l]) bx0[l] = x;
    if (x > bx1[l]) bx1[l] = x;
    if (y < by0[l]) by0[l] = y;
    if (y > by1[l]) by1[l] = y;
  }
  let main = 1;
  for (let l = 2; l <= count; l++) if (size[l] > size[main]) main = l;
  Object.assign(box, { x0: bx0[main], y0: by0[main], x1: bx1[main], y1: by1[main] });
  // within reach: a component overlapping the main one's box grown by a quarter of its larger side
  const g = Math.round(Math.max(box.x1 - box.x0, box.y1 - box.y0) * 0.25);
  const keep = new Uint8Array(count + 1);
  for (let l = 1; l <= count; l++) {
    keep[l] = l === main || (size[l] >= 4 && bx1[l] >= box.x0 - g && bx0[l] <= box.x1 + g && by1[l] >= box.y0 - g && by0[l] <= box.y1 + g) ? 1 : 0;
  }
  withFringe({ out: kept, labels, keep }, grid, alloc, fringe);
  return size[main];
}

/** Kept components at their probability, then (unless `fringe` is false) their fringe: addFringe. */
function withFringe(
  components: { out: Float32Array; labels: Int32Array; keep: Uint8Array },
  { prob, gw, gh }: Omit<ProbGrid, 'sx' | 'sy'>,
  alloc: Alloc,
  fringe = true,
): void {
  const { out, labels, keep } = components;
  for (let i = 0; i < out.length; i++) out[i] = keep[labels[i]] ? prob[i] : 0;
  if (fringe) withTemporaries(alloc, () => addFringe(out, prob, gw, gh, alloc));
}

/**
 * Adds to `kept` (the kept components at their probability, 0 elsewhere; they are all above one half) the
 * low-probability fringe next to them, what the edge refinement works on, fading out over 3 cells.
 */
export function addFringe(kept: Float32Array, prob: Float32Array, gw: number, gh: number, alloc: Alloc): void {
  const keptMask = alloc.f32(gw * gh, false);
  for (let i = 0; i < kept.length; i++) keptMask[i] = kept[i] > 0 ? 1 : 0;
  const near = boxMean(keptMask, gw, gh, 3, alloc.f32(gw * gh, false));
  for (let i = 0; i < kept.length; i++) if (!keptMask[i] && near[i] > 0) kept[i] = prob[i] * Math.min(1, near[i] * 6);
}
