import { expect, type Page } from '@playwright/test';

/** A zone where it is daytime now, so an all-day salon has free times within minutes whenever the test runs. */
function daytimeZone(): string {
  const zones = ['Europe/London', 'America/New_York', 'America/Los_Angeles', 'Asia/Kolkata', 'Asia/Tokyo', 'Australia/Adelaide'];
  const hour = (tz: string) => Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: tz }).format(new Date()));
  return zones.find((tz) => hour(tz) >= 3 && hour(tz) <= 19) ?? zones[0]!;
}

/**
 * On /partner/services: the salon opens all day every day, in a zone where it is daytime now, bookable from now
 * on every five minutes, and moves and cancels are free until the start, so a story can book (and move) an
 * appointment a few minutes away whenever it runs.
 */
export async function openAllDay(pro: Page): Promise<void> {
  await pro.getByLabel('Time zone of the salon').selectOption(daytimeZone());
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    await pro.getByRole('checkbox', { name: day }).check();
    await pro.getByLabel(`${day} opens`).fill('00:00');
    await pro.getByLabel(`${day} closes`).fill('23:55');
    while ((await pro.getByRole('button', { name: `Remove ${day} break 1` }).count()) > 0)
      await pro.getByRole('button', { name: `Remove ${day} break 1` }).click();
  }
  await pro.getByLabel('Soonest a client can book').selectOption('0');
  await pro.getByLabel('Start times every').selectOption('5');
  await pro.getByRole('button', { name: 'Save hours' }).click();
  await expect(pro.getByText('Opening hours saved.')).toBeVisible();
  await pro.getByLabel('Free cancellation until (hours before)').fill('0');
  await pro.getByRole('button', { name: 'Save policy' }).click();
  await expect(pro.getByText('Policy saved.')).toBeVisible();
}

/**
 * On /partner/services: adds a 30-minute copper balayage at a fixed 120 with nothing before or after it, taking a
 * fixed deposit when `depositAmount` is given, and waits for the menu to list it.
 */
export async function addCopperBalayage(pro: Page, serviceName: string, depositAmount?: string): Promise<void> {
  await pro.getByRole('button', { name: 'Add a service' }).click();
  await pro.getByLabel('Service name').fill(serviceName);
  await pro.getByRole('button', { name: 'Balayage', exact: true }).click();
  await pro.getByRole('button', { name: 'Copper', exact: true }).click();
  await pro.getByLabel('Chair time').fill('30');
  for (const part of ['Processing', 'Finish', 'Buffer before', 'Buffer after']) await pro.getByLabel(part, { exact: true }).fill('0');
  await pro.getByLabel('Pricing').selectOption('fixed');
  await pro.getByLabel(/^Price \(/).fill('120');
  if (depositAmount) {
    await pro.getByLabel('Take a deposit').selectOption('fixed');
    await pro.getByLabel(/^Deposit \(/).fill(depositAmount);
  }
  await pro.getByRole('button', { name: 'Add service' }).click();
  await expect(pro.getByText('Service added to your menu.')).toBeVisible();
  await expect(pro.getByRole('list', { name: 'Your services' })).toContainText(serviceName);
}

/** From the directory opened by "Find a professional for this look": near London, then `business`'s profile. */
export async function openProfileNearLondon(page: Page, business: string): Promise<void> {
  const near = page.getByRole('combobox', { name: 'Near' });
  await near.fill('Lond');
  await expect(page.getByRole('option', { name: 'London, England, United Kingdom' })).toBeVisible();
  await near.press('Enter');
  await expect(page).toHaveURL(/near=2643743/);
  await page
    .getByRole('link', { name: new RegExp(business) })
    .filter({ has: page.getByRole('heading', { name: business }) })
    .first()
    .click();
}
