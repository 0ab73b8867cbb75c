import { MSG } from '@shared/messages';
import { STUDIO_UPLOAD } from '@shared/studio/upload';

/** What leaves the browser for one image of a generation (decision 115). */
export interface PreparedPhoto {
  blob: Blob;
  type: string;
  /** false when the browser could not decode the file and sends it as chosen (the server then judges it). */
  reencoded: boolean;
}

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  release(): void;
}

/**
 * Decodes with the EXIF orientation applied: createImageBitmap where it takes `imageOrientation`, else an
 * <img> (browsers draw images upright: CSS `image-orientation: from-image` is the default). null when the
 * browser cannot read the file at all.
 */
async function decode(file: Blob): Promise<Decoded | null> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
    } catch {
      // an older engine refuses the option, or cannot decode this format: try the <img> path
    }
  }
  if (typeof Image === 'undefined') return null;
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.decoding = 'async';
  img.src = url;
  try {
    await img.decode();
  } catch {
    URL.revokeObjectURL(url);
    return null;
  }
  return { source: img, width: img.naturalWidth, height: img.naturalHeight, release: () => URL.revokeObjectURL(url) };
}

/** An OffscreenCanvas where there is one (also in workers), else a detached <canvas>. */
function surface(
  width: number,
  height: number,
): { ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D; jpeg(q: number): Promise<Blob | null> } | null {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (ctx) return { ctx, jpeg: (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality }).catch(() => null) };
  }
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  return { ctx, jpeg: (quality) => new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality)) };
}

/** The size that fits inside `side`×`side` without enlarging (the server's `fit: inside`). */
export function fitInside(width: number, height: number, side: number): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

type Kind = 'photo' | 'reference';
const prepared = new WeakMap<Blob, Map<Kind, Promise<PreparedPhoto>>>();

/**
 * Fits a chosen photo into the studio's working size and re-encodes it as JPEG within its byte budget,
 * upright and without metadata. A file the browser cannot decode goes as chosen when it is small enough
 * for the server to judge it; otherwise it is refused here with the server's message. Once per file and
 * kind: the studio starts it when the photo is chosen, so Generate finds it ready.
 */
export function preparePhoto(file: Blob, kind: Kind = 'photo'): Promise<PreparedPhoto> {
  let byKind = prepared.get(file);
  if (!byKind) prepared.set(file, (byKind = new Map()));
  let job = byKind.get(kind);
  if (!job) byKind.set(kind, (job = prepare(file, kind)));
  return job;
}

async function prepare(file: Blob, kind: Kind): Promise<PreparedPhoto> {
  const side = kind === 'photo' ? STUDIO_UPLOAD.photoSide : STUDIO_UPLOAD.referenceSide;
  const budget = kind === 'photo' ? STUDIO_UPLOAD.photoBudgetBytes : STUDIO_UPLOAD.referenceBudgetBytes;
  const asChosen = (): PreparedPhoto => {
    if (file.size > STUDIO_UPLOAD.maxImageBytes) throw new Error(MSG.unreadablePhoto);
    return { blob: file, type: file.type || 'image/jpeg', reencoded: false };
  };
  const decoded = await decode(file);
  if (!decoded || !decoded.width || !decoded.height) return asChosen();
  try {
    const size = fitInside(decoded.width, decoded.height, side);
    const target = surface(size.width, size.height);
    if (!target) return asChosen();
    // transparent pixels become white, as the server flattens them
    target.ctx.fillStyle = '#ffffff';
    target.ctx.fillRect(0, 0, size.width, size.height);
    target.ctx.imageSmoothingEnabled = true;
    target.ctx.imageSmoothingQuality = 'high';
    target.ctx.drawImage(decoded.source, 0, 0, size.width, size.height);
    let best: Blob | null = null;
    for (const quality of STUDIO_UPLOAD.qualities) {
      const blob = await target.jpeg(quality);
      if (!blob) break;
      best = blob;
      if (blob.size <= budget) break;
    }
    if (!best) return asChosen();
    return { blob: best, type: 'image/jpeg', reencoded: true };
  } finally {
    decoded.release();
  }
}
