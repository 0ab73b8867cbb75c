import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { MSG } from '@shared/messages';
import { E2E } from '../../playwright.config';
import { DEMO, signIn, signUpVerified } from './support/accounts';
import { shot } from './support/shots';

const PORTRAIT = path.join(import.meta.dirname, '../fixtures/portraits/front-dark-long.jpg');
const PORTFOLIO_PHOTO = path.join(import.meta.dirname, '../fixtures/portraits/curly-blonde.jpg');
const PRO_BUSINESS = 'Copper & Comb Studio';

type Totals = { views: number; directoryClicks: number; inquiries: number };

test('near me: a visitor finds a professional by city on the map, tries a portfolio colour on their photo and asks about it; the professional sees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // the professional (demo, in Shoreditch, London) swaps a portfolio picture for a real photo (6 at most)
  const pro = await browser.newPage();
  await signIn(pro, DEMO.pro);
  const own = (await (await pro.request.get('/api/partner/profile')).json()) as { portfolio: { path: string; url: string }[] };
  const last = own.portfolio.at(-1)!;
  expect(
    (await pro.request.post('/api/fn/deletePartnerImage', { headers: { origin: E2E.baseURL }, data: { data: { path: last.path, url: last.url } } })).ok(),
  ).toBeTruthy();
  const up = await pro.request.post('/api/fn/uploadPartnerImage', {
    headers: { origin: E2E.baseURL },
    data: { data: { type: 'portfolio', fileName: 'curly-blonde.jpg', contentType: 'image/jpeg', base64: readFileSync(PORTFOLIO_PHOTO).toString('base64') } },
  });
  expect(up.ok()).toBeTruthy();
  const before = (await (await pro.request.get('/api/partner/insights')).json()).totals as Totals;

  const account = await signUpVerified(page.request, { name: 'Nadia Visitor' });
  await signIn(page, account);
  await page.goto('/professionals');
  const near = page.getByRole('combobox', { name: 'Near' });
  await near.fill('Lond');
  await expect(page.getByRole('option', { name: 'London, England, United Kingdom' })).toBeVisible();
  await near.press('Enter');
  await expect(page).toHaveURL(/near=2643743/);
  await expect(page.getByText('Nearest first within 25 km of London, England, United Kingdom.')).toBeVisible();
  await expect(page.getByTestId('map-pin').first()).toBeVisible();
  const distances = page.getByTestId('distance');
  await expect(distances.first()).toHaveText('Under 1 km away'); // Shoreditch is matched to London itself
  await expect(page.getByRole('link', { name: /Crown & Coil/ }).getByTestId('distance')).toHaveText(/^\d\.\d km away$/); // Peckham
  await expect(page.getByRole('heading', { name: 'Edinburgh' })).toHaveCount(0);
  // the map's markers are in the tab order and say who is there
  const pin = page.getByTestId('map-pin').first();
  await pin.focus();
  await expect(pin).toBeFocused();
  await expect(pin).toHaveAttribute('aria-label', /professionals here|km away/);
  await shot(page, 'near-me-directory-1280', { fullPage: true });

  await page
    .getByRole('link', { name: new RegExp(PRO_BUSINESS) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: PRO_BUSINESS })).toBeVisible();
  // the map loads when asked for (decision 162)
  await page.getByRole('button', { name: 'Show on a map' }).click();
  await expect(page.getByRole('img', { name: /Copper & Comb Studio: Shoreditch, London/ })).toBeVisible();
  const tries = page.getByRole('link', { name: /Try the colour of image \d+ on me/ });
  await expect(tries.last()).toBeVisible();
  await shot(page, 'near-me-profile-1280', { fullPage: true });
  await tries.last().click();

  await expect(page).toHaveURL(/\/app\?/);
  await expect(page.getByText('Colour from portfolio-look.jpg')).toBeVisible();
  await expect(page.getByLabel('Describe your new look')).toHaveValue(/this colour/);
  await page.getByLabel('Upload a photo').setInputFiles(PORTRAIT);
  // Generate waits for the free preview of the hair it will colour (issue 32)
  await expect(page.getByTestId('hair-region-stage')).toHaveAttribute('tabindex', '0', { timeout: 30_000 });
  await page.getByLabel('Describe your new look').press('Control+Enter');
  await expect(page.getByText(MSG.applyingStyle)).toBeVisible();
  await expect(page.getByTestId('applied')).toBeVisible({ timeout: 60_000 });
  await shot(page, 'near-me-try-on-1280', { fullPage: true });
  await page.getByRole('button', { name: `Ask ${PRO_BUSINESS} about this look` }).click();

  await expect(page).toHaveURL(/\/professionals\/.+\?inquire=/);
  // the look attached to the message (the booking panel beside it has pressed buttons of its own)
  const attached = page.locator('#contact').getByRole('button', { pressed: true });
  await expect(attached).toBeVisible();
  await page.getByLabel(`Message to ${PRO_BUSINESS}`).fill('I love this colour from your portfolio. Could you do it on my hair next month?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent')).toBeVisible();

  // the professional sees the inquiry with the render, and the insights moved
  const inquiries = (await (await pro.request.get('/api/partner/inquiries')).json()).inquiries as {
    senderName: string;
    message: string;
    creation: { afterUrl: string } | null;
  }[];
  const mine = inquiries.find((i) => i.message.startsWith('I love this colour'));
  expect(mine?.creation?.afterUrl).toBeTruthy();
  expect((await pro.request.get(mine!.creation!.afterUrl)).ok()).toBeTruthy();
  await pro.goto('/partner/profile');
  await expect(pro.getByText('I love this colour from your portfolio.')).toBeVisible();
  await pro.goto('/partner/insights');
  const totals = pro.getByTestId('insights-totals');
  await expect(totals).toBeVisible();
  const after = (await (await pro.request.get('/api/partner/insights')).json()).totals as Totals;
  expect(after.views).toBeGreaterThan(before.views);
  expect(after.directoryClicks).toBeGreaterThan(before.directoryClicks);
  expect(after.inquiries).toBe(before.inquiries + 1);
  await expect(totals).toContainText(String(after.inquiries));
  await shot(pro, 'near-me-insights-1280', { fullPage: true });
});

test('sitemap lists profiles and look × city pages with content; such a page has its own title', async ({ request, page }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  expect(xml).toContain('/professionals/copper-comb-studio</loc>');
  const styleCity = xml.match(/<loc>[^<]*\/professionals\?(style|colour)=[a-z-]+&amp;near=\d+<\/loc>/g) ?? [];
  expect(styleCity.length).toBeGreaterThan(0);
  const url = styleCity[0]!.replace(/<\/?loc>/g, '').replace(/&amp;/g, '&');
  const html = await (await request.get(url)).text();
  expect(html).toMatch(/<title>[^<]+ near [^<]+ — Tress<\/title>/);
  await page.goto(new URL(url).pathname + new URL(url).search);
  await expect(page.getByTestId('distance').first()).toBeVisible();
});
