import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Request } from '@playwright/test';
import sharp from 'sharp';
import config from '../../playwright.config';
import { signIn, signUpVerified } from './support/accounts';
import { makeFakeCameraVideo } from './support/fake-camera';
import { shot } from './support/shots';

/*
 * Live mode end to end, with Chromium's fake camera playing a fixture portrait (made into a .y4m here). The
 * hair model runs in the page, so these tests need the model file (HAIR_MODEL_PATH, as CI sets it).
 */
const PORTRAIT = path.join(import.meta.dirname, '../fixtures/portraits/front-dark-long.jpg');
/** The hair model's mask for that portrait (512×512 over the stretched photo), stored for the engine's tests. */
const REFERENCE_MASK = path.join(import.meta.dirname, '../fixtures/portraits/reference-masks/front-dark-long.png');
const W = 480;
const H = 640;
const video = await makeFakeCameraVideo(PORTRAIT, path.join(import.meta.dirname, '../../.tmp/fake-camera'), { width: W, height: H });
const baseArgs = config.use?.launchOptions?.args ?? [];
// WebGL2 works headless here through SwiftShader, even with --disable-gpu; only the camera needs flags
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...baseArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  },
});

/** Every request the page makes, with the size of its body: camera frames would show up as bodies. */
function recordRequests(page: Page) {
  const seen: { method: string; url: string; bodyBytes: number; at: number }[] = [];
  const add = (r: Request) => seen.push({ method: r.method(), url: r.url(), bodyBytes: r.postDataBuffer()?.length ?? 0, at: Date.now() });
  // the page's requests include its workers' (the hair model's worker fetches the runtime and the model)
  page.on('request', add);
  return seen;
}

