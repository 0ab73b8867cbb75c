/**
 * Where the generated picture's face is against the original's (issue 36): a similarity (scale, rotation,
 * shift) fitted to the face landmarks of both, checked against named limits. A face that cannot be put back
 * on the original's within them (turned, reshaped, missing, moved or resized too far) is refused.
 */
import type { FaceGeom } from '../matte/main-person';
import type { Rgb } from '../image/raster';

/** The landmarks alignment reads, in image pixels, and the face's width they were found at. */
export interface FacePoints {
  points: [number, number][];
  /** Cheek to cheek, in pixels: the unit the limits are in. */
  width: number;
}

/**
 * Mesh points of the face that a haircut does not move and an expression moves little: eye corners, brows'
 * inner ends, the nose bridge, tip and wings, mouth corners, chin and the jaw and cheek outline. The forehead
 * top is left out: a new fringe covers it. (MediaPipe face-mesh numbering, which Human's mesh uses.)
 */
const RIGID_POINTS = [33, 133, 362, 263, 55, 285, 168, 6, 1, 98, 327, 61, 291, 152, 234, 454, 172, 397, 136, 365, 132, 361];

/**
 * The one place that knows the face library's landmark layout: the points of a found face that alignment
 * uses, or null without a face mesh. Swapping the face finder means changing this function only.
 */
export function facePoints(face: FaceGeom | null | undefined): FacePoints | null {
  if (!face || face.mesh.length < 468) return null;
  return { points: RIGID_POINTS.map((i) => face.mesh[i]), width: face.w };
}

/** x' = a·x − b·y + tx, y' = b·x + a·y + ty: scale √(a²+b²), rotation atan2(b, a). */
export interface Similarity {
  a: number;
  b: number;
  tx: number;
  ty: number;
}

/** Least-squares similarity taking `from` onto `to` (same length), and its RMS residual in pixels of `to`. */
export function fitSimilarity(from: readonly [number, number][], to: readonly [number, number][]): { t: Similarity; rms: number } {
  const n = from.length;
  let fx = 0;
  let fy = 0;
  let gx = 0;
  let gy = 0;
  for (let k = 0; k < n; k++) {
    fx += from[k][0] / n;
    fy += from[k][1] / n;
    gx += to[k][0] / n;
    gy += to[k][1] / n;
  }
  let dot = 0;
  let cross = 0;
  let norm = 0;
  for (let k = 0; k < n; k++) {
    const x = from[k][0] - fx;
    const y = from[k][1] - fy;
    const u = to[k][0] - gx;
    const v = to[k][1] - gy;
    dot += x * u + y * v;
    cross += x * v - y * u;
    norm += x * x + y * y;
  }
  const a = dot / (norm || 1);
  const b = cross / (norm || 1);
  const t = { a, b, tx: gx - a * fx + b * fy, ty: gy - b * fx - a * fy };
  let sq = 0;
  for (let k = 0; k < n; k++) {
    const [x, y] = apply(t, from[k][0], from[k][1]);
    sq += (x - to[k][0]) ** 2 + (y - to[k][1]) ** 2;
  }
  return { t, rms: Math.sqrt(sq / Math.max(1, n)) };
}

function apply(t: Similarity, x: number, y: number): [number, number] {
  return [t.a * x - t.b * y + t.tx, t.b * x + t.a * y + t.ty];
}

/**
 * How far a generated face may be from the original's and still be put back on it. The provider is asked to
 * keep the framing, so a face that moved further was redrawn, not kept.
 */
export const ALIGN_LIMITS = {
  /** The generated face's size against the original's, beyond the frame's own resize (answer size vs photo): ±20 %. */
  maxScaleChange: 0.2,
  /** Shift of the face's centre against where the frame's resize puts it, in face widths. */
  maxShift: 0.25,
  /** Rotation of the face, in degrees. */
  maxRotationDeg: 10,
  /**
   * RMS distance of the landmarks after the fit, in face widths: the same face redetected is ~0.005, a
   * stretched frame or a smile ~0.02; a head turned by 20° or a reshaped face is past 0.05.
   */
  maxResidual: 0.05,
} as const;

export type AlignFailure = 'no-face' | 'moved' | 'changed';

export interface Alignment {
  /** Generated pixels → original pixels. */
  toOriginal: Similarity;
  scaleChange: number;
  /** In face widths. */
  shift: number;
  rotationDeg: number;
  /** In face widths. */
  residual: number;
}

