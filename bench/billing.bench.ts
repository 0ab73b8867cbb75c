/**
 * Payments on both databases, in process (no HTTP socket): createCheckoutSession latency, signed
 * webhook latency for a fresh event and for a replayed one, and replay throughput with 3 copies of
 * every event delivered concurrently. Prints medians and p95; checks the ledger still sums.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CREDIT_PACKS } from '@shared/billing/catalogue';
import { createApp } from '../src/server/app';
import { loadEnv } from '../src/server/env';
import { paidCheckoutEvents } from '../src/server/features/billing/sandbox/sandbox-events';
import type { SandboxProvider } from '../src/server/features/billing/sandbox/sandbox-provider';
import { createLogger } from '../src/server/lib/logger';
import { createVerifiedUser } from '../src/server/seed/create-verified-user';
import { createServices } from '../src/server/services';
import { freshDatabase, postgresAvailable, type DbKind } from '../tests/support/test-db';

const SESSIONS = Number(process.env.BENCH_PAYMENTS_SESSIONS ?? 60);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const fmt = (xs: number[]) => `median ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms (n=${xs.length})`;

async function benchOn(kind: DbKind) {
  const origin = 'http://localhost:3998';
  const services = await createServices(
    loadEnv({
      NODE_ENV: 'production',
      PORT: '3998',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tress-bench-pay-')),
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
      LOG_LEVEL: 'silent',
    }),
    { database: await freshDatabase(kind), logger: createLogger('silent'), mailer: { send: async () => {} }, sweeper: false },
  );
  const app = createApp(services);
  const post = (p: string, body: string, headers: Record<string, string>) =>
    Promise.resolve(app.request(`${origin}${p}`, { method: 'POST', headers: { origin, ...headers }, body }));
  // Buyers of 15 sessions each: the checkout rate limit is 20 a minute per user.
  const buyers: { userId: string; email: string; cookie: string }[] = [];
  for (let i = 0; i < Math.ceil(SESSIONS / 15); i++) {
    const email = `bench-${i}-${Date.now()}@example.com`;
    const userId = await createVerifiedUser(services, { email, password: 'password123', name: 'Bench' });
    const signIn = await post('/api/auth/sign-in/email', JSON.stringify({ email, password: 'password123' }), { 'content-type': 'application/json' });
    buyers.push({
      userId,
      email,
      cookie: signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    });
  }

  const create: number[] = [];
  const sessions: { sessionId: string; userId: string; email: string }[] = [];
  const pack = CREDIT_PACKS[0];
  for (let i = 0; i < SESSIONS; i++) {
    const buyer = buyers[Math.floor(i / 15)];
    const t0 = performance.now();
    const res = await post('/api/fn/createCheckoutSession', JSON.stringify({ data: { priceId: pack.sandboxPriceId, flow: 'pack' } }), {
      'content-type': 'application/json',
      cookie: buyer.cookie,
    });
    create.push(performance.now() - t0);
    if (!res.ok) throw new Error(`checkout ${res.status} ${await res.text()}`);
    const { url } = ((await res.json()) as { result: { url: string } }).result;
    sessions.push({ sessionId: url.split('/').pop()!, userId: buyer.userId, email: buyer.email });
  }
  const provider = services.payments as SandboxProvider;
  const deliveries = sessions.map(({ sessionId, userId, email }) =>
    paidCheckoutEvents({
      sessionId,
      userId,
      email,
      priceId: pack.sandboxPriceId,
      item: { kind: 'pack', pack },
      customerId: 'cus_sandbox_bench',
      successUrl: `${origin}/checkout/success`,
      cancelUrl: `${origin}/checkout/cancel`,
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, name: 'Bench' },
      now: Math.floor(Date.now() / 1000),
    }).map((e) => {
      const payload = JSON.stringify(e);
      return { payload, signature: provider.sign(payload) };
    }),
  );
  const half = Math.floor(deliveries.length / 2);
  const fresh: number[] = [];
  const replay: number[] = [];
  for (const d of deliveries.slice(0, half).flat()) {
    let t0 = performance.now();
    await post('/api/webhooks/sandbox', d.payload, { 'content-type': 'application/json', 'stripe-signature': d.signature });
    fresh.push(performance.now() - t0);
    t0 = performance.now();
    await post('/api/webhooks/sandbox', d.payload, { 'content-type': 'application/json', 'stripe-signature': d.signature });
    replay.push(performance.now() - t0);
  }
  const burst = deliveries
    .slice(half)
    .flat()
    .flatMap((d) => [d, d, d]);
  const t0 = performance.now();
  const statuses = await Promise.all(
    burst.map((d) => post('/api/webhooks/sandbox', d.payload, { 'content-type': 'application/json', 'stripe-signature': d.signature }).then((r) => r.status)),
  );
  const burstMs = performance.now() - t0;
  const balance = (
    await services.db.execute(
      `select sum(credits)::int as credits, (select coalesce(sum(amount),0)::int from ledger_entry) as ledger, (select coalesce(sum(amount),0)::int from ledger_entry where type = 'credit') as bought from "user"`,
    )
  ).rows[0] as { credits: number; ledger: number; bought: number };

  console.log(`[${kind}] createCheckoutSession: ${fmt(create)}`);
  console.log(`[${kind}] webhook, new event:      ${fmt(fresh)}`);
  console.log(`[${kind}] webhook, replayed event: ${fmt(replay)}`);
  console.log(
    `[${kind}] ${burst.length} concurrent deliveries (3 copies each): ${burstMs.toFixed(0)} ms, ${(burst.length / (burstMs / 1000)).toFixed(0)} deliveries/s, all 200: ${statuses.every((s) => s === 200)}`,
  );
  console.log(
    `[${kind}] balances ${balance.credits} = ledger ${balance.ledger}; purchases ${balance.bought} = ${SESSIONS} sessions × ${pack.credits}: ${balance.credits === balance.ledger && balance.bought === SESSIONS * pack.credits}`,
  );
  await services.close();
}

export async function run() {
  await benchOn('pglite');
  if (await postgresAvailable()) await benchOn('postgres');
}
