/**
 * A second look at the hair: the hair model sees the whole photo stretched to 512×512, so a head that fills
 * a fifth of the frame is judged from ~100 pixels across. The region around the hair found by the first
 * pass (with the face, grown by a fifth of its size on each side) is cropped from the full-resolution photo,
 * stretched to the model's input and segmented again; where either look is sure of hair, it is hair
 * (per-pixel maximum), faded in over the crop's inner borders so no seam shows. Decision 120. When the region
 * is the whole photo there is nothing to look at again (decision 122), nor when a face and its hair fill half
 * the photo or more (decision 130).
 */
import type { Box, Plane } from '../image/raster';
import type { FaceGeom } from './main-person';

/** Share of the region's size added on each side. */
const GROW = 0.2;
/** Share of the crop, at each inner border, over which the second look fades in. */
const FEATHER = 0.06;
/**
 * With a face, the share of the photo at or above which the region is not looked at again: the crop would
 * enlarge it less than √2 times, and on hair-dev's photos with a face the second look changed nothing on
 * average at such sizes (decision 130).
 */
const FACE_FILLS = 0.5;

/** A photo's size in pixels. */
interface Size {
  width: number;
  height: number;
}

/**
 * The region to look at again, in image pixels (inclusive bounds), from the first pass's kept hair on its
 * grid over the photo and the main face; null when nothing was kept.
 */
export function hairRegionOfInterest(keptGrid: Plane, photo: Size, face: FaceGeom | null): Box | null {
  const { data: kept, width: gw, height: gh } = keptGrid;
  const { width: W, height: H } = photo;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0, i = gy * gw; gx < gw; gx++, i++) {
      if (kept[i] <= 0.5) continue;
      if (gx < x0) x0 = gx;
      if (gx > x1) x1 = gx;
      if (gy < y0) y0 = gy;
      if (gy > y1) y1 = gy;
    }
  }
  const sx = W / gw;
  const sy = H / gh;
  let bx0 = x1 >= x0 ? x0 * sx : Infinity;
  let bx1 = x1 >= x0 ? (x1 + 1) * sx : -Infinity;
  let by0 = y1 >= y0 ? y0 * sy : Infinity;
  let by1 = y1 >= y0 ? (y1 + 1) * sy : -Infinity;
  if (face) {
    bx0 = Math.min(bx0, face.cx - face.w);
    bx1 = Math.max(bx1, face.cx + face.w);
    by0 = Math.min(by0, face.cy - face.h);
    by1 = Math.max(by1, face.cy + face.h * 0.8);
  }
  if (!(bx1 > bx0 && by1 > by0)) return null;
  const mx = (bx1 - bx0) * GROW;
  const my = (by1 - by0) * GROW;
  const box = {
    x0: Math.max(0, Math.floor(bx0 - mx)),
    y0: Math.max(0, Math.floor(by0 - my)),
    x1: Math.min(W - 1, Math.ceil(bx1 + mx) - 1),
    y1: Math.min(H - 1, Math.ceil(by1 + my) - 1),
  };
  // too small to crop meaningfully (the model's input would be mostly upsampled blur)
  if (box.x1 - box.x0 < 16 || box.y1 - box.y0 < 16) return null;
  // the whole photo: the model would see exactly the first pass's input again and answer the same (most
  // portraits, where the grown region reaches every edge of the frame)
  if (box.x0 === 0 && box.y0 === 0 && box.x1 === W - 1 && box.y1 === H - 1) return null;
  if (face && (box.x1 - box.x0 + 1) * (box.y1 - box.y0 + 1) >= FACE_FILLS * W * H) return null;
  return box;
}

/**
 * Merge the second look `cropPlane` (S×S over `roi` of the photo) into `probGrid` (gw×gh over the whole photo),
 * in place: the per-pixel maximum, faded in over the crop's inner borders.
 */
