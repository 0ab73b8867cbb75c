import { expect, test } from '@playwright/test';
import { MSG } from '@shared/messages';
import { uniqueEmail, verificationLink } from './support/accounts';
import { shot } from './support/shots';

test('the whole account story: sign up, verify by email, 1 credit, sign out, guarded route and back', async ({ page }) => {
  const email = uniqueEmail('story');
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await shot(page, 'login-1280');

  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Full name (optional)').fill('Story Tester');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('123');
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(page.getByText(MSG.passwordTooShort)).toBeVisible();

  await page.getByLabel('Password').fill('secret-pass');
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(page.getByText(MSG.verificationSent(email))).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');

  // Signing in before verifying resends the link and keeps the user out.
  await page.getByLabel('Password').fill('secret-pass');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(MSG.notVerified(email))).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await page.goto(await verificationLink(email));
  await expect(page).toHaveURL(/\/app$/);
  await page.goto('/pricing');
  await expect(page.getByTestId('credits-badge')).toContainText('1');
  await shot(page, 'header-signed-in-1280');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText(email);
  await expect(page.getByRole('menuitem', { name: 'Join as a Professional' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  await page.goto('/creations');
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, 'header-signed-out-1280');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret-pass');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/creations$/);
});

test('the professional login is titled and unknown paths go home', async ({ page }) => {
  await page.goto('/partners/login');
  await expect(page.getByRole('heading', { name: 'Sign in (Professional)' })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});

test('mobile menu mirrors the header at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  for (const label of ['Blog', 'Professionals', 'Pricing', 'Style Library', 'Join as a Professional', 'Sign in']) {
    await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await shot(page, 'mobile-menu-375');
});
