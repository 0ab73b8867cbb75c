import { useState } from 'react';
import { IMAGE_SPECS, imageKind, imageSrcSet, imageUrl } from '@shared/content/images';

interface Props {
  img: string;
  alt: string;
  /** The `sizes` attribute: how wide the picture is shown at each breakpoint. */
  sizes: string;
  /** Above the fold: load eagerly with high priority (the LCP image). Otherwise lazy. */
  priority?: boolean;
  className?: string;
}

/**
 * A picture made in this repo (scripts/images): AVIF with a WebP fallback at three widths, intrinsic
 * size set so nothing shifts, lazy below the fold. If the file fails to load, a soft placeholder
 * with the same box takes its place (spec: "A broken image falls back to a placeholder").
 */
export function ContentImage({ img, alt, sizes, priority = false, className = '' }: Props) {
  const [failed, setFailed] = useState(false);
  const spec = IMAGE_SPECS[imageKind(img)];
  const w = spec.widths[1];
  const h = Math.round(w / spec.aspect);
  if (failed) {
    return (
      <div
        role="img"
        aria-label={alt}
        data-testid="image-placeholder"
        className={`flex items-center justify-center bg-gradient-to-br from-brand-50 via-stone-100 to-stone-200 text-stone-400 ${className}`}
        style={{ aspectRatio: `${spec.aspect}` }}
      >
        <svg viewBox="0 0 24 24" className="h-10 w-10" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden>
          <path
            d="M4 16l4.6-4.6a2 2 0 012.8 0L16 16m-2-2l1.6-1.6a2 2 0 012.8 0L20 14M14 8h.01M6 20h12a2 2 0 002-2V6a2 2 0 00-2-2H6a2 2 0 00-2 2v12a2 2 0 002 2z"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
    );
  }
  return (
    <picture>
      <source type="image/avif" srcSet={imageSrcSet(img, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcSet(img, 'webp')} sizes={sizes} />
      <img
        src={imageUrl(img, w, 'webp')}
        alt={alt}
        width={w}
        height={h}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : 'auto'}
        onError={() => setFailed(true)}
        className={`block h-auto w-full object-cover ${className}`}
      />
    </picture>
  );
}
