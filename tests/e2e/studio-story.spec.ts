import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Request } from '@playwright/test';
import sharp from 'sharp';
import { MSG } from '@shared/messages';
import { phonePhoto } from '../support/phone-photo';
import { signIn, signUpVerified } from './support/accounts';
import { shot } from './support/shots';

const PORTRAIT = path.join(import.meta.dirname, '../fixtures/portraits/front-dark-long.jpg');

/** Serious and critical accessibility problems in the page's main content (axe-core); the global chrome has its own checks. */
async function axeProblems(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('#main').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Headless Chromium on Linux has no share sheet: take the clipboard path on purpose. */
async function clipboardOnly(page: Page) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
}

async function generateLook(page: Page, prompt: string, photo: string | { name: string; mimeType: string; buffer: Buffer } = PORTRAIT) {
  await page.getByLabel('Upload a photo').setInputFiles(photo);
  await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible();
  // Generate waits for the free preview of the hair it will colour (issue 32)
  await expect(page.getByTestId('hair-region-stage')).toHaveAttribute('tabindex', '0', { timeout: 30_000 });
  await page.getByLabel('Describe your new look').fill(prompt);
  await page.getByLabel('Describe your new look').press('Control+Enter');
  await expect(page.getByText(MSG.applyingStyle)).toBeVisible();
  await expect(page.getByTestId('applied')).toBeVisible({ timeout: 30_000 });
}

test('studio story: upload, prompt, Ctrl+Enter, live credits, save, recent, download, share, creations, public link', async ({ page, browser }) => {
  await clipboardOnly(page);
  const account = await signUpVerified(page.request);
  await signIn(page, account);

  await page.goto('/app?prompt=' + encodeURIComponent('copper red balayage'));
  await expect(page.getByLabel('Describe your new look')).toHaveValue('copper red balayage');
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByTestId('studio-credits')).toHaveText('1');
  const generateButton = page.getByRole('button', { name: 'Generate' });
  await expect(generateButton).toBeDisabled(); // no photo yet
  await expect(page.getByRole('heading', { name: 'Shop the look' })).toBeVisible();
  await expect(page.getByText('For copper')).toBeVisible();
  await shot(page, 'studio-empty-1280');

  // a second tab on another page hears the credit change live (SSE), without reloading
  const other = await page.context().newPage();
  await other.goto('/pricing');
  await expect(other.getByTestId('credits-badge')).toContainText('1');

  // a file that only claims to be a JPEG is refused by the server's free preview, and Generate stays off
  await page
    .getByLabel('Upload a photo')
    .setInputFiles({ name: 'not-a-photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is text, not a photo '.repeat(40)) });
  await expect(page.getByRole('alert')).toContainText("We couldn't read this photo");
  await expect(page.getByRole('alert')).toContainText('Nothing was charged.');
  await page.getByLabel('Describe your new look').press('Control+Enter');
  await expect(generateButton).toBeDisabled();
  await expect(page.getByTestId('studio-credits')).toHaveText('1');

  // a 12-megapixel phone photo (about 3 MB, stored sideways with EXIF orientation 6) leaves the browser at the
  // working size: the generate request weighs at most 1 MB, and the picture comes back upright (decision 115)
  const phone = await phonePhoto();
  expect(phone.jpeg.byteLength).toBeGreaterThan(2 * 1024 * 1024);
  const posted: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/(fn\/generateHairStyle|creations)$/.test(new URL(r.url()).pathname)) posted.push(r);
  });
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/fn/generateHairStyle') && r.status() === 200);
  await generateLook(page, 'Copper red balayage', { name: 'IMG_0420.jpg', mimeType: 'image/jpeg', buffer: phone.jpeg });
  const generated = posted.filter((r) => r.url().endsWith('/api/fn/generateHairStyle'));
  expect(generated).toHaveLength(1);
  const upload = generated[0].postDataBuffer()!;
  expect(upload.byteLength).toBeLessThanOrEqual(1024 * 1024);
  const sent = Buffer.from((JSON.parse(upload.toString()) as { data: { imageBase64: string } }).data.imageBase64, 'base64');
  const sentMeta = await sharp(sent).metadata();
  expect([sentMeta.format, sentMeta.width, sentMeta.height, sentMeta.exif]).toEqual(['jpeg', 1200, 1600, undefined]);
  // the studio gets a WebP at the width it shows (decision 161), not the lossless PNG
  const result = (await (await answered).json()) as { result: { image?: string; display: { image: string; width: number } } };
  expect(result.result.image).toBeUndefined();
  const shownMeta = await sharp(Buffer.from(result.result.display.image, 'base64')).metadata();
  expect(shownMeta.format).toBe('webp');
  expect(shownMeta.width).toBe(result.result.display.width);
  expect(shownMeta.width).toBeLessThan(1200);
  await expect(page.getByTestId('applied')).toContainText(/copper/i);
  await expect(page.getByTestId('studio-credits')).toHaveText('0');
  await expect(other.getByTestId('credits-badge')).toContainText('0');
  await other.close();
  await expect(page.getByText('Colourist’s read')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate' })).toBeDisabled(); // 0 credits
  const slider = page.getByRole('slider', { name: 'Compare before and after' });
  await slider.focus();
  await slider.press('ArrowLeft');
  await expect(slider).toHaveValue('49');
  await expect(page.getByRole('link', { name: 'Find a professional for this look' })).toHaveAttribute('href', /\/professionals\?style=balayage&colour=copper/);
  await shot(page, 'studio-result-1280', { fullPage: true });
  expect(await axeProblems(page)).toEqual([]);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(MSG.saveCreationOk)).toBeVisible();
  await expect(page.getByTestId('recent-creations').getByRole('img')).toHaveCount(1);
  // Save refers to the result the server stored (decision 116): its request is the generation id alone
  const saves = posted.filter((r) => r.url().endsWith('/api/creations'));
  expect(saves).toHaveLength(1);
  const saveBody = saves[0].postData() ?? '';
  expect(Object.keys(JSON.parse(saveBody))).toEqual(['generationId']);
  expect(saveBody.length).toBeLessThan(100);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('copper-red-balayage.png');
  // Download is the lossless result at full size
  const resultMeta = await sharp(readFileSync(await (await download).path())).metadata();
  expect([resultMeta.format, resultMeta.width, resultMeta.height]).toEqual(['png', 1200, 1600]);

  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText('Share link copied to your clipboard.')).toBeVisible();
  const shareUrl = await page.evaluate(() => navigator.clipboard.readText());
  expect(shareUrl).toMatch(/\/c\/[A-Za-z0-9_-]{32}$/);

  await page.getByRole('link', { name: 'My Creations' }).click();
  await expect(page).toHaveURL(/\/creations$/);
  const grid = page.getByTestId('creations-grid');
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await grid.getByRole('button').first().click();
  await expect(page.getByRole('dialog')).toContainText('Shared publicly');
  await shot(page, 'creations-dialog-1280');
  await page.getByRole('button', { name: 'Close' }).click();
  await shot(page, 'creations-1280');
  expect(await axeProblems(page)).toEqual([]);

  // the share link, signed out, shows the look and carries its preview picture for link unfurls
  const visitor = await browser.newContext();
  const anon = await visitor.newPage();
  const html = await (await anon.request.get(shareUrl)).text();
  expect(html).toMatch(/<meta property="og:image" content="[^"]+\/api\/shared\/[A-Za-z0-9_-]+\/after\.png">/);
  await anon.goto(shareUrl);
  await expect(anon.getByRole('heading', { level: 1 })).toContainText(/copper/i);
  // the result alone: the owner did not choose to show the original (decision 111)
  await expect(anon.getByRole('img', { name: /copper/i })).toBeVisible();
  await expect(anon.getByRole('img', { name: /^Before/ })).toHaveCount(0);
  await expect(anon.getByRole('link', { name: 'Try this style' })).toHaveAttribute('href', /\/app\?prompt=Copper%20red%20balayage/);
  await shot(anon, 'shared-look-1280');
  await visitor.close();
});

