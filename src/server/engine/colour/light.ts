/**
 * The photo's light: white balance and exposure, estimated once per photo from what has a known colour
 * (decision 083). Targets are rendered in this light (a platinum in a dim, warm room is a dim, warm
 * platinum) and the colourist's read is taken after undoing it (dark blonde in shade is still dark blonde).
 *
 * Sources, strongest first:
 *  - the whites of the eyes (face mesh eye contours): nearly neutral and of known brightness;
 *  - the whole frame: its bright end (exposure), the brightest low-chroma pixels (a white patch) and, weakly,
 *    the grey world (tint).
 * Skin was tried for the tint and dropped: make-up and skin tone move its hue more than the light does.
 * Every correction is bounded: a scene may really be warm, and a wrong large correction is worse than none.
 */
import { linearRgbToOklab } from '@shared/hair/oklab';
import type { PhotoLight } from '@shared/hair/shade-map';
import { lumaLinear, SRGB_TO_LINEAR, type Rgb } from '../image/raster';
import type { FaceGeom } from '../matte/main-person';
import { fillPolygon } from '../matte/refine';

export interface LightEstimate extends PhotoLight {
  /** How bright a white surface is in this photo (linear luminance; 1 = well exposed). */
  exposure: number;
  /** Which sources were used, for logs and the bench. */
  sources: string[];
  /** Too dark to read levels reliably. */
  dim: boolean;
}

/** Mesh indices of the eye contours (MediaPipe face mesh), right and left. */
const EYES = [
  [33, 246, 161, 160, 159, 158, 157, 173, 133, 155, 154, 153, 145, 144, 163, 7],
  [263, 466, 388, 387, 386, 385, 384, 398, 362, 382, 381, 380, 374, 373, 390, 249],
];

/** Linear luminance of a white (sclera) surface at normal exposure: sclera reflects ~55-65 %. */
const SCLERA_Y = 0.6;
/** Linear luminance the brightest near-neutral parts of a well-exposed photo reach (98th percentile). */
const FRAME_WHITE_Y = 0.8;
/** ln(red / blue) of a sclera in neutral light: slightly warm. */
const SCLERA_WARMTH = 0.1;
/** The face mesh's point count (MediaPipe's 468); a mesh without them has no eye contours. */
const MESH_POINTS = 468;
/** Fewer pixels inside the eye contours than this: the eyes are too small to read. */
const MIN_EYE_PIXELS = 40;
/** The sclera: the brightest, least coloured 1/SCLERA_SHARE of the eyes' pixels, at least SCLERA_MIN_PIXELS. */
const SCLERA_SHARE = 4;
const SCLERA_MIN_PIXELS = 10;
/** A sclera more saturated than this, or darker than SCLERA_MIN_Y (linear luminance), is a closed or shadowed eye. */
const SCLERA_MAX_SAT = 0.45;
const SCLERA_MIN_Y = 0.04;

/** About this many pixels of the frame are sampled, on an even stride. */
const FRAME_SAMPLES = 60000;
/** A channel at or above this (linear) is clipped: left out of the grey world and the white patch. */
const CLIPPED = 0.97;
/** The frame's exposure is read at this percentile of luminance … */
const EXPOSURE_PERCENTILE = 0.98;
/** … and its white patch from the pixels above this one (the brightest 15 %) … */
const WHITE_PERCENTILE = 0.85;
/** … whose saturation is below this (skin, the usual bright thing in a portrait, is above) … */
const WHITE_MAX_SAT = 0.3;
/** … when there are at least this many of them. */
const WHITE_MIN_PIXELS = 50;

/** The exposure is bounded to this range: a wrong large correction is worse than none. */
const EXPOSURE_MIN = 0.25;
const EXPOSURE_MAX = 1.1;
/** Below this exposure the photo is too dark to read levels reliably. */
const DIM_BELOW = 0.42;
/** The sources' weights in the white balance: the eyes', the white patch's and the grey world's. */
const EYES_WEIGHT = 2;
const WHITE_WEIGHT = 1;
const GREY_WEIGHT = 0.5;
/** The share of the sources' warmth that is corrected (scenes have their own colour), and its bounds. */
const WARMTH_SHARE = 0.5;
const WARMTH_MIN = -0.35;
const WARMTH_MAX = 0.45;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
// in the frame's loops these were faster than Math.max and Math.min with three arguments (5.6 → 5.1 ms a photo)
const max3 = (r: number, g: number, b: number) => (r > g ? (r > b ? r : b) : g > b ? g : b);
const min3 = (r: number, g: number, b: number) => (r < g ? (r < b ? r : b) : g < b ? g : b);

