import type { Page } from '@playwright/test';

/** Screenshots land in tests/e2e/.output/ for people to look at (gitignored). */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  await page.screenshot({ path: `tests/e2e/.output/${name}.png`, fullPage: opts.fullPage ?? false });
}
