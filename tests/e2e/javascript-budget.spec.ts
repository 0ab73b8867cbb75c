import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/*
 * The public pages' initial JavaScript stays within 150 KB gzipped (decision 062): everything a first visit
 * fetches until the network is idle. Bytes, not time, so it holds on any machine; `npm run bench -- web`
 * prints the same figure with LCP beside it.
 */
const BUDGET_KB = 150;

for (const path of ['/', '/styles', '/shop', '/blog', '/professionals']) {
  test(`${path} loads at most ${BUDGET_KB} KB of JavaScript, gzipped`, async ({ page }) => {
    const scripts: Promise<number>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.body().then((b) => gzipSync(b).length));
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    const kb = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) / 1024;
    console.log(`${path}: ${kb.toFixed(1)} KB gz`);
    expect(kb).toBeLessThanOrEqual(BUDGET_KB);
  });
}
