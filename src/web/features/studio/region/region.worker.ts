/**
 * The hair region in the browser (decision 142): the photo's pixels, the preview's region and the person's
 * corrections live here, off the page's thread, so a tap or a brush stroke never stalls scrolling or typing.
 * Each mark is applied to the previous result with the engine's own `applyCorrections` (applying the newest
 * mark to the last result equals applying them all), and what it changed is kept as a patch so Undo is
 * instant however many marks came before.
 */
import { applyCorrections, type Belief, type GridPlane } from '@shared/hair/apply-corrections';
import type { Mark } from '@shared/studio/corrections';
import type { FromRegionWorker, ToRegionWorker } from './protocol';
import { paintShades, shrinkMatte } from './shade-tiles';

const scope = self as unknown as {
  postMessage(m: FromRegionWorker, transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent<ToRegionWorker>) => void) | null;
};
const post = (m: FromRegionWorker, transfer?: Transferable[]) => scope.postMessage(m, transfer);

interface Patch {
  x0: number;
  y0: number;
  w: number;
  h: number;
  before: Uint8Array;
}

interface Photo {
  bitmap: ImageBitmap;
  rgba: Uint8ClampedArray;
  width: number;
  height: number;
  base: Uint8Array;
  matte: Uint8Array;
  /** The network's belief the taps read, as the engine's do (decision 187). */
  belief: Belief | null;
  /** The person matte outside the chosen face, which an "add hair" tap reads (decision 203). */
  person: GridPlane | null;
  patches: Patch[];
}

let photo: Photo | null = null;

/** Pixels exactly as decoded: no colour management, so they are the bytes the server decodes from the same JPEG. */
const EXACT: ImageBitmapOptions = { colorSpaceConversion: 'none', premultiplyAlpha: 'none' };

function pixels(bitmap: ImageBitmap, width: number, height: number): Uint8ClampedArray {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(bitmap, 0, 0);
  return ctx.getImageData(0, 0, width, height).data;
}

async function load(msg: Extract<ToRegionWorker, { type: 'load' }>): Promise<Photo> {
  photo?.bitmap.close();
  photo = null;
  const [bitmap, matteBitmap] = await Promise.all([createImageBitmap(msg.photo, EXACT), createImageBitmap(msg.matte, EXACT)]);
  if (bitmap.width !== msg.width || bitmap.height !== msg.height || matteBitmap.width !== msg.width || matteBitmap.height !== msg.height) {
    bitmap.close();
    matteBitmap.close();
    throw new Error('The hair region does not match this photo.');
  }
  const grey = pixels(matteBitmap, msg.width, msg.height);
  matteBitmap.close();
  const base = new Uint8Array(msg.width * msg.height);
  for (let i = 0; i < base.length; i++) base[i] = grey[i * 4];
  const loaded: Photo = {
    bitmap,
    rgba: pixels(bitmap, msg.width, msg.height),
    width: msg.width,
    height: msg.height,
    base,
    matte: base,
    belief: msg.belief ? await greyPlane(msg.belief) : null,
    person: msg.person ? await greyPlane(msg.person) : null,
    patches: [],
  };
  for (const mark of msg.marks) apply(loaded, mark);
  photo = loaded;
  return loaded;
}

/** A grey PNG's bytes, exactly as encoded (the belief and the person matte are at their models' grids, not the photo's size). */
async function greyPlane(png: Blob): Promise<GridPlane> {
  const bitmap = await createImageBitmap(png, EXACT);
  const { width, height } = bitmap;
  const rgba = pixels(bitmap, width, height);
  bitmap.close();
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4];
  return { width, height, data };
}

/** Applies one mark and keeps what it changed, as the smallest rectangle around the change; answers how many pixels changed. */
function apply(p: Photo, mark: Mark): number {
  const next = applyCorrections({ rgba: p.rgba, width: p.width, height: p.height, matte: p.matte, marks: [mark], belief: p.belief, person: p.person });
  let x0 = p.width,
    y0 = p.height,
    x1 = -1,
    y1 = -1,
    changed = 0;
  for (let i = 0; i < next.length; i++) {
    if (next[i] === p.matte[i]) continue;
    changed++;
    const x = i % p.width;
    const y = (i - x) / p.width;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  const w = Math.max(0, x1 - x0 + 1);
  const h = Math.max(0, y1 - y0 + 1);
  const before = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) before.set(p.matte.subarray((y0 + y) * p.width + x0, (y0 + y) * p.width + x0 + w), y * w);
  p.patches.push({ x0, y0, w, h, before });
  p.matte = next;
  return changed;
}

function undo(p: Photo): number {
  const patch = p.patches.pop();
  if (!patch) return 0;
  const matte = new Uint8Array(p.matte);
  for (let y = 0; y < patch.h; y++) matte.set(patch.before.subarray(y * patch.w, (y + 1) * patch.w), (patch.y0 + y) * p.width + patch.x0);
  p.matte = matte;
  return patch.w * patch.h;
}

async function tiles(p: Photo, msg: Extract<ToRegionWorker, { type: 'tiles' }>) {
  const h = Math.min(msg.height, p.height);
  const w = Math.max(1, Math.round((p.width * h) / p.height));
  const canvas = new OffscreenCanvas(w, h);
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(p.bitmap, 0, 0, w, h);
  const small = ctx.getImageData(0, 0, w, h);
  if (msg.matte.length !== p.width * p.height) throw new Error('The hair region does not match this photo.');
  const painted = paintShades(
    small.data,
    shrinkMatte(msg.matte, p.width, p.height, w, h),
    w,
    h,
    msg.shades.map((s) => s.target),
  );
  if (!painted) throw new Error('There is too little hair in the region to show shades on it. Add your hair with a tap first.');
  const out: { id: string; blob: Blob }[] = [];
  for (let k = 0; k < painted.length; k++) {
    ctx.putImageData(new ImageData(painted[k], w, h), 0, 0);
    out.push({ id: msg.shades[k].id, blob: await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 }) });
  }
  return out;
}

/** The page gets its own copy of the region: the worker keeps working on its own. */
function sendMatte(id: number, p: Photo, changed: number, t0: number) {
  const copy = p.matte.slice();
  post({ type: 'matte', id, matte: copy, changed, ms: performance.now() - t0 }, [copy.buffer]);
}

async function handle(msg: ToRegionWorker) {
  const t0 = performance.now();
  if (msg.type === 'load') return sendMatte(msg.id, await load(msg), 0, t0);
  if (!photo) throw new Error('No photo is loaded.');
  if (msg.type === 'tiles') return post({ type: 'tiles', id: msg.id, tiles: await tiles(photo, msg) });
  let changed: number;
  if (msg.type === 'mark') changed = apply(photo, msg.mark);
  else if (msg.type === 'undo') changed = undo(photo);
  else {
    changed = photo.patches.length;
    photo.matte = photo.base;
    photo.patches = [];
  }
  sendMatte(msg.id, photo, changed, t0);
}

// one message at a time, in order: a mark sent while the photo loads waits for it
let queue: Promise<void> = Promise.resolve();
scope.onmessage = (e) => {
  const msg = e.data;
  queue = queue.then(() => handle(msg)).catch((err: unknown) => post({ type: 'error', id: msg.id, message: err instanceof Error ? err.message : String(err) }));
};
