/**
 * The pictures of the public pages are made in this repo (scripts/images) in two modern formats at
 * three widths each. These helpers turn a content item's `img` path into URLs, so every page and the
 * studio builds the same `srcset`.
 */
export type ImageKind = 'styles' | 'products' | 'blog' | 'site';
export type ImageFormat = 'avif' | 'webp';

/** Widths rendered for each kind, and the kind's aspect ratio (width / height). */
export const IMAGE_SPECS: Record<ImageKind, { widths: readonly number[]; aspect: number }> = {
  styles: { widths: [320, 480, 720], aspect: 4 / 5 },
  products: { widths: [240, 400, 640], aspect: 1 },
  blog: { widths: [480, 800, 1280], aspect: 16 / 9 },
  site: { widths: [480, 800, 1280], aspect: 4 / 5 },
};

export const IMAGE_FORMATS: readonly ImageFormat[] = ['avif', 'webp'];

export function imageKind(img: string): ImageKind {
  const kind = img.split('/')[2];
  if (kind === 'styles' || kind === 'products' || kind === 'blog' || kind === 'site') return kind;
  throw new Error(`Unknown image path ${img}`);
}

/** URL of one rendered file; `width` is rounded up to the nearest rendered width. */
export function imageUrl(img: string, width: number, format: ImageFormat = 'webp'): string {
  const widths = IMAGE_SPECS[imageKind(img)].widths;
  const w = widths.find((x) => x >= width) ?? widths[widths.length - 1];
  return `${img}-${w}.${format}`;
}

/** `srcset` value for one format: every rendered width. */
export function imageSrcSet(img: string, format: ImageFormat): string {
  return IMAGE_SPECS[imageKind(img)].widths.map((w) => `${img}-${w}.${format} ${w}w`).join(', ');
}
