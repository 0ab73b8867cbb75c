import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { styleTagLabel } from '@shared/partners/style-tags';
import type { PortfolioImage } from '@shared/partners/views';

/** A full-screen viewer for the portfolio: arrows and Escape on the keyboard, focus kept inside. */
export function Lightbox({
  images,
  index,
  onIndex,
  onClose,
  owner,
}: {
  images: PortfolioImage[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
  owner: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const img = images[index];
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') onIndex((index + 1) % images.length);
      if (e.key === 'ArrowLeft') onIndex((index - 1 + images.length) % images.length);
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [index, images.length, onIndex]);
  if (!img) return null;
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(e) => e.target === ref.current && onClose()}
      className="m-0 h-full max-h-none w-full max-w-none bg-stone-950/95 p-0 text-white backdrop:bg-stone-950/80"
      aria-label={`${owner} portfolio, image ${index + 1} of ${images.length}`}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between px-4 py-3">
          <p className="text-sm text-stone-300">
            {index + 1} / {images.length}
          </p>
          <button type="button" className="rounded-full p-2 hover:bg-white/10" onClick={onClose} aria-label="Close">
            <X className="h-6 w-6" />
          </button>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center px-4 pb-4">
          <img
            src={img.url}
            alt={`${owner} portfolio: ${img.tags.map(styleTagLabel).join(', ') || `work ${index + 1}`}`}
            className="max-h-full max-w-full rounded-2xl object-contain"
          />
          {images.length > 1 && (
            <>
              <button
                type="button"
                className="absolute left-2 rounded-full bg-black/40 p-3 hover:bg-black/60 sm:left-6"
                onClick={() => onIndex((index - 1 + images.length) % images.length)}
                aria-label="Previous image"
              >
                <ChevronLeft className="h-6 w-6" />
              </button>
              <button
                type="button"
                className="absolute right-2 rounded-full bg-black/40 p-3 hover:bg-black/60 sm:right-6"
                onClick={() => onIndex((index + 1) % images.length)}
                aria-label="Next image"
              >
                <ChevronRight className="h-6 w-6" />
              </button>
            </>
          )}
        </div>
        {img.tags.length > 0 && (
          <ul className="flex flex-wrap justify-center gap-2 px-4 pb-6">
            {img.tags.map((t) => (
              <li key={t} className="rounded-full bg-white/10 px-3 py-1 text-xs font-medium">
                {styleTagLabel(t)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </dialog>
  );
}
