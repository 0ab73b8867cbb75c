import { useEffect, useState } from 'react';
import { shadeMapParams } from '@shared/hair/shade-map';
import { Notice } from '@web/components/ui/notice';
import { hairStats } from '@shared/hair/hair-stats';
import { gridShades, type LiveShade } from '../colour/live-shades';
import { hasWebGl2, HairRecolourer } from '../colour/recolour-gl';
import { MODEL_SIZE } from '../engine/protocol';
import { hairSegmenter, LiveUnavailableError } from '../engine/segmenter';

/** Preview height: enough to judge a colour, small enough that nine render in a blink on a phone. */
const PREVIEW_H = 360;

interface Tile {
  shade: LiveShade;
  url: string;
}

/** Nine shades on one photo, recoloured in the page (free, nothing uploaded). Colour stats come from the model's view of the photo. */
async function renderGrid(photo: Blob): Promise<Tile[]> {
  if (!hasWebGl2()) throw new LiveUnavailableError('This browser cannot draw the previews (it has no WebGL2).');
  const segmenter = await hairSegmenter();
  const full = await createImageBitmap(photo);
  const h = Math.min(PREVIEW_H, full.height);
  const w = Math.round((full.width * h) / full.height);
  const bitmap = await createImageBitmap(full, { resizeWidth: w, resizeHeight: h, resizeQuality: 'high' });
  full.close();
  const { mask } = await segmenter.segment(bitmap, true);
  // statistics from the photo at the model's size, so they match what the mask covers
  const small = new OffscreenCanvas(MODEL_SIZE, MODEL_SIZE);
  const ctx = small.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(bitmap, 0, 0, MODEL_SIZE, MODEL_SIZE);
  const stats = hairStats(ctx.getImageData(0, 0, MODEL_SIZE, MODEL_SIZE).data, mask, MODEL_SIZE, MODEL_SIZE);
  if (!stats || stats.coverage < 0.003) throw new Error('No hair was found in this photo. Try one with your hair clearly visible.');
  const canvas = document.createElement('canvas');
  const gl = new HairRecolourer(canvas);
  try {
    gl.setFrame(bitmap, w, h);
    gl.setMask(mask, MODEL_SIZE);
    const tiles: Tile[] = [];
    for (const shade of gridShades()) {
      gl.setParams(shadeMapParams(stats, { mean: shade.target }));
      gl.draw({ split: 0, mirror: false });
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
      if (blob) tiles.push({ shade, url: URL.createObjectURL(blob) });
    }
    return tiles;
  } finally {
    gl.dispose();
    bitmap.close();
  }
}

/** Spec: after choosing a photo, 6–9 shades side by side at preview size, computed in the browser; clicking one fills the prompt. */
export default function ShadeGrid({ photo, onPick }: { photo: Blob; onPick: (prompt: string) => void }) {
  const [tiles, setTiles] = useState<Tile[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let made: Tile[] = [];
    setTiles(null);
    setError(null);
    renderGrid(photo)
      .then((t) => {
        made = t;
        if (cancelled) t.forEach((x) => URL.revokeObjectURL(x.url));
        else setTiles(t);
      })
      .catch((err: unknown) => {
        if (!cancelled) setError(err instanceof Error ? err.message : 'The previews could not be made.');
      });
    return () => {
      cancelled = true;
      made.forEach((x) => URL.revokeObjectURL(x.url));
    };
  }, [photo]);

  return (
    <section aria-labelledby="shade-grid-title" aria-busy={!tiles && !error} className="space-y-2" data-testid="shade-grid">
      <h3 id="shade-grid-title" className="font-display text-base font-semibold text-stone-900">
        Nine shades on your photo
      </h3>
      <p className="text-xs text-stone-600">Quick previews made on your device, free. Choose one to put it in your prompt.</p>
      {error ? (
        <Notice tone="warning">{error}</Notice>
      ) : !tiles ? (
        <p className="text-sm text-stone-600">Finding your hair…</p>
      ) : (
        <ul className="grid grid-cols-3 gap-2">
          {tiles.map((t) => (
            <li key={t.shade.id}>
              <button
                type="button"
                onClick={() => onPick(t.shade.prompt)}
                className="group w-full overflow-hidden rounded-xl text-left ring-1 ring-stone-200 hover:ring-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <img src={t.url} alt={`Your photo with ${t.shade.label.toLowerCase()} hair`} className="aspect-[3/4] w-full object-cover" />
                <span className="block px-2 py-1 text-xs font-medium text-stone-800">{t.shade.label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
