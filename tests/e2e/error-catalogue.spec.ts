import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { MSG } from '@shared/messages';
import { E2E } from '../../playwright.config';
import { DEMO, signIn, signUpVerified } from './support/accounts';

/**
 * docs/product.md §8, the error catalogue: each message where the product puts it, one test per message. Failures
 * the server will not make on demand (its database is up, the network is there) are made at the browser's edge:
 * that one request is aborted (no network) or answered with a bare 500 (a server that failed without words).
 * Covered in the story specs instead: checkout on /billing (billing-story), signed out on /partners/subscribe
 * (billing-story), 'No Professionals Found', the profile not found and 'No reviews yet. Be the first!'
 * (partners-story), 'Delete your review?' (partners-story), 'No creations yet.' and 'Creation saved to your
 * gallery!' (studio-story); 'Response is not valid JSON object.' and 'Response is missing data field.' are the
 * API client's (src/web/lib/api.test.ts); 'No image returned from AI' and 'Partner not found.' are the server's
 * answers (tests/integration).
 */

const bare500 = { status: 500, body: '' };
const PORTRAIT = 'tests/fixtures/portraits/front-dark-long.jpg';

async function swatch(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#9f1239' } })
    .png()
    .toBuffer();
  return { name: 'work.png', mimeType: 'image/png', buffer };
}

async function signInForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('sign-in failures', () => {
  test("'Sign in failed.' when the server fails without a message", async ({ page }) => {
    await page.route('**/api/auth/sign-in/email', (route) => route.fulfill(bare500), { times: 1 });
    await page.goto('/login');
    await signInForm(page, DEMO.user.email, DEMO.user.password);
    await expect(page.getByRole('alert')).toContainText(MSG.signInFailed);
  });

  test("the provider's own message when it gives one (a wrong password)", async ({ page }) => {
    await page.goto('/login');
    await signInForm(page, DEMO.user.email, 'not-the-password');
    await expect(page.getByRole('alert')).toContainText(/invalid email or password/i);
    await expect(page.getByRole('alert')).not.toContainText(MSG.signInFailed);
  });

  test("'Sign up failed.' when the network drops", async ({ page }) => {
    await page.route('**/api/auth/sign-up/email', (route) => route.abort('connectionfailed'), { times: 1 });
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.getByLabel('Email').fill('someone-new@example.com');
    await page.getByLabel('Password').fill('a-good-password');
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(MSG.signUpFailed);
    await expect(page.getByRole('alert')).toContainText(MSG.networkFailed);
  });

  test("'Google sign-in failed.' when the provider sends the person back with an error", async ({ page }) => {
    await page.goto('/login?error=google');
    await expect(page.getByRole('alert')).toContainText(MSG.googleFailed);
  });
});

test.describe('professional sign-up', () => {
  async function fillSignup(page: Page, email: string) {
    await page.goto('/partners/signup');
    await page.getByLabel('Full name').fill('Ada Colour');
    await page.getByLabel('Business name').fill('Ada Colour Studio');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a-good-password');
    await page.getByRole('button', { name: 'Create professional account' }).click();
  }

  test('an email already in use', async ({ page }) => {
    await fillSignup(page, DEMO.user.email);
    await expect(page.getByText(MSG.emailInUse)).toBeVisible();
  });

  test('any other failure', async ({ page }) => {
    await page.route('**/api/partners/signup', (route) => route.fulfill(bare500), { times: 1 });
    await fillSignup(page, 'ada-colour@example.com');
    await expect(page.getByText(MSG.partnerSignupFailed)).toBeVisible();
  });
});

test.describe('plan checkout on /partners/subscribe', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, await signUpVerified(page.request));
    const joined = await page.request.post('/api/partners/join', {
      data: { fullName: 'Ada Colour', businessName: 'Ada Colour Studio' },
      headers: { origin: E2E.baseURL },
    });
    expect(joined.ok()).toBeTruthy();
  });

  test('a failure to start checkout, and the button resets', async ({ page }) => {
    await page.route('**/api/fn/createCheckoutSession', (route) => route.abort('connectionfailed'), { times: 1 });
    await page.goto('/partners/subscribe');
    await page.getByRole('button', { name: 'Choose Monthly' }).click();
    await expect(page.getByRole('alert')).toContainText(MSG.subscribeFailed);
    await expect(page.getByRole('button', { name: 'Choose Monthly' })).toBeEnabled();
  });

  test('an answer without a checkout address', async ({ page }) => {
    await page.route('**/api/fn/createCheckoutSession', (route) => route.fulfill({ status: 200, json: { data: {} } }), { times: 1 });
    await page.goto('/partners/subscribe');
    await page.getByRole('button', { name: 'Choose Monthly' }).click();
    await expect(page.getByRole('alert')).toContainText(MSG.subscribeNoUrl);
  });
});