async function openLive(page: Page) {
  await page.getByRole('button', { name: 'Try colours live with your camera' }).click();
  const dialog = page.getByRole('dialog', { name: 'Live mirror' });
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('live-stage')).toHaveAttribute('data-state', 'running', { timeout: 45_000 });
  // a few masks in: the outline has settled (the model is fed its previous mask)
  await expect.poll(async () => Number(await page.getByTestId('live-stats').getAttribute('data-masks')), { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
  return dialog;
}

/** The live canvas's pixels as RGB (live mode draws the camera frame at up to 640 px high, smaller on a slow machine). */
async function canvasPixels(page: Page): Promise<{ data: Buffer; width: number; height: number }> {
  const url = await page.getByTestId('live-canvas').evaluate((c) => (c as HTMLCanvasElement).toDataURL('image/png'));
  const png = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The frame as it comes (split fully to the original) and with the shade, drawn at the same size. */
async function beforeAndAfter(page: Page) {
  const split = page.getByRole('slider', { name: 'Before and after' });
  for (;;) {
    await split.fill('100');
    await expect(split).toHaveAttribute('aria-valuetext', 'Original on the left 100%');
    await waitFrames(page);
    const before = await canvasPixels(page);
    await split.fill('0');
    await expect(split).toHaveAttribute('aria-valuetext', 'All new colour');
    await waitFrames(page);
    const after = await canvasPixels(page);
    if (before.width === after.width && before.height === after.height) return { before, after };
  }
}

/** Sure-hair and sure-not-hair pixels from the reference mask, shrunk and grown so the edge counts for neither. */
async function regions(width: number, height: number): Promise<{ hair: Uint8Array; other: Uint8Array }> {
  const raw = { raw: { width, height, channels: 1 as const } };
  const mask = await sharp(REFERENCE_MASK).extractChannel(0).resize(width, height, { fit: 'fill' }).raw().toBuffer();
  // sharp's morphology treats black as the foreground: dilate shrinks the white hair, erode grows it
  const hair = Uint8Array.from(await sharp(mask, raw).dilate(5).extractChannel(0).raw().toBuffer(), (v) => (v > 200 ? 1 : 0));
  const grown = await sharp(mask, raw).erode(12).extractChannel(0).raw().toBuffer();
  return { hair, other: Uint8Array.from(grown, (v) => (v < 20 ? 1 : 0)) };
}

/** How the pixels in `where` changed from a to b: mean largest channel change, share changed > 12, mean shifts. */
function compare(a: Buffer, b: Buffer, where: Uint8Array) {
  let n = 0,
    diff = 0,
    big = 0,
    dR = 0,
    dB = 0,
    dL = 0;
  for (let i = 0; i < where.length; i++) {
    if (!where[i]) continue;
    n++;
    const o = i * 3;
    const d = Math.max(Math.abs(a[o] - b[o]), Math.abs(a[o + 1] - b[o + 1]), Math.abs(a[o + 2] - b[o + 2]));
    diff += d;
    if (d > 12) big++;
    dR += b[o] - a[o];
    dB += b[o + 2] - a[o + 2];
    dL += (b[o] + b[o + 1] + b[o + 2] - a[o] - a[o + 1] - a[o + 2]) / 3;
  }
  return { n, meanDiff: diff / n, changed: big / n, dR: dR / n, dB: dB / n, dL: dL / n };
}

/** A couple of new masks (and many more frames) since now. */
async function waitFrames(page: Page) {
  const stats = page.getByTestId('live-stats');
  const masks = Number(await stats.getAttribute('data-masks'));
  await expect.poll(async () => Number(await stats.getAttribute('data-masks'))).toBeGreaterThan(masks + 1);
}

async function shadeEffect(page: Page) {
  const { before, after } = await beforeAndAfter(page);
  const { hair, other } = await regions(after.width, after.height);
  return { hair: compare(before.data, after.data, hair), other: compare(before.data, after.data, other) };
}

async function choose(page: Page, shade: string) {
  await page.getByRole('radiogroup', { name: 'Shades' }).getByRole('radio', { name: shade, exact: true }).click();
  await expect(page.getByRole('radio', { name: shade, exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('live-canvas')).toHaveAccessibleName(`Your camera with ${shade.toLowerCase()} hair`);
  await waitFrames(page);
}

test('live mirror for a visitor: the shade lands on the hair only, switching shades changes it, nothing is uploaded', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  // live mode's code, worker, runtime and model load only when it is opened (the landing's budget, decision 062)
  expect(requests.filter((r) => /\/api\/live\/|live-mode|segment\.worker|segmenter/.test(r.url)).map((r) => r.url)).toEqual([]);
  const dialog = await openLive(page);
  expect(requests.some((r) => /live-mode-[\w-]+\.js$/.test(r.url))).toBe(true);
  await expect(dialog.getByText('Your camera stays on your device')).toBeVisible();
  await expect(dialog.getByTestId('live-stats')).toContainText('frames a second');

  // compare in camera orientation: mirror off (the toggle is a pressed/unpressed button)
  const mirror = dialog.getByRole('button', { name: 'Mirror', exact: true });
  await expect(mirror).toHaveAttribute('aria-pressed', 'true');
  await mirror.click();
  await expect(mirror).toHaveAttribute('aria-pressed', 'false');

  await choose(page, 'Blue');
  const blue = await shadeEffect(page);
  expect(blue.hair.n).toBeGreaterThan(3000);
  expect(blue.hair.changed, 'most hair pixels change').toBeGreaterThan(0.8);
  expect(blue.hair.dB - blue.hair.dR, 'and turn bluer').toBeGreaterThan(25);
  expect(blue.other.n).toBeGreaterThan(30_000);
  expect(blue.other.meanDiff, 'face and background stay').toBeLessThan(2);
  expect(blue.other.changed).toBeLessThan(0.01);
  await shot(page, 'live-blue-1280');

  await choose(page, 'Platinum blonde');
  const platinum = await shadeEffect(page);
  expect(platinum.hair.changed, 'switching the shade changes the hair again').toBeGreaterThan(0.8);
  expect(platinum.hair.dL - blue.hair.dL, 'platinum is much lighter than blue').toBeGreaterThan(40);
  expect(platinum.hair.dB - platinum.hair.dR, 'and not blue').toBeLessThan(10);
  expect(platinum.other.meanDiff).toBeLessThan(2);

  // keyboard: the carousel is one tab stop; arrows move the shade
  const checked = dialog.getByRole('radio', { checked: true });
  await checked.focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Red', exact: true })).toBeFocused();
  await expect(dialog.getByRole('radio', { name: 'Red', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByRole('link', { name: 'Sign up to render this in full quality' })).toBeVisible();

  const { violations } = await new AxeBuilder({ page }).include('dialog').analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // the camera is released with the dialog
  await expect.poll(() => page.evaluate(() => [...document.querySelectorAll('video')].every((v) => !(v.srcObject as MediaStream | null)?.active))).toBe(true);

  // nothing carries a camera frame: every request of the session is a bodiless GET to this server
  const origin = new URL(page.url()).origin;
  expect(requests.filter((r) => r.method !== 'GET' || r.bodyBytes > 0).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  expect(requests.filter((r) => !r.url.startsWith(origin) && !r.url.startsWith('data:') && !r.url.startsWith('blob:')).map((r) => r.url)).toEqual([]);
  expect(requests.some((r) => /\/api\/live\/model\/[0-9a-f]{16}\.tflite$/.test(r.url))).toBe(true);
});

test('signed in: "Render this in full quality" makes the current frame a paid render with the shade’s prompt', async ({ page }) => {
  const account = await signUpVerified(page.request);
  await signIn(page, account);
  const requests = recordRequests(page);
  await page.goto('/app');
  await expect(page.getByTestId('studio-credits')).toHaveText('1');
  await openLive(page);
  await choose(page, 'Copper');
  const beforeRender = requests.length;
  expect(requests.filter((r) => r.bodyBytes > 0)).toEqual([]);
  await page.getByRole('button', { name: 'Render this in full quality · 1 credit' }).click();
  await expect(page.getByRole('dialog', { name: 'Live mirror' })).toBeHidden();
  await expect(page.getByTestId('applied')).toContainText(/copper/i, { timeout: 30_000 });
  await expect(page.getByTestId('studio-credits')).toHaveText('0');
  await expect(page.getByLabel('Describe your new look')).toHaveValue('Copper');
  await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible();
  // the only request with a body is the render the person asked for, after they asked
  const withBody = requests.filter((r) => r.bodyBytes > 0);
  expect(withBody.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(['POST /api/fn/generateHairStyle']);
  expect(requests.indexOf(withBody[0])).toBeGreaterThanOrEqual(beforeRender);
  await shot(page, 'live-rendered-1280', { fullPage: true });
});

test('camera refused: live mode says so and offers shades on a photo; the studio grid fills the prompt', async ({ page }) => {
  // the browser's answer when a person blocks the camera
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  const account = await signUpVerified(page.request);
  await signIn(page, account);
  await page.goto('/app');
  await page.getByRole('button', { name: 'Try colours live with your camera' }).click();
  const dialog = page.getByRole('dialog', { name: 'Live mirror' });
  await expect(dialog.getByText('Live mode needs your camera, and it was not allowed.')).toBeVisible({ timeout: 45_000 });
  await dialog.getByLabel('Choose a photo').setInputFiles(PORTRAIT);
  const grid = dialog.getByTestId('shade-grid');
  await expect(grid.getByRole('img')).toHaveCount(9, { timeout: 30_000 });
  await shot(page, 'live-refused-grid-1280');
  await grid.getByRole('button', { name: /Auburn/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Describe your new look')).toHaveValue('Auburn');

  // the same shades in the studio once a photo is chosen, painted on the hair region of its free preview (issue 32)
  await page.getByLabel('Upload a photo').setInputFiles(PORTRAIT);
  const studioGrid = page.getByTestId('shade-grid');
  await expect(studioGrid.getByRole('img')).toHaveCount(9, { timeout: 30_000 });
  await expect(studioGrid.getByRole('img', { name: 'Your photo with copper hair' })).toBeVisible();
  await studioGrid.getByRole('button', { name: /Platinum blonde/ }).click();
  await expect(page.getByLabel('Describe your new look')).toHaveValue('Platinum blonde');
});