export function mergeSecondLook(probGrid: Plane, photo: Size, cropPlane: Plane, roi: Box): void {
  const { data: prob, width: gw, height: gh } = probGrid;
  const { width: W, height: H } = photo;
  const { data: crop, width: S } = cropPlane;
  const rw = roi.x1 - roi.x0 + 1;
  const rh = roi.y1 - roi.y0 + 1;
  const gx0 = Math.max(0, Math.floor((roi.x0 / W) * gw));
  const gx1 = Math.min(gw - 1, Math.ceil(((roi.x1 + 1) / W) * gw) - 1);
  const gy0 = Math.max(0, Math.floor((roi.y0 / H) * gh));
  const gy1 = Math.min(gh - 1, Math.ceil(((roi.y1 + 1) / H) * gh) - 1);
  const left = roi.x0 > 0;
  const right = roi.x1 < W - 1;
  const top = roi.y0 > 0;
  const bottom = roi.y1 < H - 1;
  // each grid column's place in the crop (its two crop columns, the weight between them and the fade-in),
  // once for all rows
  const cols = Math.max(0, gx1 - gx0 + 1);
  const cx0s = new Int32Array(cols);
  const cx1s = new Int32Array(cols);
  const wxs = new Float64Array(cols);
  const fades = new Float64Array(cols);
  const columns = { cx0s, cx1s, wxs, fades };
  for (let k = 0; k < cols; k++) {
    const u = (((gx0 + k + 0.5) / gw) * W - roi.x0) / rw;
    let w = u < 0 || u > 1 ? 0 : 1;
    if (left) w = Math.min(w, u / FEATHER);
    if (right) w = Math.min(w, (1 - u) / FEATHER);
    const X = Math.min(S - 1, Math.max(0, u * S - 0.5));
    const c0 = Math.floor(X);
    cx0s[k] = c0;
    cx1s[k] = Math.min(c0 + 1, S - 1);
    wxs[k] = X - c0;
    fades[k] = w;
  }
  for (let gy = gy0; gy <= gy1; gy++) {
    const v = (((gy + 0.5) / gh) * H - roi.y0) / rh;
    if (v < 0 || v > 1) continue;
    let wv = 1;
    if (top) wv = Math.min(wv, v / FEATHER);
    if (bottom) wv = Math.min(wv, (1 - v) / FEATHER);
    const Y = Math.min(S - 1, Math.max(0, v * S - 0.5));
    const cy0 = Math.floor(Y);
    const cy1 = Math.min(cy0 + 1, S - 1);
    mergeRow(prob, gy * gw + gx0, crop, { r0: cy0 * S, r1: cy1 * S, wy: Y - cy0, wv }, columns);
  }
}

/**
 * One grid row of mergeSecondLook, starting at `at` in `prob`: r0 and r1 are the crop rows above and below, wy
 * the weight between them, wv the row's fade-in; `columns` is each grid column's place in the crop.
 */
function mergeRow(
  prob: Float32Array,
  at: number,
  crop: Float32Array,
  row: { r0: number; r1: number; wy: number; wv: number },
  columns: { cx0s: Int32Array; cx1s: Int32Array; wxs: Float64Array; fades: Float64Array },
): void {
  const { r0, r1, wy, wv } = row;
  const { cx0s, cx1s, wxs, fades } = columns;
  for (let k = 0; k < fades.length; k++) {
    const w = Math.min(wv, fades[k]);
    if (w <= 0) continue;
    const x0 = cx0s[k];
    const x1 = cx1s[k];
    const wx = wxs[k];
    const c = (crop[r0 + x0] * (1 - wx) + crop[r0 + x1] * wx) * (1 - wy) + (crop[r1 + x0] * (1 - wx) + crop[r1 + x1] * wx) * wy;
    const i = at + k;
    const b = prob[i];
    if (c > b) prob[i] = b + (c - b) * Math.min(1, w);
  }
}
