import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { STYLES } from '@shared/content/styles';
import { colourPartPrompt } from '@shared/hair/prompt-reading';
import type { EngineStatus } from '@shared/studio/engine-status';
import { ENGINE_TEXT } from '@shared/studio/engine-text';
import { signIn, signUpVerified } from './support/accounts';
import { shot } from './support/shots';

const PORTRAIT = path.join(import.meta.dirname, '../fixtures/portraits/front-dark-long.jpg');

async function engineStatus(page: Page): Promise<EngineStatus> {
  return (await page.request.get('/api/engine')).json();
}

test('studio: the prompt is read live, a haircut is flagged, and no credit is spent without "Apply the colour only"', async ({ page }) => {
  const account = await signUpVerified(page.request);
  await signIn(page, account);
  // these checks are about an install with no generative engine, as this test server runs
  test.skip((await engineStatus(page)).shapes, 'a generative engine is configured here');

  await page.goto('/app');
  await expect(page.getByTestId('studio-credits')).toHaveText('1');
  await page.getByLabel('Upload a photo').setInputFiles(PORTRAIT);
  await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible();

  // typed key by key, the reading follows the words
  const box = page.getByLabel('Describe your new look');
  await box.pressSequentially('coper balyage', { delay: 15 });
  await expect(page.getByTestId('prompt-applies')).toHaveText('Copper · balayage');
  await expect(page.getByTestId('prompt-reading')).toContainText('Read “coper” as “copper”.');
  await box.pressSequentially(', keep my roots natural', { delay: 15 });
  await expect(page.getByTestId('prompt-applies')).toHaveText('Copper · balayage · roots kept');
  await shot(page, 'studio-prompt-reading-1280');

  await box.fill('no blonde please, just darker');
  await expect(page.getByTestId('prompt-applies')).toHaveText('Two levels darker · all-over colour');
  await expect(page.getByTestId('prompt-reading')).toContainText('Leaving out: blonde.');
  await expect(page.getByText(/^for blonde$/i)).toHaveCount(0); // Shop the look reads the same words
  await box.fill('pelo rojo');
  await expect(page.getByTestId('prompt-applies')).toHaveText('Red · all-over colour');
  await expect(page.getByText(/^for red$/i)).toBeVisible();

  // a cut and a colour: flagged before Generate, which waits for the confirmation
  await box.fill('copper red bob with curtain bangs');
  await expect(page.getByTestId('cut-notice')).toContainText(ENGINE_TEXT.cutNotice);
  const generate = page.getByRole('button', { name: 'Generate' });
  await expect(generate).toBeDisabled();
  await expect(page.getByText(ENGINE_TEXT.confirmFirst)).toBeVisible();
  await box.press('Control+Enter');
  await shot(page, 'studio-cut-notice-1280');

  // the server refuses the same request without the confirmation, and nothing is charged
  const photo = readFileSync(PORTRAIT).toString('base64');
  const refused = await page.request.post('/api/fn/generateHairStyle', {
    headers: { origin: new URL(page.url()).origin },
    data: { data: { imageBase64: photo, imageType: 'image/jpeg', prompt: 'copper red bob with curtain bangs' } },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error.message).toBe(ENGINE_TEXT.colourOnlyRefused);
  await expect(page.getByTestId('studio-credits')).toHaveText('1');

  // a haircut alone cannot be applied here at all
  await box.fill('short pixie cut');
  await expect(page.getByTestId('cut-notice')).toContainText(ENGINE_TEXT.cutOnlyNotice);
  await expect(generate).toBeDisabled();

  // confirmed: one credit, and the result says the cut was not done
  await box.fill('copper red bob with curtain bangs');
  await page.getByLabel(ENGINE_TEXT.confirmColourOnly).check();
  await expect(generate).toBeEnabled();
  await generate.click();
  await expect(page.getByTestId('applied')).toContainText('colour applied only', { timeout: 30_000 });
  await expect(page.getByTestId('studio-credits')).toHaveText('0');
  await shot(page, 'studio-colour-only-result-1280', { fullPage: true });
});

test('studio: the fallback matte is told quietly, only when it runs', async ({ page }) => {
  const account = await signUpVerified(page.request);
  await signIn(page, account);
  await page.goto('/app');
  await page.getByLabel('Describe your new look').fill('copper');
  await expect(page.getByTestId('prompt-applies')).toHaveText('Copper · all-over colour');
  await expect.poll(async () => (await engineStatus(page)).matte, { timeout: 30_000 }).not.toBe('loading');
  const { matte } = await engineStatus(page);
  await page.reload();
  await page.getByLabel('Describe your new look').fill('copper');
  if (matte === 'fallback') await expect(page.getByTestId('fallback-matte')).toHaveText(ENGINE_TEXT.fallbackMatte);
  else await expect(page.getByTestId('fallback-matte')).toHaveCount(0);
  const ready = await (await page.request.get('/readyz')).json();
  expect(ready.checks.engine.detail).toMatch(matte === 'fallback' ? /^fallback matte/ : /matte$/);
});

test('styles: a cut style with no generative engine says so on its card and offers its colour part', async ({ page }) => {
  const account = await signUpVerified(page.request);
  await signIn(page, account);
  test.skip((await engineStatus(page)).shapes, 'a generative engine is configured here');
  const pixie = STYLES.find((s) => s.changesShape && /pixie/i.test(s.prompt))!;
  const colour = colourPartPrompt(pixie.prompt)!;

  await page.goto('/styles?q=pixie');
  const card = page.getByTestId('style-card').filter({ hasText: pixie.name });
  await expect(card.getByTestId('cut-style-note')).toContainText(ENGINE_TEXT.cardNote);
  // a colour-only style says nothing of the sort
  await page.goto('/styles');
  await expect(page.getByTestId('cut-style-note')).toHaveCount(STYLES.filter((s) => s.changesShape).length);
  await page.goto('/styles?q=pixie');
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'styles-cut-card-1280');

  // "Use this Style" still leads to the studio, which flags the cut before anything is charged
  await card.getByRole('link', { name: `Use this Style: ${pixie.name}` }).click();
  await expect(page.getByLabel('Describe your new look')).toHaveValue(pixie.prompt);
  await expect(page.getByTestId('cut-notice')).toContainText(ENGINE_TEXT.cutNotice);

  // the colour part alone needs no confirmation
  await page.goto('/styles?q=pixie');
  await card.getByRole('link', { name: `${ENGINE_TEXT.cardColourOnly}: ${pixie.name}` }).click();
  await expect(page.getByLabel('Describe your new look')).toHaveValue(colour);
  await expect(page.getByTestId('prompt-applies')).toHaveText(colour.replace(/, /g, ' · '));
  await expect(page.getByTestId('cut-notice')).toHaveCount(0);
});
