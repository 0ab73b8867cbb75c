import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCT_ART } from '../../scripts/images/product-art';
import { BLOG_ART } from '../../scripts/images/site-art';
import { STYLE_ART } from '../../scripts/images/style-art';
import { BLOG_POSTS } from '@shared/content/blog';
import { IMAGE_FORMATS, IMAGE_SPECS, imageKind, imageSrcSet, imageUrl } from '@shared/content/images';
import { PRODUCTS } from '@shared/content/products';
import { STYLES } from '@shared/content/styles';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('pictures exist for every item, in both formats at every width', () => {
  const items = [...STYLES.map((s) => s.img), ...PRODUCTS.map((p) => p.img), ...BLOG_POSTS.map((p) => p.img), '/img/site/hero'];
  it('has art for every style, product and post', () => {
    expect(STYLES.filter((s) => !STYLE_ART[s.id]).map((s) => s.id)).toEqual([]);
    expect(PRODUCTS.filter((p) => !PRODUCT_ART[p.id]).map((p) => p.id)).toEqual([]);
    expect(BLOG_POSTS.filter((p) => !BLOG_ART[p.slug]).map((p) => p.slug)).toEqual([]);
  });
  it('rendered files are present and small', () => {
    for (const img of items) {
      for (const w of IMAGE_SPECS[imageKind(img)].widths) {
        for (const f of IMAGE_FORMATS) {
          const file = path.join(ROOT, 'public', `${img}-${w}.${f}`);
          expect(existsSync(file), file).toBe(true);
          expect(statSync(file).size, file).toBeLessThan(120 * 1024);
        }
      }
    }
  });
  it('the committed set stays modest (docs/decisions/061)', () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'public/img/manifest.json'), 'utf8')) as { totalBytes: number; files: Record<string, number> };
    expect(manifest.totalBytes).toBeLessThan(3 * 1024 * 1024);
    expect(Object.keys(manifest.files)).toHaveLength(items.length * 6);
  });
  it('builds srcset and rounds widths up', () => {
    expect(imageSrcSet('/img/styles/x', 'avif')).toBe('/img/styles/x-320.avif 320w, /img/styles/x-480.avif 480w, /img/styles/x-720.avif 720w');
    expect(imageUrl('/img/products/y', 300)).toBe('/img/products/y-400.webp');
    expect(imageUrl('/img/products/y', 5000, 'avif')).toBe('/img/products/y-640.avif');
  });
});
