import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signIn, signUpVerified } from './support/accounts';
import { shot } from './support/shots';

const PORTRAIT = path.join(import.meta.dirname, '../fixtures/portraits/front-dark-long.jpg');

test('the colourist’s read says when a dim photo keeps it from judging the level, instead of stating one', async ({ page }) => {
  await signIn(page, await signUpVerified(page.request));
  await page.goto('/app');
  // The same portrait at a quarter of its light: the engine flags its own read as unsure.
  const dim = await sharp(PORTRAIT).modulate({ brightness: 0.25 }).jpeg().toBuffer();
  await page.getByLabel('Upload a photo').setInputFiles({ name: 'evening-selfie.jpg', mimeType: 'image/jpeg', buffer: dim });
  await page.getByLabel('Describe your new look').fill('copper balayage');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByTestId('applied')).toBeVisible({ timeout: 30_000 });

  const card = page.locator('section[aria-labelledby="analysis-title"]');
  await expect(card).toHaveAttribute('data-reliable', 'false');
  await expect(card).toContainText('We can’t judge your current level from this photo');
  await expect(card).toContainText('gives a true read');
  await expect(card).not.toContainText(/level \d|levels? of lift/i);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'first-unsure-read-1280');
});
