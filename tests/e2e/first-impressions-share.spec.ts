import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn, signUpVerified } from './support/accounts';
import { shot } from './support/shots';

const PORTRAIT = path.join(import.meta.dirname, '../fixtures/portraits/front-dark-long.jpg');

/** The og:image a link preview would fetch for this share page, read from the server's first HTML. */
async function ogImage(page: Page, url: string) {
  const html = await (await page.request.get(url)).text();
  return html.match(/<meta property="og:image" content="([^"]+)">/)?.[1];
}

test('a share shows the result alone; the owner may include the original; stopping the share removes both', async ({ page, browser }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
  await signIn(page, await signUpVerified(page.request));
  await page.goto('/app');
  await page.getByLabel('Upload a photo').setInputFiles(PORTRAIT);
  await page.getByLabel('Describe your new look').fill('copper balayage');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByTestId('applied')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText('Share link copied to your clipboard.')).toBeVisible();
  const shareUrl = await page.evaluate(() => navigator.clipboard.readText());
  const token = shareUrl.split('/c/')[1];

  // Someone with the link, signed out: the new colour only, no original photo anywhere.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const originals: string[] = [];
  visitor.on('response', (r) => {
    if (/\/(before|compare)\.jpg$/.test(r.url()) && r.ok()) originals.push(r.url());
  });
  await visitor.goto(shareUrl);
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText(/copper/i);
  await expect(visitor.getByRole('img', { name: /copper/i })).toBeVisible();
  await expect(visitor.getByRole('slider')).toHaveCount(0);
  expect(await ogImage(visitor, shareUrl)).toMatch(new RegExp(`/api/shared/${token}/after\\.png$`));
  expect((await visitor.request.get(`/api/shared/${token}/before.jpg`)).status()).toBe(404);
  expect((await visitor.request.get(`/api/shared/${token}/compare.jpg`)).status()).toBe(404);
  expect(originals).toEqual([]);
  await shot(visitor, 'first-share-result-only-1280');

  // The owner chooses to show the original: the page becomes a before/after, and so does its preview.
  await page.goto('/creations');
  await page.getByTestId('creations-grid').getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Shared publicly, result only');
  const box = dialog.getByRole('checkbox', { name: /Show my original photo/ });
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(page.getByText('The share page now shows your original photo too.')).toBeVisible();
  await expect(dialog).toContainText('Shared publicly, with your original photo');
  await shot(page, 'first-share-owner-choice-1280');

  await visitor.reload();
  await expect(visitor.getByRole('slider', { name: 'Compare before and after' })).toBeVisible();
  const og = await ogImage(visitor, shareUrl);
  expect(og).toMatch(new RegExp(`/api/shared/${token}/compare\\.jpg$`));
  const card = await visitor.request.get(og!);
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toBe('image/jpeg');
  await shot(visitor, 'first-share-with-before-1280');

  // Stopping the share: the page, the result and the original all stop answering to the token.
  await dialog.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByText('The share link no longer works.')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: 'This look is no longer shared' })).toBeVisible();
  for (const file of ['after.png', 'before.jpg', 'compare.jpg']) expect((await visitor.request.get(`/api/shared/${token}/${file}`)).status(), file).toBe(404);
  await visitorContext.close();
});