/**
 * The generated face put onto the original's: `original` and `generated` are each image's main face, `frame`
 * the two images' sizes. Returns the alignment, or why it cannot be trusted.
 */
export function alignFaces(
  original: FacePoints | null,
  generated: FacePoints | null,
  frame: { width: number; height: number; generatedWidth: number; generatedHeight: number },
): Alignment | { failure: AlignFailure; detail: string } {
  if (!original || !generated) return { failure: 'no-face', detail: original ? 'no face in the generated picture' : 'no face in the photo' };
  const { t, rms } = fitSimilarity(generated.points, original.points);
  const sx = frame.width / frame.generatedWidth;
  const sy = frame.height / frame.generatedHeight;
  // the generated face's size against the original's, once the frame's resize is taken out
  const scaleChange = Math.sqrt(sx * sy) / Math.hypot(t.a, t.b) - 1;
  const rotationDeg = (Math.atan2(t.b, t.a) * 180) / Math.PI;
  // where the frame's own resize puts the generated face's centre, against where the original's is
  const centre = (p: readonly [number, number][]) => p.reduce((c, q) => [c[0] + q[0] / p.length, c[1] + q[1] / p.length], [0, 0]);
  const [gx, gy] = centre(generated.points);
  const [ox, oy] = centre(original.points);
  const shift = Math.hypot(gx * sx - ox, gy * sy - oy) / original.width;
  const residual = rms / original.width;
  const fit = { toOriginal: t, scaleChange, shift, rotationDeg, residual };
  const detail = `scale ${(scaleChange * 100).toFixed(1)} %, shift ${shift.toFixed(3)}, rotation ${rotationDeg.toFixed(1)}°, residual ${residual.toFixed(3)}`;
  if (residual > ALIGN_LIMITS.maxResidual) return { failure: 'changed', detail };
  if (Math.abs(scaleChange) > ALIGN_LIMITS.maxScaleChange || shift > ALIGN_LIMITS.maxShift || Math.abs(rotationDeg) > ALIGN_LIMITS.maxRotationDeg)
    return { failure: 'moved', detail };
  return fit;
}

/** The inverse of a similarity (original pixels → generated pixels). */
function invert(t: Similarity): Similarity {
  const d = t.a * t.a + t.b * t.b;
  const a = t.a / d;
  const b = -t.b / d;
  return { a, b, tx: -(a * t.tx - b * t.ty), ty: -(b * t.tx + a * t.ty) };
}

/** The generated picture and its hair matte in the original's frame, and where the picture reaches it at all. */
export interface Warped {
  img: Rgb;
  /** 0..1 per pixel. */
  hair: Float32Array;
  /** 1 where the generated picture covers the pixel. */
  inside: Uint8Array;
}

/** Bilinear resampling of the generated picture (3 channels) and its matte (0..255) into a width × height frame. */
export function warpToOriginal(gen: Rgb, matte: Uint8Array, toOriginal: Similarity, size: { width: number; height: number }): Warped {
  const { width: W, height: H } = size;
  const inv = invert(toOriginal);
  const out = new Uint8Array(W * H * 3);
  const hair = new Float32Array(W * H);
  const inside = new Uint8Array(W * H);
  const gw = gen.width;
  const gh = gen.height;
  const src = gen.data;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const fx = inv.a * x - inv.b * y + inv.tx;
      const fy = inv.b * x + inv.a * y + inv.ty;
      if (fx < 0 || fy < 0 || fx > gw - 1 || fy > gh - 1) continue;
      const x0 = Math.min(Math.floor(fx), gw - 2);
      const y0 = Math.min(Math.floor(fy), gh - 2);
      const wx = fx - x0;
      const wy = fy - y0;
      const w00 = (1 - wx) * (1 - wy);
      const w10 = wx * (1 - wy);
      const w01 = (1 - wx) * wy;
      const w11 = wx * wy;
      const i00 = y0 * gw + x0;
      const i = y * W + x;
      for (let c = 0; c < 3; c++) {
        const v = src[i00 * 3 + c] * w00 + src[(i00 + 1) * 3 + c] * w10 + src[(i00 + gw) * 3 + c] * w01 + src[(i00 + gw + 1) * 3 + c] * w11;
        out[i * 3 + c] = Math.round(v);
      }
      hair[i] = (matte[i00] * w00 + matte[i00 + 1] * w10 + matte[i00 + gw] * w01 + matte[i00 + gw + 1] * w11) / 255;
      inside[i] = 1;
    }
  }
  return { img: { width: W, height: H, data: out }, hair, inside };
}
