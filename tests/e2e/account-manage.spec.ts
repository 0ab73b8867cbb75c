import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { ACCOUNT_MSG } from '@shared/account/messages';
import { E2E } from '../../playwright.config';
import { resetLink, signIn, signUpVerified, uniqueEmail, verificationLink } from './support/accounts';
import { shot } from './support/shots';

const PORTRAIT = path.join(import.meta.dirname, '../fixtures/portraits/front-dark-long.jpg');
const origin = { origin: E2E.baseURL };

const signInStatus = async (page: Page, email: string, password: string) =>
  (await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: origin })).status();

async function openAccountPage(page: Page) {
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
}

test('forgot password: the mailed link sets a new password and signs in; the old password stops working', async ({ page }) => {
  const account = await signUpVerified(page.request, { password: 'old-password' });
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(ACCOUNT_MSG.resetSent(account.email))).toBeVisible();

  await page.goto(await resetLink(account.email));
  await expect(page).toHaveURL(/\/reset-password\?/);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await shot(page, 'reset-password-1280');
  await page.getByLabel('New password').fill('brand-new-password');
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByTestId('studio-credits')).toHaveText('1');
  expect((await page.request.get('/api/me')).status()).toBe(200);

  expect(await signInStatus(page, account.email, 'old-password')).toBe(401);
  expect(await signInStatus(page, account.email, 'brand-new-password')).toBe(200);
  // the link worked once: followed again, it offers a new one
  await page.goto(await resetLink(account.email));
  await expect(page).toHaveURL(/\/forgot-password\?error=INVALID_TOKEN/);
  await expect(page.getByText(ACCOUNT_MSG.resetInvalid)).toBeVisible();
});

test('the professional sign-in offers the same reset', async ({ page }) => {
  await page.goto('/partners/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password\?for=partner$/);
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/partners\/login$/);
});

test('change email: the account moves to the new address once its link is followed', async ({ page }) => {
  const account = await signUpVerified(page.request, { password: 'password123' });
  await openAccountPage(page);
  await shot(page, 'account-1280', { fullPage: true });
  const newEmail = uniqueEmail('moved');
  await page.getByLabel('New email').fill(newEmail);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText(ACCOUNT_MSG.emailChangeSent(newEmail))).toBeVisible();
  expect(await signInStatus(page, newEmail, 'password123')).toBe(401);

  await page.goto(await verificationLink(newEmail));
  await expect(page).toHaveURL(/\/account\?email=changed$/);
  await expect(page.getByText(ACCOUNT_MSG.emailChanged)).toBeVisible();
  await expect(page.getByText(`You sign in with ${newEmail}.`)).toBeVisible();
  expect(await signInStatus(page, newEmail, 'password123')).toBe(200);
  expect(await signInStatus(page, account.email, 'password123')).toBe(401);
});

test('download my data holds the creation’s picture; delete my account: signed out, sign-in fails, the creation and its share answer 404, the review shows "Former customer"', async ({
  page,
}) => {
  const account = await signUpVerified(page.request, { password: 'leaving-now', name: 'Robin Leaving' });
  await signIn(page, account);
  // a try-on saved and shared, through the same API the studio uses
  const photo = readFileSync(PORTRAIT).toString('base64');
  const generated = await page.request.post('/api/fn/generateHairStyle', {
    headers: origin,
    data: { data: { imageBase64: photo, imageType: 'image/jpeg', prompt: 'copper red' } },
  });
  expect(generated.status(), await generated.text()).toBe(200);
  const { generationId } = (await generated.json()).result as { generationId: string };
  const saved = await page.request.post('/api/creations', { headers: origin, data: { generationId } });
  const creation = (await saved.json()) as { id: string; outputUrl: string };
  const share = (await (await page.request.post(`/api/creations/${creation.id}/share`, { headers: origin, data: {} })).json()) as { token: string };
  expect((await page.request.get(`/api/shared/${share.token}/after.png`)).status()).toBe(200);
  // a review of the demo professional
  type Card = { id: string; slug: string | null; businessName: string };
  const directory = (await (await page.request.get('/api/partners?q=Copper')).json()) as { featured: Card[]; items: Card[] };
  const listing = [...directory.featured, ...directory.items].find((p) => p.businessName === 'Copper & Comb Studio')!;
  const reviewed = await page.request.put(`/api/partners/${listing.id}/review`, {
    headers: origin,
    data: { rating: 4, comment: 'Robin was here: a lovely copper.' },
  });
  expect(reviewed.status()).toBe(200);

  await openAccountPage(page);
  // download my data: the zip holds the creation's picture, byte for byte
  await page.getByRole('button', { name: 'Prepare my data' }).click();
  const link = page.getByRole('link', { name: /^Download \(/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const exported = JSON.parse(strFromU8(zip['creations.json'])) as { id: string; after: string }[];
  expect(exported.map((c) => c.id)).toEqual([creation.id]);
  const served = Buffer.from(await (await page.request.get(`/api/shared/${share.token}/after.png`)).body());
  expect(Buffer.from(zip[exported[0].after]).equals(served)).toBe(true);

  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const confirm = page.getByRole('form', { name: 'Confirm account deletion' });
  await expect(confirm).toContainText('Your creations, their pictures and every share link');
  await expect(confirm).toContainText('signed “Former customer”');
  await shot(page, 'account-delete-1280', { fullPage: true });
  await confirm.getByLabel('Your password').fill('leaving-now');
  await confirm.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page).toHaveURL(/\/login\?deleted=1$/);
  await expect(page.getByText(ACCOUNT_MSG.accountDeleted)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();

  expect((await page.request.get('/api/me')).status()).toBe(401);
  expect(await signInStatus(page, account.email, 'leaving-now')).toBe(401);
  for (const url of [`/api/shared/${share.token}/after.png`, `/api/shared/${share.token}`, `/c/${share.token}`])
    expect((await page.request.get(url)).status(), url).toBe(404);
  // the owner's own image address asks for a sign-in that can no longer happen
  expect((await page.request.get(creation.outputUrl)).status()).toBe(401);

  await page.goto(`/professionals/${listing.slug ?? listing.id}`);
  const review = page.getByRole('listitem').filter({ hasText: 'Robin was here: a lovely copper.' });
  await expect(review).toContainText('Former customer');
  await expect(review).not.toContainText('Robin Leaving');
});
