import sharp from 'sharp';
import { escapeHtml } from '../../lib/escape-html';

const PALETTES = [
  ['#7c2d4f', '#e8a0b4'],
  ['#5b3a75', '#c9a7e3'],
  ['#8a4b2a', '#f0b98d'],
  ['#2f4f4f', '#9cc9c0'],
  ['#6b2f2f', '#e7a6a0'],
];

/** The placeholder initial image a partner gets at sign-up (docs/product.md §3): their business's first letter on a warm gradient. */
export async function placeholderImage(businessName: string): Promise<Buffer> {
  const letter = (businessName.trim().match(/[\p{L}\p{N}]/u)?.[0] ?? 'T').toUpperCase();
  const [dark, light] = PALETTES[letter.codePointAt(0)! % PALETTES.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
  <rect width="256" height="256" fill="url(#g)"/>
  <text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="DejaVu Serif, serif" font-size="124" font-weight="bold" fill="#ffffff" fill-opacity="0.94">${escapeHtml(letter)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
