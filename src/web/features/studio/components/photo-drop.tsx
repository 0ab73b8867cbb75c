import { ImagePlus, RefreshCw } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';

/** Spec §5: png, jpeg, webp and any other image/* type. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/*';
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const TOO_LARGE_PHOTO = 'This photo is too large. Please upload an image under 10 MB.';

/** Checks a chosen file the way the server will, so an obvious mistake costs no round trip. */
export function photoProblem(file: File): string | null {
  if (file.size === 0) return 'This file is empty. Please choose a photo.';
  if (file.type && !file.type.startsWith('image/')) return 'Please choose an image file (JPEG, PNG or WebP).';
  if (/^image\/hei[cf]/.test(file.type)) return 'HEIC photos are not supported yet. Please upload a JPEG, PNG or WebP image.';
  if (file.size > MAX_PHOTO_BYTES) return TOO_LARGE_PHOTO;
  return null;
}

/**
 * Click or drag-and-drop a photo, with its preview. The input stays a real, labelled file input so
 * keyboards, screen readers and test tools can use it.
 */
export function PhotoDrop({
  file,
  previewUrl,
  onFile,
  label,
  hint,
  disabled,
  compact,
}: {
  file: File | null;
  previewUrl: string | null;
  onFile(file: File): void;
  label: string;
  hint: string;
  disabled?: boolean;
  /** A small row instead of the large preview: the photo is shown large elsewhere (the studio's hair region). */
  compact?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const f = e.dataTransfer.files?.[0];
    if (f && !disabled) onFile(f);
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="photo-drop"
      className={`group relative overflow-hidden rounded-2xl border-2 border-dashed transition ${over ? 'border-brand-500 bg-brand-50' : previewUrl ? 'border-transparent bg-stone-100' : 'border-stone-300 bg-stone-50 hover:border-brand-400 hover:bg-brand-50/40'}`}
    >
      <input
        ref={input}
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={disabled}
        className="peer sr-only"
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) onFile(f);
          e.target.value = '';
        }}
      />
      {previewUrl && compact ? (
        <div className="flex items-center gap-3 p-2">
          <img src={previewUrl} alt="Your photo" className="h-20 w-16 shrink-0 rounded-xl object-cover" />
          <p className="min-w-0 flex-1 truncate text-sm text-stone-700">{file?.name}</p>
          <label
            htmlFor={id}
            className="inline-flex shrink-0 cursor-pointer items-center gap-1.5 rounded-full bg-white px-3 py-1.5 text-sm font-semibold text-stone-900 ring-1 ring-stone-300 hover:bg-stone-100 peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-brand-500"
          >
            <RefreshCw className="h-4 w-4" aria-hidden />
            Change
            <span className="sr-only">photo ({label})</span>
          </label>
        </div>
      ) : previewUrl ? (
        <>
          <img src={previewUrl} alt="Your photo" className="aspect-[4/5] w-full object-cover" />
          <label
            htmlFor={id}
            className="absolute bottom-3 left-1/2 inline-flex -translate-x-1/2 cursor-pointer items-center whitespace-nowrap gap-1.5 rounded-full bg-white/95 px-4 py-2 text-sm font-semibold text-stone-900 shadow-md ring-1 ring-stone-200 hover:bg-white peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-brand-500"
          >
            <RefreshCw className="h-4 w-4" aria-hidden />
            Change photo
            <span className="sr-only">({label})</span>
          </label>
        </>
      ) : (
        <label
          htmlFor={id}
          className="flex aspect-[4/3] cursor-pointer lg:aspect-[4/5] flex-col items-center justify-center gap-3 p-6 text-center peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-brand-500"
        >
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm ring-1 ring-stone-200 transition group-hover:scale-105">
            <ImagePlus className="h-6 w-6" aria-hidden />
          </span>
          <span className="font-semibold text-stone-900">{label}</span>
          <span className="text-sm text-stone-500">{hint}</span>
        </label>
      )}
      {file && <p className="sr-only" aria-live="polite">{`${file.name} selected`}</p>}
    </div>
  );
}
