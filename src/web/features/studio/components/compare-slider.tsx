import { MoveHorizontal } from 'lucide-react';
import { useState } from 'react';

/**
 * Before/after comparison: the result underneath, the original clipped on top. A native range input
 * spans the whole picture, so dragging anywhere, a tap, or the arrow keys move the divider. The box
 * takes the picture's own proportions (once loaded) and never grows taller than most of the screen.
 */
export function CompareSlider({ before, after, alt, maxVh = 72 }: { before: string; after: string; alt: string; maxVh?: number }) {
  const [pos, setPos] = useState(50);
  const [ratio, setRatio] = useState(4 / 5);
  return (
    <div
      className="relative mx-auto w-full overflow-hidden rounded-2xl bg-stone-100 select-none has-[input:focus-visible]:ring-4 has-[input:focus-visible]:ring-brand-400"
      style={{ aspectRatio: String(ratio), maxWidth: `min(100%, ${(maxVh * ratio).toFixed(2)}vh)` }}
    >
      <img
        src={after}
        alt={`After: ${alt}`}
        className="absolute inset-0 h-full w-full object-cover"
        draggable={false}
        onLoad={(e) => {
          const { naturalWidth: w, naturalHeight: h } = e.currentTarget;
          if (w && h) setRatio(w / h);
        }}
      />
      <img
        src={before}
        alt="Before: your original photo"
        className="absolute inset-0 h-full w-full object-cover"
        style={{ clipPath: `inset(0 ${100 - pos}% 0 0)` }}
        draggable={false}
      />
      <div className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.15)]" style={{ left: `calc(${pos}% - 1px)` }}>
        <span className="absolute left-1/2 top-1/2 flex h-10 w-10 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-stone-800 shadow-lg ring-1 ring-stone-200">
          <MoveHorizontal className="h-5 w-5" aria-hidden />
        </span>
      </div>
      <span className="pointer-events-none absolute left-3 top-3 rounded-full bg-black/55 px-2.5 py-1 text-xs font-semibold text-white">Before</span>
      <span className="pointer-events-none absolute right-3 top-3 rounded-full bg-brand-700/90 px-2.5 py-1 text-xs font-semibold text-white">After</span>
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        value={pos}
        onChange={(e) => setPos(Number(e.target.value))}
        aria-label="Compare before and after"
        aria-valuetext={`${pos}% original`}
        className="absolute inset-0 h-full w-full cursor-ew-resize appearance-none bg-transparent opacity-0"
      />
    </div>
  );
}