test.describe("a professional's own profile", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.pro);
    await page.goto('/partner/profile');
    await expect(page.getByRole('button', { name: 'Save profile' })).toBeEnabled();
  });

  test('a failed save', async ({ page }) => {
    await page.route('**/api/partner/profile', (route) => (route.request().method() === 'PUT' ? route.fulfill(bare500) : route.continue()));
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByRole('alert')).toContainText(MSG.profileSaveFailed);
  });

  test("a failed upload says 'Upload failed.' with why, and the code to quote", async ({ page }) => {
    await page.route('**/api/fn/uploadPartnerImage', (route) => route.abort('connectionfailed'), { times: 1 });
    await page.getByTestId('profile-image-input').setInputFiles(await swatch());
    await expect(page.getByText(`${MSG.uploadFailed} ${MSG.networkFailed}`)).toBeVisible();
    await expect(page.getByText(/internal/)).toBeVisible();
  });

  test('an upload answered without an address', async ({ page }) => {
    await page.route('**/api/fn/uploadPartnerImage', (route) => route.fulfill({ status: 200, json: { data: {} } }), { times: 1 });
    await page.getByTestId('profile-image-input').setInputFiles(await swatch());
    await expect(page.getByText(MSG.uploadNoUrl)).toBeVisible();
  });
});

test.describe('the directory and reviews', () => {
  test("the directory cannot load: 'Couldn’t load professionals' with the message", async ({ page }) => {
    await page.route(/\/api\/partners(\?|$)/, (route) => route.abort('connectionfailed'));
    await page.goto('/professionals');
    const box = page.getByRole('status').filter({ hasText: MSG.directoryLoadFailed });
    await expect(box).toContainText(MSG.networkFailed);
  });

  test('a review that cannot be saved, then one that cannot be deleted', async ({ page }) => {
    await signIn(page, await signUpVerified(page.request));
    await page.goto('/professionals');
    await page
      .getByRole('link', { name: /Verified/ })
      .first()
      .click();
    await expect(page.getByLabel('Your review')).toBeVisible();
    await page.route('**/api/partners/*/review', (route) => route.fulfill(bare500), { times: 1 });
    await page.getByRole('radio', { name: /^5 stars/ }).check({ force: true });
    await page.getByLabel('Your review').fill('Lovely colour, and she listened.');
    await page.getByRole('button', { name: 'Post review' }).click();
    await expect(page.getByRole('alert')).toContainText(MSG.reviewSaveFailed);

    await page.getByRole('button', { name: 'Post review' }).click();
    await expect(page.getByRole('button', { name: 'Delete your review' })).toBeVisible();
    await page.route('**/api/partners/*/review', (route) => (route.request().method() === 'DELETE' ? route.fulfill(bare500) : route.continue()));
    page.once('dialog', (d) => {
      expect(d.message()).toBe(MSG.reviewDeleteConfirm);
      void d.accept();
    });
    await page.getByRole('button', { name: 'Delete your review' }).click();
    await expect(page.getByRole('alert')).toContainText(MSG.reviewDeleteFailed);

    // the seeded professional's rating is left as it was
    await page.unrouteAll();
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete your review' }).click();
    await expect(page.getByRole('button', { name: 'Post review' })).toBeVisible();
  });
});

test.describe('the studio', () => {
  test.beforeEach(async ({ page }) => {
    // no share sheet and no clipboard: sharing is unsupported in this browser
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
      Object.defineProperty(Navigator.prototype, 'clipboard', { value: undefined, configurable: true });
    });
    await signIn(page, await signUpVerified(page.request));
    await page.goto('/app');
    await page.getByLabel('Upload a photo').setInputFiles(PORTRAIT);
    await expect(page.getByTestId('hair-region-stage')).toHaveAttribute('tabindex', '0', { timeout: 30_000 });
    await page.getByLabel('Describe your new look').fill('copper red');
  });

  test("a failed render: 'Generation failed. Please try again.'", async ({ page }) => {
    await page.route('**/api/fn/generateHairStyle', (route) => route.fulfill(bare500), { times: 1 });
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByText(MSG.generationFailed)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  test('a result that cannot be saved, and sharing where the browser cannot', async ({ page }) => {
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByTestId('applied')).toBeVisible({ timeout: 30_000 });
    await page.route('**/api/creations', (route) => route.fulfill(bare500), { times: 1 });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(MSG.saveCreationFailed)).toBeVisible();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(page.getByText(MSG.shareUnsupported)).toBeVisible();
  });
});