interface Sample {
  r: number;
  g: number;
  b: number;
  n: number;
}

/** Mean linear RGB of the brighter, low-chroma half of the pixels inside the eye contours (the sclera). */
function sclera(img: Rgb, face: FaceGeom): Sample | null {
  if (face.mesh.length < MESH_POINTS) return null;
  const d = img.data;
  const w = img.width;
  const px: number[] = [];
  for (const eye of EYES) {
    fillPolygon(
      eye.map((i) => face.mesh[i]),
      w,
      img.height,
      (i) => px.push(i),
    );
  }
  if (px.length < MIN_EYE_PIXELS) return null;
  // sclera: the brightest, least coloured quarter of the eye (iris, lashes and lids are darker or coloured)
  const scored = px.map((i) => {
    const r = SRGB_TO_LINEAR[d[i * 3]];
    const g = SRGB_TO_LINEAR[d[i * 3 + 1]];
    const b = SRGB_TO_LINEAR[d[i * 3 + 2]];
    const y = lumaLinear(r, g, b);
    const sat = (max3(r, g, b) - min3(r, g, b)) / Math.max(1e-4, max3(r, g, b));
    return { i, r, g, b, score: y * (1 - sat) };
  });
  scored.sort((p, q) => q.score - p.score);
  const top = scored.slice(0, Math.max(SCLERA_MIN_PIXELS, Math.floor(scored.length / SCLERA_SHARE)));
  const s: Sample = { r: 0, g: 0, b: 0, n: top.length };
  for (const p of top) {
    s.r += p.r;
    s.g += p.g;
    s.b += p.b;
  }
  s.r /= s.n;
  s.g /= s.n;
  s.b /= s.n;
  // a closed or shadowed eye gives no usable white
  const sat = (Math.max(s.r, s.g, s.b) - Math.min(s.r, s.g, s.b)) / Math.max(1e-4, Math.max(s.r, s.g, s.b));
  if (sat > SCLERA_MAX_SAT || lumaLinear(s.r, s.g, s.b) < SCLERA_MIN_Y) return null;
  return s;
}

/**
 * Over a sparse grid of the frame: the exposure (98th percentile of luminance, clipped pixels included) and
 * two tints: the white patch (the brightest tenth of the low-chroma, unclipped pixels) and the grey world.
 */
function frame(img: Rgb): { y98: number; white: Sample; grey: Sample } {
  const d = img.data;
  const n = img.width * img.height;
  const step = Math.max(1, Math.floor(n / FRAME_SAMPLES));
  // a typed array (Float32Array.from over an array of numbers went through the iterator protocol one value at
  // a time)
  const ys = new Float32Array(Math.ceil(n / step));
  const grey: Sample = { r: 0, g: 0, b: 0, n: 0 };
  for (let i = 0, k = 0; i < n; i += step, k++) {
    const r = SRGB_TO_LINEAR[d[i * 3]];
    const g = SRGB_TO_LINEAR[d[i * 3 + 1]];
    const b = SRGB_TO_LINEAR[d[i * 3 + 2]];
    ys[k] = lumaLinear(r, g, b);
    if (max3(r, g, b) < CLIPPED) {
      grey.r += r;
      grey.g += g;
      grey.b += b;
      grey.n++;
    }
  }
  const order = ys.slice();
  const y98 = kthSmallest(order, Math.floor(order.length * EXPOSURE_PERCENTILE));
  // the white patch: bright (top 15 %), not clipped, and low in chroma (skin, the usual bright thing in a
  // portrait, would make every photo read warm)
  const y85 = kthSmallest(order, Math.floor(order.length * WHITE_PERCENTILE));
  const white: Sample = { r: 0, g: 0, b: 0, n: 0 };
  for (let i = 0, k = 0; i < n; i += step, k++) {
    if (ys[k] < y85) continue;
    const r = SRGB_TO_LINEAR[d[i * 3]];
    const g = SRGB_TO_LINEAR[d[i * 3 + 1]];
    const b = SRGB_TO_LINEAR[d[i * 3 + 2]];
    const mx = max3(r, g, b);
    if (mx >= CLIPPED || (mx - min3(r, g, b)) / mx > WHITE_MAX_SAT) continue;
    white.r += r;
    white.g += g;
    white.b += b;
    white.n++;
  }
  for (const s of [white, grey]) {
    if (!s.n) continue;
    s.r /= s.n;
    s.g /= s.n;
    s.b /= s.n;
  }
  // too few neutral bright pixels to trust
  if (white.n < WHITE_MIN_PIXELS) white.n = 0;
  return { y98, white, grey };
}

