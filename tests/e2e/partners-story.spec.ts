import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { MSG } from '@shared/messages';
import { signUpVerified, uniqueEmail, verificationLink } from './support/accounts';
import { shot } from './support/shots';

/** A small picture of a colour swatch: real PNG/JPEG bytes for the file inputs. */
async function picture(i: number, type: 'png' | 'jpeg' = 'jpeg') {
  const hues = ['#b45309', '#9f1239', '#7c3aed', '#0f766e', '#ca8a04', '#be185d', '#1d4ed8'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="600"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3f2a1d"/><stop offset="1" stop-color="${hues[i % hues.length]}"/></linearGradient></defs><rect width="480" height="600" fill="url(#g)"/><circle cx="240" cy="260" r="110" fill="#f1c7a5"/></svg>`;
  const img = sharp(Buffer.from(svg));
  const buffer = type === 'png' ? await img.png().toBuffer() : await img.jpeg().toBuffer();
  return { name: `work-${i}.${type === 'png' ? 'png' : 'jpg'}`, mimeType: `image/${type}`, buffer };
}

/** Serious or critical WCAG 2 A/AA problems on the page, by rule id. */
async function a11y(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}

async function payOnSandbox(page: Page) {
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sandbox_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Vivi Salon');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

test('a partner signs up, subscribes, builds a profile, is found, and is reviewed live', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('pro');
  const business = `Vivid Vixen ${Date.now().toString(36)}`;

  // Marketing page → sign-up form with the spec's messages.
  await page.goto('/partners');
  await expect(page.getByText('$29', { exact: true })).toBeVisible();
  await expect(page.getByText('$299', { exact: true })).toBeVisible();
  await shot(page, 'partners-1280', { fullPage: true });
  await page.getByRole('link', { name: 'Create your professional account' }).click();
  await expect(page).toHaveURL(/\/partners\/signup$/);
  await page.getByLabel('Full name').fill('Vivi Salon');
  await page.getByLabel('Business name').fill(business);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Create professional account' }).click();
  await expect(page.getByText(MSG.passwordTooShort)).toBeVisible();
  await page.getByLabel('Password').fill('vivid-secret');
  await page.getByRole('button', { name: 'Create professional account' }).click();
  await expect(page.getByText(MSG.verificationSent(email))).toBeVisible();
  await shot(page, 'partners-signup-done-1280');

  // The verification link signs in and lands on /partners/subscribe; the sandbox checkout activates the plan.
  await page.goto(await verificationLink(email));
  await expect(page).toHaveURL(/\/partners\/subscribe/);
  await page.getByRole('button', { name: 'Choose Monthly' }).click();
  await payOnSandbox(page);
  await expect(page.getByRole('heading', { name: MSG.paymentSuccessful })).toBeVisible();
  await expect(page).toHaveURL(/\/partner\/profile$/, { timeout: 10_000 });

  // Profile: picture, details, 6 portfolio pictures (the 7th refused), tags.
  await expect(page.getByRole('heading', { name: 'Manage your listing' })).toBeVisible();
  await page.getByTestId('profile-image-input').setInputFiles(await picture(0, 'png'));
  await expect(page.getByRole('button', { name: 'Change picture' })).toBeEnabled();
  await page.getByLabel('Location').fill('Camden, London');
  await page.getByLabel('Bio').fill('Vivid and pastel colour, done gently.');
  await expect(page.getByText('37/500')).toBeVisible();
  await page.getByLabel('Services').fill('Vivid colour, Pastel toning, , Curly cuts');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your listing is live in the directory')).toBeVisible();
  await page.getByTestId('portfolio-input').setInputFiles(await Promise.all([1, 2, 3, 4, 5, 6, 7].map((i) => picture(i))));
  await expect(page.getByRole('alert').filter({ hasText: MSG.portfolioFull })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Portfolio' }).getByRole('listitem')).toHaveCount(6);
  await page.getByRole('button', { name: 'Tag picture 1' }).click();
  await page.getByRole('button', { name: 'Balayage', exact: true }).click();
  await page.getByRole('button', { name: 'Pink', exact: true }).click();
  await page.getByRole('button', { name: 'Save tags' }).click();
  await expect(page.getByText('Balayage · Pink')).toBeVisible();
  await page.getByRole('button', { name: 'Move picture 2 earlier' }).click();
  await expect(page.getByText('Balayage · Pink')).toBeVisible();
  await shot(page, 'partner-profile-1280', { fullPage: true });

  // Found in the directory by a service word and by a style filter.
  await page.goto('/professionals?q=PASTEL');
  await expect(page.getByRole('link', { name: new RegExp(business) })).toBeVisible();
  await page.goto('/professionals?style=balayage&colour=pink');
  await expect(page.getByRole('link', { name: new RegExp(business) })).toBeVisible();
  await page.goto('/professionals');
  await expect(page.getByRole('heading', { name: 'Featured annual members' })).toBeVisible();
  await shot(page, 'directory-1280', { fullPage: false });
  await page.goto('/professionals?q=pastel%20camden');
  await page.getByRole('link', { name: new RegExp(business) }).click();
  await expect(page.getByRole('heading', { level: 1, name: business })).toBeVisible();
  await expect(page.getByText(MSG.noReviews)).toBeVisible();
  await expect(page.getByText('New ★').first()).toBeVisible();
  const profileUrl = page.url();

  // Another user reviews; the partner's open page updates live; edit, then delete.
  const client = await browser.newContext({ baseURL: new URL(profileUrl).origin, viewport: { width: 375, height: 812 } });
  const cp = await client.newPage();
  await signUpVerified(cp.request, { name: 'Casey Client' });
  await cp.goto(profileUrl);
  await cp.getByRole('radio', { name: /^4 stars/ }).check({ force: true });
  await cp.getByLabel('Your review').fill('  Gorgeous pastel work.  ');
  await cp.getByRole('button', { name: 'Post review' }).click();
  await expect(cp.getByText('Gorgeous pastel work.')).toBeVisible();
  await expect(page.getByText('Gorgeous pastel work.')).toBeVisible();
  await expect(page.getByLabel('Rated 4.0 out of 5 from 1 review').first()).toBeVisible();
  await shot(cp, 'professional-375', { fullPage: true });
  await cp.getByRole('button', { name: 'Edit your review' }).click();
  await cp.getByRole('radio', { name: /^5 stars/ }).check({ force: true });
  await cp.getByLabel('Your review').fill('Even better at the second visit.');
  await cp.getByRole('button', { name: 'Update review' }).click();
  await expect(page.getByText('Even better at the second visit.')).toBeVisible();
  await expect(page.getByLabel('Rated 5.0 out of 5 from 1 review').first()).toBeVisible();
  await shot(page, 'professional-1280', { fullPage: true });
  cp.once('dialog', (d) => {
    expect(d.message()).toBe(MSG.reviewDeleteConfirm);
    void d.accept();
  });
  await cp.getByRole('button', { name: 'Delete your review' }).click();
  await expect(page.getByText(MSG.noReviews)).toBeVisible();
  await expect(cp.getByText(MSG.noReviews)).toBeVisible();

  // Phone-sized views of the directory and the listing manager.
  await cp.goto('/professionals');
  await expect(cp.getByRole('heading', { name: 'Featured annual members' })).toBeVisible();
  await shot(cp, 'directory-375', { fullPage: false });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/partner/profile');
  await expect(page.getByRole('heading', { name: 'Manage your listing' })).toBeVisible();
  await shot(page, 'partner-profile-375', { fullPage: true });
  await page.goto('/partners');
  await shot(page, 'partners-375', { fullPage: true });
  await client.close();
});

test('an unknown profile shows the spec message; a visitor is asked to sign in to review; pages pass axe', async ({ page }) => {
  await page.goto('/professionals/no-such-pro');
  await expect(page.getByText(MSG.professionalNotFound)).toBeVisible();
  await page.goto('/professionals?q=zzzz-nobody');
  await expect(page.getByRole('heading', { name: MSG.directoryEmpty })).toBeVisible();
  await page.goto('/professionals');
  await expect(page.getByRole('link', { name: /Copper & Comb Studio/ }).first()).toBeVisible();
  expect(await a11y(page)).toEqual([]);
  await page.goto('/partners');
  expect(await a11y(page)).toEqual([]);
  await page.goto('/professionals/copper-comb-studio');
  await expect(page.getByRole('heading', { level: 1, name: 'Copper & Comb Studio' })).toBeVisible();
  await expect(page.getByText(MSG.reviewSignIn)).toBeVisible();
  await expect(page.getByText('Dana Demo')).toBeVisible();
  expect(await a11y(page)).toEqual([]);
  await page.getByRole('button', { name: /Open image 1 of/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('2 / 6')).toBeVisible();
  await shot(page, 'lightbox-1280');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});
