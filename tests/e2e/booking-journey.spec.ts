import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn, signUpVerified } from './support/accounts';
import { CLOCK_SERVER, startClockServer, type ClockServer } from './support/clock-server';
import { shot } from './support/shots';
import { addCopperBalayage, openAllDay, openProfileNearLondon } from './support/booking-steps';

/**
 * Issue 33's whole journey on a server whose clock the test can move (decision 169): a look tried in the studio
 * is booked near the visitor with the render attached and a deposit paid on the sandbox's page; the confirmation
 * email carries its .ics and a link that moves the appointment; the professional sees it on the agenda and, once
 * it has started, marks it completed; the client's review then reads "Verified booking".
 */
const PORTRAIT = path.join(import.meta.dirname, '../fixtures/portraits/front-dark-long.jpg');
const PRO_BUSINESS = 'Copper & Comb Studio';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

test.use({ baseURL: CLOCK_SERVER.baseURL });
test.describe.configure({ mode: 'serial', timeout: 360_000 });

let server: ClockServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startClockServer();
});
test.afterAll(async () => server?.stop());

/** The newest email to `email` whose subject starts with `subject`, as written to the server's outbox (quoted-printable undone). */
async function mailTo(email: string, subject: string): Promise<string> {
  const outbox = path.join(CLOCK_SERVER.dataDir, 'outbox');
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_');
  let found = '';
  await expect
    .poll(
      () => {
        const names = readdirSync(outbox)
          .filter((n) => n.includes(safe))
          .sort()
          .reverse();
        for (const name of names) {
          const raw = readFileSync(path.join(outbox, name), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
          if (raw.includes(`Subject: ${subject}`)) return (found = raw);
        }
        return '';
      },
      { message: `"${subject}" mail to ${email}`, timeout: 45_000 },
    )
    .toBeTruthy();
  return found;
}

/** The calendar part of a mail, decoded if the mailer sent it in base64. */
function calendarPart(raw: string): string {
  const part = raw.split(/\r?\n--/).find((p) => /Content-Type: text\/calendar/i.test(p));
  if (!part) return '';
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n');
  return /Content-Transfer-Encoding: base64/i.test(part) ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body;
}

/** The professional's "Booked through Tress" figures for the last 30 days, as their insights page shows them. */
async function bookedCounts(pro: Page): Promise<{ total: number; withLook: number }> {
  await pro.goto('/partner/insights');
  const figures = pro.getByTestId('insights-booked').getByRole('definition');
  await expect(figures.first()).toHaveText(/^\d+$/);
  return { total: Number(await figures.first().textContent()), withLook: Number(await figures.nth(2).textContent()) };
}

async function phoneShot(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await shot(page, name, { fullPage: true });
  await page.setViewportSize(DESKTOP);
}

test('booking journey: try on, book near me with a deposit, email with .ics, move it from the email, completed, verified review', async ({ page, browser }) => {
  const suffix = Date.now().toString(36);
  const serviceName = `Copper balayage ${suffix}`;

  // The professional offers a balayage with a 30 deposit, open all day in a zone where it is daytime, and
  // connects their own (sandbox) account so deposits are paid online.
  const pro = await (await browser.newContext({ baseURL: CLOCK_SERVER.baseURL, viewport: DESKTOP })).newPage();
  await signIn(pro, DEMO.pro, CLOCK_SERVER);
  await pro.goto('/partner/services');
  await addCopperBalayage(pro, serviceName, '30');
  await openAllDay(pro);
  await pro.getByRole('button', { name: 'Connect payouts' }).click();
  await expect(pro).toHaveURL(/\/sandbox\/connect\//);
  await pro.getByLabel('Bank account number').fill('000123456789');
  await pro.getByRole('button', { name: 'Finish setting up' }).click();
  await expect(pro).toHaveURL(/\/partner\/services/);
  await expect(pro.getByText('Deposits are paid online, to your own account')).toBeVisible();
  const bookedBefore = await bookedCounts(pro);

  // The visitor tries copper balayage in the studio and follows "Find a professional for this look" near London.
  const visitor = await signUpVerified(page.request, { name: 'Nadia Booker', server: CLOCK_SERVER });
  await signIn(page, visitor, CLOCK_SERVER);
  await page.goto('/app');
  await page.getByLabel('Upload a photo').setInputFiles(PORTRAIT);
  await expect(page.getByTestId('hair-region-stage')).toHaveAttribute('tabindex', '0', { timeout: 60_000 });
  await page.getByLabel('Describe your new look').fill('copper balayage');
  await page.getByLabel('Describe your new look').press('Control+Enter');
  await expect(page.getByTestId('applied')).toContainText(/copper/i, { timeout: 90_000 });
  await page.getByRole('link', { name: 'Find a professional for this look' }).click();
  await expect(page).toHaveURL(/\/professionals\?style=balayage&colour=copper&look=/);
  await openProfileNearLondon(page, PRO_BUSINESS);
  await page.getByRole('link', { name: 'Book', exact: true }).click();
  await expect(page).toHaveURL(/\/book\?.*look=/);
  await page.getByRole('radio', { name: new RegExp(serviceName) }).check();
  await expect(page.getByRole('list', { name: 'Your saved looks' }).getByRole('button', { pressed: true })).toBeVisible();
  const soonest = page.getByRole('group', { name: 'Soonest free times' }).getByRole('button');
  await expect(soonest.nth(3)).toBeVisible();
  await soonest.nth(3).click();
  await page.getByLabel('A note for your appointment (optional)').fill('I would love this copper, keeping my length.');
  await phoneShot(page, 'booking-journey-book-375');

  // ... and pays the deposit with the sandbox's test card.
  await page.getByRole('button', { name: 'Book and pay deposit' }).click();
  await expect(page).toHaveURL(/\/sandbox\/deposit\//);
  await expect(page.getByRole('heading', { name: `Deposit for ${serviceName}` })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Nadia Booker');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/bookings\?paid=/);
  const bookingId = new URL(page.url()).searchParams.get('paid')!;
  const card = page.getByRole('article', { name: `${serviceName} with ${PRO_BUSINESS}` });
  await expect(card.getByText('Confirmed')).toBeVisible();
  await phoneShot(page, 'booking-journey-mine-375');

  // The confirmation email has the invitation (.ics) and the link that manages the booking without signing in.
  const mail = await mailTo(visitor.email, `Booked: ${serviceName}`);
  const ics = calendarPart(mail);
  expect(ics).toContain('METHOD:REQUEST');
  expect(ics).toContain(`UID:booking-${bookingId}@tress`);
  expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  const manage = mail.match(/https?:\/\/[^\s"<>]+\/bookings\/manage\/[^\s"<>]+/)?.[0];
  expect(manage).toBeTruthy();

  // The professional sees it on the agenda with the render and the note.
  await pro.goto('/partner/bookings?view=list');
  const row = pro.getByRole('button', { name: /Nadia Booker/ });
  await row.click();
  await expect(pro.getByRole('img', { name: /The look they want/ })).toBeVisible();
  await expect(pro.getByText('I would love this copper, keeping my length.')).toBeVisible();
  await phoneShot(pro, 'booking-journey-agenda-375');

  // The client moves it to the soonest time from the email's link, signed out.
  const linkPage = await (await browser.newContext({ baseURL: CLOCK_SERVER.baseURL, viewport: DESKTOP })).newPage();
  await linkPage.goto(new URL(manage!).pathname);
  const linked = linkPage.getByRole('article', { name: `${serviceName} with ${PRO_BUSINESS}` });
  const before = await linked.getByTestId('booking-when').textContent();
  await linked.getByRole('button', { name: 'Reschedule' }).click();
  await linked.getByRole('group', { name: 'Soonest free times' }).getByRole('button').first().click();
  await expect.poll(() => linked.getByTestId('booking-when').textContent()).not.toBe(before);
  await mailTo(visitor.email, `Moved: ${serviceName}`);

  // Once the appointment has started (the server's clock moved past its start), the professional marks it completed.
  const mine = (await (await page.request.get('/api/bookings')).json()) as { upcoming: { id: string; start: string }[] };
  const start = Date.parse(mine.upcoming.find((b) => b.id === bookingId)!.start);
  server.setNow(start + 60_000);
  await pro.goto('/partner/bookings?view=list');
  await pro.getByRole('button', { name: /Nadia Booker/ }).click();
  await pro.getByRole('button', { name: 'Mark completed' }).click();
  await expect(pro.getByText('Marked completed.')).toBeVisible();

  // The client's review of the visit reads "Verified booking".
  await page.goto('/bookings');
  await page.getByRole('link', { name: PRO_BUSINESS }).first().click();
  await page.getByLabel(/^5 stars/).check({ force: true });
  await page.getByLabel('Your review').fill('The copper came out just like my try-on.');
  await page.getByRole('button', { name: 'Post review' }).click();
  const review = page.getByRole('listitem').filter({ hasText: 'The copper came out just like my try-on.' });
  await expect(review.getByText('Verified booking')).toBeVisible();

  // The professional's insights count it as booked through Tress, with a try-on attached (decision 167).
  await pro.goto('/partner/insights');
  const booked = pro.getByTestId('insights-booked');
  // one more booking than before the story, and one more with a try-on attached (the demo's own count too)
  await expect(booked.getByRole('definition').first()).toHaveText(String(bookedBefore.total + 1));
  await expect(booked.getByRole('definition').nth(2)).toHaveText(String(bookedBefore.withLook + 1));
  await phoneShot(pro, 'booking-journey-insights-375');
});