/**
 * The k-th smallest value of `a` (0-based), the same as `a.sort()[k]`, found by Hoare's selection in linear
 * time on average: sorting the frame's 60,000 samples took 4.4 ms. Reorders `a`.
 */
function kthSmallest(a: Float32Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (hi > lo) {
    const pivot = a[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return a[k];
}

/** Colour temperature of a sample as ln(red / blue): illuminants vary along this axis (warm > 0 > cool). */
function warmth(s: { r: number; b: number }): number {
  return Math.log(Math.max(1e-4, s.r) / Math.max(1e-4, s.b));
}

/** Estimate the light of a photo from its eyes, skin and frame; `face` may be null (no face found). */
export function estimateLight(img: Rgb, face: FaceGeom | null): LightEstimate {
  const sources: string[] = [];
  const fr = frame(img);
  const eyes = face ? sclera(img, face) : null;

  // exposure: the frame's bright end, or the whites of the eyes if brighter (an eye in the shade of the
  // brow reads darker than the light is; a scene with nothing white reads darker too: take the larger)
  const frameExp = fr.y98 / FRAME_WHITE_Y;
  let exposure = frameExp;
  sources.push(`frame ${frameExp.toFixed(2)}`);
  if (eyes) {
    const eyeExp = lumaLinear(eyes.r, eyes.g, eyes.b) / SCLERA_Y;
    exposure = Math.max(exposure, eyeExp);
    sources.push(`eyes ${eyeExp.toFixed(2)}`);
  }
  exposure = clamp(exposure, EXPOSURE_MIN, EXPOSURE_MAX);

  // white balance along the warm↔cool axis only (a pink eyelid or a green wall is not a light): weighted mean
  // of the sources' warmth (eyes 2, white patch 1, grey world 0.5), relative to a neutral sclera's slight
  // warmth, then pulled halfway to neutral (scenes have their own colour) and bounded
  const parts: Array<[number, number]> = [];
  if (eyes) parts.push([warmth(eyes) - SCLERA_WARMTH, EYES_WEIGHT]);
  if (fr.white.n) parts.push([warmth(fr.white), WHITE_WEIGHT]);
  if (fr.grey.n) parts.push([warmth(fr.grey), GREY_WEIGHT]);
  const wsum = parts.reduce((s, [, w]) => s + w, 0);
  const t = wsum > 0 ? clamp((WARMTH_SHARE * parts.reduce((s, [v, w]) => s + v * w, 0)) / wsum, WARMTH_MIN, WARMTH_MAX) : 0;
  const wb: [number, number, number] = [Math.exp(t / 2), 1, Math.exp(-t / 2)];
  const k = exposure / lumaLinear(wb[0], wb[1], wb[2]);
  const gain: [number, number, number] = [wb[0] * k, wb[1] * k, wb[2] * k];
  return { gain, exposure, sources, dim: exposure < DIM_BELOW };
}

/** The a and b a neutral surface takes in this light, per unit of its OKLab lightness. */
export function lightTint(light: PhotoLight): [number, number] {
  const c = linearRgbToOklab(light.gain[0], light.gain[1], light.gain[2]);
  return [c.a / c.L, c.b / c.L];
}
