/**
 * Renders every picture of the public pages from code: SVG → AVIF and WebP at the widths of
 * src/shared/content/images.ts, into public/img/<kind>/<name>-<width>.<format>, plus
 * public/img/manifest.json (source hash and byte sizes). Deterministic: the same sources give the
 * same files, and the output is committed (docs/decisions/061). Run with `npm run images`;
 * `npm run images -- --check` fails when the committed pictures are stale.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { BLOG_POSTS } from '@shared/content/blog';
import { IMAGE_SPECS, type ImageKind } from '@shared/content/images';
import { PRODUCTS } from '@shared/content/products';
import { STYLES } from '@shared/content/styles';
import { packshotSvg } from './packshot';
import { portraitSvg } from './portrait';
import { PRODUCT_ART } from './product-art';
import { BLOG_ART, HERO } from './site-art';
import { beforeAfterSvg } from './scenes';
import { STYLE_ART } from './style-art';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(ROOT, 'public/img');
const SOURCES = [
  'scripts/images/render.ts',
  'scripts/images/portrait.ts',
  'scripts/images/packshot.ts',
  'scripts/images/scenes.ts',
  'scripts/images/rng.ts',
  'scripts/images/style-art.ts',
  'scripts/images/product-art.ts',
  'scripts/images/site-art.ts',
  'src/shared/content/images.ts',
];

export interface Picture {
  /** Same as the content item's `img`, e.g. /img/styles/honey-balayage. */
  img: string;
  svg: () => string;
}

export function pictures(): Picture[] {
  const need = <T>(v: T | undefined, what: string): T => {
    if (!v) throw new Error(`No art for ${what}`);
    return v;
  };
  return [
    ...STYLES.map((s) => ({ img: s.img, svg: () => portraitSvg({ id: s.id, gender: s.gender, ...need(STYLE_ART[s.id], s.id) }) })),
    ...PRODUCTS.map((p) => ({ img: p.img, svg: () => packshotSvg({ id: p.id, ...need(PRODUCT_ART[p.id], p.id) }) })),
    ...BLOG_POSTS.map((b) => ({ img: b.img, svg: need(BLOG_ART[b.slug], b.slug) })),
    { img: '/img/site/hero', svg: () => beforeAfterSvg(HERO.before, HERO.after) },
  ];
}

async function sourceHash(): Promise<string> {
  const h = createHash('sha256');
  for (const f of SOURCES) h.update(await readFile(path.join(ROOT, f)));
  h.update(JSON.stringify(pictures().map((p) => p.img)));
  h.update(sharp.versions.sharp ?? '');
  return h.digest('hex').slice(0, 16);
}

const kindOf = (img: string) => img.split('/')[2] as ImageKind;

async function renderAll(): Promise<Record<string, number>> {
  await rm(OUT, { recursive: true, force: true });
  const sizes: Record<string, number> = {};
  const queue = pictures();
  const worker = async () => {
    for (let p = queue.shift(); p; p = queue.shift()) await renderOne(p, sizes);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return sizes;
}

async function renderOne(p: Picture, sizes: Record<string, number>): Promise<void> {
  {
    const kind = kindOf(p.img);
    const dir = path.join(ROOT, 'public', path.dirname(p.img));
    await mkdir(dir, { recursive: true });
    const svg = Buffer.from(p.svg());
    const spec = IMAGE_SPECS[kind];
    for (const w of spec.widths) {
      const h = Math.round(w / spec.aspect);
      // Rasterise at the target width (density keeps strokes crisp), then encode both formats.
      const base = sharp(svg, { density: Math.ceil((72 * w) / (kind === 'products' ? 400 : kind === 'blog' ? 800 : 400)) }).resize(w, h, { fit: 'cover' });
      const avif = await base
        .clone()
        .avif({ quality: kind === 'blog' ? 48 : 52, effort: 4, chromaSubsampling: '4:2:0' })
        .toBuffer();
      const webp = await base.clone().webp({ quality: 76, effort: 5 }).toBuffer();
      const stem = path.join(ROOT, 'public', `${p.img}-${w}`);
      await writeFile(`${stem}.avif`, avif);
      await writeFile(`${stem}.webp`, webp);
      sizes[`${p.img}-${w}.avif`] = avif.length;
      sizes[`${p.img}-${w}.webp`] = webp.length;
    }
  }
}

async function main() {
  const hash = await sourceHash();
  const manifestPath = path.join(OUT, 'manifest.json');
  if (process.argv.includes('--check')) {
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8').catch(() => '{}')) as { hash?: string; files?: Record<string, number> };
    const missing: string[] = [];
    for (const f of Object.keys(manifest.files ?? {})) {
      const dir = path.join(ROOT, 'public', path.dirname(f));
      const names = await readdir(dir).catch(() => [] as string[]);
      if (!names.includes(path.basename(f))) missing.push(f);
    }
    if (manifest.hash !== hash || missing.length) {
      console.error(`Pictures are stale (hash ${manifest.hash} vs ${hash}, ${missing.length} missing). Run: npm run images`);
      process.exit(1);
    }
    console.log(`Pictures up to date (${hash}).`);
    return;
  }
  const t0 = performance.now();
  const files = await renderAll();
  const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
  const total = Object.values(files).reduce((a, b) => a + b, 0);
  await writeFile(manifestPath, `${JSON.stringify({ hash, totalBytes: total, files: sorted }, null, 1)}\n`);
  console.log(`${Object.keys(files).length} files, ${(total / 1024).toFixed(0)} KB, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

await main();
