import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@shared/messages';
import { DEMO, signIn, signUpVerified } from './support/accounts';
import { shot } from './support/shots';
import { addCopperBalayage, openAllDay, openProfileNearLondon } from './support/booking-steps';

const PORTRAIT = path.join(import.meta.dirname, '../fixtures/portraits/front-dark-long.jpg');
const PRO_BUSINESS = 'Copper & Comb Studio';

/** Serious or critical WCAG 2 A/AA problems on the page, by rule and element. */
async function a11y(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}

test('booking story: a look from the studio is booked near me with the render attached, seen on the agenda and moved to a sooner time', async ({
  page,
  browser,
}) => {
  // two people's journeys through a dozen pages; the deposit, the email's .ics and link, completing the visit and
  // the verified review it allows are booking-journey.spec.ts's, on a server whose clock it can move (decision 169)
  test.setTimeout(5 * 60_000);
  const suffix = Date.now().toString(36);
  const serviceName = `Copper balayage ${suffix}`;

  // The professional sets up a bookable balayage (no deposit) and opens every day in a zone where it is daytime.
  const pro = await (await browser.newContext()).newPage();
  await signIn(pro, DEMO.pro);
  await pro.goto('/partner/services');
  await expect(pro.getByRole('heading', { name: 'Services & hours' })).toBeVisible();
  await addCopperBalayage(pro, serviceName);
  await openAllDay(pro);

  expect(await a11y(pro)).toEqual([]);
  await shot(pro, 'booking-partner-services-1280', { fullPage: true });

  // The visitor tries copper balayage in the studio and follows "Find a professional for this look".
  const visitor = await signUpVerified(page.request, { name: 'Nadia Booker' });
  await signIn(page, visitor);
  await page.goto('/app');
  await page.getByLabel('Upload a photo').setInputFiles(PORTRAIT);
  // Generate waits for the free preview of the hair it will colour (issue 32)
  await expect(page.getByTestId('hair-region-stage')).toHaveAttribute('tabindex', '0', { timeout: 30_000 });
  await page.getByLabel('Describe your new look').fill('copper balayage');
  await page.getByLabel('Describe your new look').press('Control+Enter');
  await expect(page.getByText(MSG.applyingStyle)).toBeVisible();
  await expect(page.getByTestId('applied')).toContainText(/copper/i, {
    timeout: 90_000,
  });
  await page.getByRole('link', { name: 'Find a professional for this look' }).click();
  await expect(page).toHaveURL(/\/professionals\?style=balayage&colour=copper&look=/);

  // ... finds one near them, and books from the profile: the balayage is preselected and the look attached.
  await openProfileNearLondon(page, PRO_BUSINESS);
  await expect(page.getByRole('heading', { name: 'Book an appointment' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Services' })).toContainText(serviceName);
  await page.getByRole('link', { name: 'Book', exact: true }).click();
  await expect(page).toHaveURL(/\/book\?.*look=/);
  await expect(page.getByRole('radio', { checked: true })).toHaveAccessibleName(/Balayage/);
  await page.getByRole('radio', { name: new RegExp(serviceName) }).check();
  await expect(page.getByRole('list', { name: 'Your saved looks' }).getByRole('button', { pressed: true })).toBeVisible();
  await expect(page.getByText('Colourist’s read:')).toBeVisible();
  // the policy is stated before booking
  await expect(page.getByRole('heading', { name: `${PRO_BUSINESS}’s policy` })).toBeVisible();
  const soonest = page.getByRole('group', { name: 'Soonest free times' }).getByRole('button');
  await expect(soonest.nth(2)).toBeVisible();
  await soonest.nth(2).click();
  await page.getByLabel('A note for your appointment (optional)').fill('I would love this copper, keeping my length.');
  expect(await a11y(page)).toEqual([]);
  await shot(page, 'booking-book-1280', { fullPage: true });
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page).toHaveURL(/\/bookings\?booked=/);
  const card = page.getByRole('article', {
    name: `${serviceName} with ${PRO_BUSINESS}`,
  });
  await expect(card.getByText('Confirmed')).toBeVisible();
  expect(await a11y(page)).toEqual([]);
  await shot(page, 'booking-mine-1280', { fullPage: true });

  // The professional sees it on the agenda, with the render and the note.
  await pro.goto('/partner/bookings?view=list');
  const row = pro.getByRole('button', { name: /Nadia Booker/ });
  await expect(row).toBeVisible();
  await row.click();
  await expect(pro.getByRole('img', { name: /The look they want/ })).toBeVisible();
  await expect(pro.getByText('I would love this copper, keeping my length.')).toBeVisible();
  expect(await a11y(pro)).toEqual([]);
  await shot(pro, 'booking-agenda-1280', { fullPage: true });

  // The client moves it to a sooner time from My bookings.
  const before = await card.getByTestId('booking-when').textContent();
  await card.getByRole('button', { name: 'Reschedule' }).click();
  const target = card.getByRole('group', { name: 'Soonest free times' }).getByRole('button');
  await expect(target.nth(1)).toBeVisible();
  await target.nth(1).click();
  await expect.poll(() => card.getByTestId('booking-when').textContent()).not.toBe(before);
});