test('studio at 375 px stacks the panels; a dropped photo clears the result; creations on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const account = await signUpVerified(page.request);
  await signIn(page, account);
  await page.goto('/creations');
  await expect(page.getByText(MSG.noCreations)).toBeVisible();
  await page.goto('/app');
  await expect(page.getByRole('heading', { name: 'Your photo' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'studio-empty-375', { fullPage: true });
  await generateLook(page, 'honey blonde highlights');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'studio-result-375', { fullPage: true });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(MSG.saveCreationOk)).toBeVisible();
  await expect(page.getByText('You have no credits left.')).toBeVisible();

  // a photo dropped on the panel replaces the one chosen and clears the result
  const dropped = await page.evaluateHandle((b64) => {
    const dt = new DataTransfer();
    dt.items.add(new File([Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0))], 'dropped.jpg', { type: 'image/jpeg' }));
    return dt;
  }, readFileSync(PORTRAIT).toString('base64'));
  await page.getByTestId('photo-drop').dispatchEvent('drop', { dataTransfer: dropped });
  await expect(page.getByText('dropped.jpg selected')).toBeAttached();
  await expect(page.getByTestId('applied')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'The hair we’ll colour' })).toBeVisible();

  await page.getByRole('link', { name: 'My Creations' }).click();
  await expect(page.getByTestId('creations-grid').getByRole('listitem')).toHaveCount(1);
  await shot(page, 'creations-375');
  await page.getByTestId('creations-grid').getByRole('button').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shot(page, 'creations-dialog-375');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MSG.noCreations)).toBeVisible();
});

test('signed out, /app says Please sign in with a way to log in', async ({ page }) => {
  await page.goto('/app');
  await expect(page.getByRole('heading', { name: MSG.pleaseSignIn })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login/);
});
