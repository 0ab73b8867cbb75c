/**
 * Booking (issue 33): a professional with three months of bookings (six a day) on PGlite; availability
 * for a week over HTTP (target p50 ≤ 20 ms), and booking creation with 20 clients at once (p50, p99).
 * Printed, never a timed test.
 */
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Temporal } from 'temporal-polyfill';
import { createApp } from '../src/server/app';
import { bookingService, bookingSettings, partner, user } from '../src/server/db/schema';
import { loadEnv } from '../src/server/env';
import { createBooking } from '../src/server/features/booking/create-booking';
import { createLogger } from '../src/server/lib/logger';
import { createVerifiedUser } from '../src/server/seed/create-verified-user';
import { createServices } from '../src/server/services';
import { freshDatabase } from '../tests/support/test-db';

const ZONE = 'Europe/London';
const DAYS = 90;
const ORIGIN = 'http://127.0.0.1';

const at = (daysAhead: number, hour: number) =>
  Temporal.Now.plainDateISO(ZONE)
    .add({ days: daysAhead })
    .toZonedDateTime({ timeZone: ZONE, plainTime: new Temporal.PlainTime(hour) })
    .toString({ timeZoneName: 'never' });
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

export async function run() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tress-bench-booking-'));
  const s = await createServices(loadEnv({ NODE_ENV: 'test', PORT: '3998', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), {
    database: await freshDatabase('pglite'),
    logger: createLogger('silent'),
    sweeper: false,
  });
  const db = s.db;
  await db.insert(user).values({ id: 'bench-pro', name: 'Pro', email: 'bench-pro@example.com', emailVerified: true });
  await db.insert(partner).values({
    userId: 'bench-pro',
    email: 'bench-pro@example.com',
    fullName: 'Pro',
    businessName: 'Bench Salon',
    subscriptionStatus: 'active',
    profileComplete: true,
  });
  await db.insert(bookingSettings).values({
    partnerId: 'bench-pro',
    timeZone: ZONE,
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, open: '08:00', close: '20:00', breaks: [{ start: '13:00', end: '14:00' }] })),
    minNoticeMinutes: 0,
    maxDaysAhead: 120,
    slotStepMinutes: 15,
  });
  const [svc] = await db
    .insert(bookingService)
    .values({ partnerId: 'bench-pro', name: 'Cut', chairMinutes: 60, priceKind: 'fixed', priceCents: 5000 })
    .returning();
  await db.insert(user).values({ id: 'bench-client', name: 'Client', email: 'bench-client@example.com', emailVerified: true });
  let made = 0;
  for (let d = 1; d <= DAYS; d++)
    for (const h of [9, 10, 11, 14, 15, 16]) {
      await createBooking(s, 'bench-client', { serviceId: svc.id, start: at(d, h), idempotencyKey: `seed-${d}-${h}` });
      made++;
    }
  const server = serve({ fetch: createApp(s).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const base = `${ORIGIN}:${(server.address() as AddressInfo).port}`;
  console.log(`${made} bookings over ${DAYS} days for one professional (PGlite)`);

  const times: number[] = [];
  for (let i = 0; i < 120; i++) {
    const from = at(1 + (i % 80), 0).slice(0, 10);
    const to = at(7 + (i % 80), 0).slice(0, 10);
    const t0 = performance.now();
    const res = await fetch(`${base}/api/partners/bench-pro/availability?serviceId=${svc.id}&from=${from}&to=${to}`);
    await res.json();
    if (i >= 20) times.push(performance.now() - t0);
  }
  console.log(`availability, one week over HTTP: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms (target p50 ≤ 20 ms)`);

  const cookies: string[] = [];
  for (let i = 0; i < 20; i++) {
    const email = `bench-c${i}@example.com`;
    await createVerifiedUser(s, { email, password: 'password123', name: `C${i}` });
    const res = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: s.env.publicUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'password123' }),
    });
    cookies.push(
      res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
  }
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  for (let round = 0; round < 5; round++) {
    await Promise.all(
      cookies.map(async (cookie, i) => {
        // the 20 clients of a round aim at 10 times, two at each: half win, half lose the race
        const t0 = performance.now();
        const res = await fetch(`${base}/api/bookings`, {
          method: 'POST',
          headers: { origin: s.env.publicUrl, cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ serviceId: svc.id, start: at(100 + round, 8 + (i % 10 >= 5 ? (i % 10) + 1 : i % 10)), idempotencyKey: `bench-${round}-${i}` }),
        });
        await res.text();
        latencies.push(performance.now() - t0);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }),
    );
  }
  console.log(
    `booking creation, 20 at once × 5 rounds: p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms; answers ${[...statuses].map(([k, v]) => `${k}×${v}`).join(', ')}`,
  );
  server.close();
  await s.close();
}
