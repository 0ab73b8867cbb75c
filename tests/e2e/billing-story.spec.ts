import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { CREDIT_PACKS } from '@shared/billing/catalogue';
import { MSG } from '@shared/messages';
import { E2E } from '../../playwright.config';
import { signUpVerified } from './support/accounts';
import { shot } from './support/shots';

async function payOnSandbox(page: Page, card: string, screenshot?: string) {
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sandbox_/);
  await expect(page.getByText('TEST MODE', { exact: false }).first()).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Test Buyer');
  if (screenshot) await shot(page, screenshot, { fullPage: true });
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

const badge = (page: Page) => page.getByTestId('credits-badge');

/** WCAG 2 A/AA rules that axe can check on the page as it is now. */
async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('buys every credit pack through the sandbox checkout; a decline changes nothing; the header balance changes live', async ({ page, context, request }) => {
  // a whole story (every pack bought, a decline, a cancel, four accessibility scans, full-page screenshots): on a
  // loaded 2-core machine it ran past the default 60 s with every step passing
  test.setTimeout(180_000);
  const account = await signUpVerified(request);

  // Signed out on /pricing: buying goes to /login and comes back to /pricing.
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'AI credit bundles' })).toBeVisible();
  await shot(page, 'pricing-1280', { fullPage: true });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Buy Creator' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(badge(page)).toContainText('1');

  // A second tab watches the header and the history while the first one pays.
  const watcher = await context.newPage();
  await watcher.goto('/billing');
  await expect(watcher.getByTestId('billing-balance')).toHaveText('1');

  // A network failure while starting checkout: the spec's alert, and the button is usable again.
  await page.route('**/api/fn/createCheckoutSession', (route) => route.abort('connectionfailed'), { times: 1 });
  await page.getByRole('button', { name: 'Buy Studio' }).click();
  await expect(page.getByRole('alert')).toContainText(MSG.checkoutFailed);
  await expect(page.getByRole('button', { name: 'Buy Studio' })).toBeEnabled();

  let expected = 1;
  for (const [i, pack] of CREDIT_PACKS.entries()) {
    if (i > 0) await page.goto('/billing');
    if (i === 0) {
      // Hold the real request until the button has said Redirecting…, then let it through.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route(
        '**/api/fn/createCheckoutSession',
        async (route) => {
          await held;
          await route.continue();
        },
        { times: 1 },
      );
      await page.getByRole('button', { name: `Buy ${pack.name}` }).click();
      await expect(page.getByRole('button', { name: 'Redirecting…' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Buy Creator' })).toBeDisabled();
      release();
    } else {
      await page.getByRole('button', { name: `Buy ${pack.name}` }).click();
    }
    if (i === 0) {
      await expect(page).toHaveURL(/\/sandbox\/checkout\//);
      await expect(page.getByRole('heading', { name: 'Starter pack' })).toBeVisible();
      await expectAccessible(page);
      await payOnSandbox(page, '4000 0000 0000 0002', 'sandbox-checkout-1280');
      await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
      await expectAccessible(page);
      await shot(page, 'sandbox-declined-1280');
      await expect(badge(watcher)).toContainText(String(expected));
    }
    await payOnSandbox(page, '4242 4242 4242 4242');
    expected += pack.credits;
    await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_sandbox_/);
    await expect(page.getByRole('heading', { name: MSG.paymentSuccessful })).toBeVisible();
    await expect(page.getByTestId('success-balance')).toHaveText(String(expected));
    if (i === 0) await shot(page, 'checkout-success-1280');
    // Live: the other tab never reloaded.
    await expect(badge(watcher)).toContainText(String(expected));
    await expect(watcher.getByTestId('billing-balance')).toHaveText(String(expected));
    await expect(watcher.getByTestId('ledger')).toContainText(`Credit purchase · ${pack.name} pack`);
  }

  await page.getByRole('link', { name: 'View billing' }).click();
  await expect(page.getByText(MSG.creditsAdded)).toBeVisible();
  await expect(page.getByTestId('ledger').getByRole('listitem')).toHaveCount(4);
  await expect(page.getByTestId('ledger')).toContainText('Welcome credit');
  await shot(page, 'billing-1280', { fullPage: true });
  await expectAccessible(page);
  // ?success=1 shows the toast too, and the parameter leaves the address bar.
  await page.goto('/billing?success=1');
  await expect(page.getByText(MSG.creditsAdded)).toBeVisible();
  await expect(page).toHaveURL(/\/billing$/);

  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'billing-375', { fullPage: true });
  await page.goto('/pricing');
  await shot(page, 'pricing-375', { fullPage: true });
  await page.getByRole('button', { name: 'Buy Starter' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await shot(page, 'sandbox-checkout-375', { fullPage: true });
  await page.getByRole('link', { name: 'Cancel payment' }).click();
  await expect(page.getByRole('heading', { name: MSG.paymentCanceled })).toBeVisible();
  await shot(page, 'checkout-cancel-375');
  await expect(badge(page)).toContainText(String(expected));
});

test('subscribes to both partner plans through the sandbox; portal cancel/resume/end; professional status changes live', async ({ page, context }) => {
  const account = await signUpVerified(page.request);
  const join = await page.request.post('/api/partners/join', {
    data: { fullName: 'Pat Stylist', businessName: 'Copper & Comb' },
    headers: { origin: E2E.baseURL },
  });
  expect(join.ok()).toBeTruthy();

  await page.goto('/partners/subscribe');
  await expect(page.getByRole('heading', { name: 'Choose your partner plan' })).toBeVisible();
  await shot(page, 'subscribe-1280', { fullPage: true });
  await page.getByRole('button', { name: 'Choose Monthly' }).click();
  await payOnSandbox(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: MSG.paymentSuccessful })).toBeVisible();
  await expect(page).toHaveURL(/\/partner\/profile$/, { timeout: 8000 });

  // Completing the profile makes the partner an active professional (partners' API); the header says so.
  const profile = await page.request.put('/api/partner/profile', {
    data: {
      fullName: 'Pat Stylist',
      businessName: 'Copper & Comb',
      location: 'Leeds',
      bio: 'Colour specialist.',
      services: 'Balayage, Cuts',
      website: '',
      instagram: '',
      facebook: '',
    },
    headers: { origin: E2E.baseURL },
  });
  expect(profile.ok(), await profile.text()).toBeTruthy();

  const watcher = await context.newPage();
  await watcher.goto('/pricing');
  const menuShows = async (label: string) => {
    await watcher.getByRole('button', { name: 'Account menu' }).click();
    await expect(watcher.getByRole('menuitem', { name: label })).toBeVisible();
    await watcher.keyboard.press('Escape');
  };
  await menuShows('Manage Listing');

  await page.goto('/partners/subscribe');
  await expect(page.getByTestId('subscription-panel')).toContainText('Monthly plan');
  await expect(page.getByTestId('subscription-panel')).toContainText('Renews on');
  await expect(page.getByRole('button', { name: 'Current plan' })).toBeDisabled();
  await shot(page, 'subscribe-subscribed-1280', { fullPage: true });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(/\/sandbox\/portal/);
  await expect(page.getByTestId('portal-status')).toContainText('Renews on');
  await shot(page, 'portal-1280');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Cancel renewal' }).click();
  await expect(page.getByTestId('portal-status')).toContainText('Cancels on');
  await page.getByRole('button', { name: 'Resume renewal' }).click();
  await expect(page.getByTestId('portal-status')).toContainText('Renews on');
  await page.getByRole('button', { name: 'End the billing period now' }).click();
  await expect(page.getByTestId('portal-status')).toHaveText('Canceled');
  await menuShows('Join as a Professional');

  await page.getByRole('link', { name: 'Return to Tress' }).click();
  await expect(page).toHaveURL(/\/partners\/subscribe$/);
  await expect(page.getByTestId('subscription-panel')).toContainText('Canceled');
  await page.getByRole('button', { name: 'Choose Yearly' }).click();
  await payOnSandbox(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: MSG.paymentSuccessful })).toBeVisible();
  await menuShows('Manage Listing');
  await expect(page).toHaveURL(/\/partner\/profile$/, { timeout: 8000 });
  expect(account.email).toContain('@');
});

test('signed-out states: /billing asks to sign in, /partners/subscribe refuses the plan with the spec text', async ({ page }) => {
  await page.goto('/billing');
  await expect(page.getByRole('heading', { name: MSG.pleaseSignIn })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible();
  await page.goto('/partners/subscribe');
  await page.getByRole('button', { name: 'Choose Yearly' }).click();
  await expect(page.getByRole('alert')).toContainText(MSG.subscribeSignedOut);
  await expect(page.getByRole('button', { name: 'Choose Yearly' })).toBeEnabled();
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'subscribe-signed-out-375', { fullPage: true });
});
