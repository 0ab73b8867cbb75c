import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ROUTE_TEXT } from '@shared/studio/engine-text';
import { signIn, signUpVerified } from './support/accounts';
import { CUTS_SERVER, startCutsServer, type CutsServer } from './support/cuts-server';
import { shot } from './support/shots';

/**
 * Issue 36 end to end: a server with a generative engine (the loopback fake of Gemini), HAIR_ENGINE left to
 * its default. The studio says which path a prompt takes before Generate, a cut is drawn by the provider and
 * fitted to the photo, and the saved creation keeps the person's face.
 */
const PORTRAIT = path.join(import.meta.dirname, '../fixtures/portraits/front-dark-long.jpg');

test.use({ baseURL: CUTS_SERVER.baseURL });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: CutsServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startCutsServer();
  server.fake.scenario = 'cut';
});
test.afterAll(async () => server?.stop());

type Box = { x: number; y: number; w: number; h: number };

/** Uploads the portrait and waits for the free preview (Generate waits for it); returns the chosen face's box in the sent photo's pixels. */
async function uploadPortrait(page: Page): Promise<Box> {
  const preview = page.waitForResponse((r) => r.url().endsWith('/api/studio/preview') && r.status() === 200);
  await page.getByLabel('Upload a photo').setInputFiles(PORTRAIT);
  const body = (await (await preview).json()) as { people: { box: Box; chosen: boolean }[] };
  await expect(page.getByTestId('hair-region-stage')).toHaveAttribute('tabindex', '0', { timeout: 60_000 });
  return body.people.find((p) => p.chosen)!.box;
}

/** Mean absolute difference per channel (0..255) of two pictures inside `box`, at the first picture's size. */
async function meanDifference(a: Buffer, b: Buffer, box: Box): Promise<number> {
  const meta = await sharp(a).metadata();
  const region = { left: Math.round(box.x), top: Math.round(box.y), width: Math.round(box.w), height: Math.round(box.h) };
  const [pa, pb] = await Promise.all([
    sharp(a).removeAlpha().extract(region).raw().toBuffer(),
    sharp(b).resize(meta.width, meta.height, { fit: 'fill' }).removeAlpha().extract(region).raw().toBuffer(),
  ]);
  let sum = 0;
  for (let i = 0; i < pa.length; i++) sum += Math.abs(pa[i] - pb[i]);
  return sum / pa.length;
}

/**
 * Saves the result shown and measures how far the saved picture's face is from the photo's, on the face below
 * a fringe: the lower two thirds of the face box, inside its sides.
 */
async function savedFaceChange(page: Page, face: Box): Promise<number> {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/creations') && r.request().method() === 'POST' && r.status() === 201);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const creation = (await (await saved).json()) as { inputUrl: string; outputUrl: string };
  const [before, after] = await Promise.all([creation.inputUrl, creation.outputUrl].map(async (u) => (await page.request.get(u)).body()));
  const inner = { x: face.x + face.w * 0.2, y: face.y + face.h * 0.35, w: face.w * 0.6, h: face.h * 0.55 };
  return meanDifference(before, after, inner);
}

test('"chin-length bob in copper": the route is said before Generate, the cut is drawn, and the saved creation keeps the face', async ({ page }) => {
  const account = await signUpVerified(page.request, { server: CUTS_SERVER });
  await signIn(page, account, CUTS_SERVER);
  await page.goto('/app');
  const face = await uploadPortrait(page);
  const prompt = page.getByLabel('Describe your new look');

  // a colour alone stays with Tress: no variations offered, and the free preview called no hosted model
  await prompt.fill('copper balayage');
  await expect(page.getByTestId('prompt-route')).toHaveText(ROUTE_TEXT.colour);
  await expect(page.getByTestId('variations-picker')).toHaveCount(0);
  expect(server.fake.requests).toHaveLength(0);

  // a cut: said before Generate, with its variations and their credits
  await prompt.fill('chin-length bob in copper');
  await expect(page.getByTestId('prompt-route')).toHaveText(ROUTE_TEXT.cutAndColour);
  await expect(page.getByText(ROUTE_TEXT.cutKept)).toBeVisible();
  await expect(page.getByTestId('variations-picker')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate', exact: true })).toBeEnabled();
  await shot(page, 'studio-cut-route-1280');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByTestId('applied')).toBeVisible({ timeout: 90_000 });
  expect(server.fake.requests).toHaveLength(1);
  await expect(page.getByTestId('studio-credits')).toHaveText('0');
  await shot(page, 'studio-cut-result-1280');

  expect(await savedFaceChange(page, face)).toBeLessThan(4);
});

test('"buzz cut": a near-bald head is drawn, charged and saved, the face kept', async ({ page }) => {
  const account = await signUpVerified(page.request, { server: CUTS_SERVER });
  await signIn(page, account, CUTS_SERVER);
  await page.goto('/app');
  const face = await uploadPortrait(page);
  await page.getByLabel('Describe your new look').fill('buzz cut');
  await expect(page.getByTestId('prompt-route')).toHaveText(ROUTE_TEXT.cut);
  server.fake.scenario = 'buzz';
  try {
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(page.getByTestId('applied')).toHaveText('Buzz cut', { timeout: 90_000 });
  } finally {
    server.fake.scenario = 'cut';
  }
  await expect(page.getByTestId('studio-credits')).toHaveText('0');
  await page.getByTestId('applied').scrollIntoViewIfNeeded();
  await shot(page, 'studio-cut-buzz-1280');
  expect(await savedFaceChange(page, face)).toBeLessThan(4);
});

test('a cut in four variations: four credits shown before, four tiles side by side, each saved on its own', async ({ page }) => {
  const account = await signUpVerified(page.request, { server: CUTS_SERVER });
  await signIn(page, account, CUTS_SERVER);
  // four variations need four credits: the sandbox's Starter pack
  await page.goto('/billing');
  await page.getByRole('button', { name: 'Buy Starter' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Test Buyer');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/checkout\/success/);

  await page.goto('/app');
  await uploadPortrait(page);
  await page.getByLabel('Describe your new look').fill('chin-length bob in copper');
  await page.getByRole('radio', { name: '4 variations, 4 credits' }).check({ force: true });
  const generate = page.getByRole('button', { name: 'Generate 4 variations · 4 credits' });
  await expect(generate).toBeEnabled();
  const credits = Number(await page.getByTestId('studio-credits').textContent());
  const calls = server.fake.requests.length;
  await generate.click();
  await expect(page.getByTestId('variation-tile')).toHaveCount(4, { timeout: 120_000 });
  expect(server.fake.requests.length - calls).toBe(4);
  await expect(page.getByTestId('studio-credits')).toHaveText(String(credits - 4));
  await shot(page, 'studio-cut-variations-1280', { fullPage: true });

  await page.getByRole('button', { name: 'Save variation 2' }).click();
  await page.getByRole('button', { name: 'Save variation 4' }).click();
  await expect(page.getByRole('button', { name: 'Variation 2 saved' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Variation 4 saved' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save variation 1' })).toBeEnabled();
  const { creations } = (await (await page.request.get('/api/me/creations')).json()) as { creations: unknown[] };
  expect(creations).toHaveLength(2);

  // one opened large, with the way back to the grid
  await page.getByRole('button', { name: 'Open variation 3 large' }).click();
  await expect(page.getByRole('button', { name: 'Back to all variations' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to all variations' }).click();
  await expect(page.getByTestId('variation-tile')).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Variation 2 saved' })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByTestId('variation-grid').scrollIntoViewIfNeeded();
  await shot(page, 'studio-cut-variations-375', { fullPage: true });
});
