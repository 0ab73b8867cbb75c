import { Temporal } from 'temporal-polyfill';
import { expect } from 'vitest';
import type { TestApp } from '../support/test-app';
import { listedPartner } from './partners-helpers';

export const ZONE = 'America/New_York';

/** Open every day 09:00–17:00 with a lunch break, bookable from now to 60 days ahead, every 15 minutes. */
export const everyDay = (over: Record<string, unknown> = {}) => ({
  timeZone: ZONE,
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, open: '09:00', close: '17:00', breaks: [{ start: '13:00', end: '14:00' }] })),
  overrides: [] as { date: string; hours: null | { open: string; close: string; breaks: [] }; label: string }[],
  minNoticeMinutes: 0,
  maxDaysAhead: 60,
  slotStepMinutes: 15,
  ...over,
});

export const cutService = (over: Record<string, unknown> = {}) => ({
  name: 'Cut & finish',
  styleTags: [] as string[],
  duration: { chairMinutes: 60 } as Record<string, number>,
  price: { kind: 'fixed', amountCents: 6000 },
  ...over,
});
export const colourService = (over: Record<string, unknown> = {}) => ({
  name: 'Copper balayage',
  styleTags: ['balayage', 'copper'],
  duration: { chairMinutes: 60, processingMinutes: 45, finishMinutes: 30 },
  price: { kind: 'from', amountCents: 12000 },
  ...over,
});

/** A listed professional with hours and the given services; returns their ids and cookie. */
export async function bookablePro(t: TestApp, services: Record<string, unknown>[] = [cutService()], hours = everyDay()) {
  const pro = await listedPartner(t);
  const h = await t.request('/api/partner/hours', { method: 'PUT', cookie: pro.cookie, json: hours });
  if (!h.ok) throw new Error(`hours failed: ${h.status} ${await h.text()}`);
  const ids: string[] = [];
  for (const svc of services) {
    const res = await t.request('/api/partner/services', { method: 'POST', cookie: pro.cookie, json: svc });
    if (res.status !== 201) throw new Error(`service failed: ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { id: string }).id);
  }
  return { ...pro, serviceIds: ids };
}

/** A wall-clock time some days from today in the salon's zone, as ISO with its offset. */
export function wallTime(daysAhead: number, hhmm: string, zone = ZONE): string {
  const date = Temporal.Now.plainDateISO(zone).add({ days: daysAhead });
  const [hour, minute] = hhmm.split(':').map(Number);
  return date.toZonedDateTime({ timeZone: zone, plainTime: new Temporal.PlainTime(hour, minute) }).toString({ timeZoneName: 'never' });
}

export const book = (t: TestApp, cookie: string, body: Record<string, unknown>) =>
  t.request('/api/bookings', { method: 'POST', cookie, json: { idempotencyKey: crypto.randomUUID(), ...body } });

const DEPOSIT = { kind: 'fixed', amountCents: 3000, appliesTo: 'all' };
/** A 120.00 colour that takes a 30.00 deposit from everyone. */
export const withDeposit = (over: Record<string, unknown> = {}) => colourService({ price: { kind: 'fixed', amountCents: 12000 }, deposit: DEPOSIT, ...over });

export type Created = { booking: { id: string; state: string }; payment: { checkoutUrl: string } | null };

export const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
/** The sandbox's payment form filled with a test card. */
export const card = (number: string) => form({ number, expiry: '12 / 34', cvc: '123', name: 'Nadia Booker' });

/** A professional with the given services whose sandbox deposit account is ready. */
export async function connectedPro(t: TestApp, services: Record<string, unknown>[] = [withDeposit()]) {
  const pro = await bookablePro(t, services);
  const { url } = (await (await t.request('/api/partner/deposit-account/connect', { method: 'POST', cookie: pro.cookie })).json()) as { url: string };
  const res = await t.request(new URL(url).pathname, { ...form({ account: '000123456789' }), cookie: pro.cookie });
  expect(res.status).toBe(303);
  return pro;
}

/** Books and pays the deposit with the sandbox's test card; returns the booking id. */
export async function paidBooking(t: TestApp, cookie: string, serviceId: string, start: string) {
  const created = (await (await book(t, cookie, { serviceId, start })).json()) as Created;
  expect((await t.request(new URL(created.payment!.checkoutUrl).pathname, card('4242424242424242'))).status).toBe(303);
  return created.booking.id;
}
