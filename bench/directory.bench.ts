/**
 * Directory search latency (issue 7): seeds 10,000 partners (9,000 listed) on PGlite and, when it
 * answers, the PostgreSQL server; then times common searches in-process (searchDirectory) and over
 * HTTP (the real app on a loopback port), text searches and near-me searches (issue 18) alike. Prints
 * median and p95 per query. Target: median < 20 ms over HTTP.
 */
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { createApp } from '../src/server/app';
import { loadEnv } from '../src/server/env';
import { geocodeText } from '../src/server/features/geo/cities';
import { searchDirectory } from '../src/server/features/partners/directory-search';
import { createLogger } from '../src/server/lib/logger';
import { createServices, type Services } from '../src/server/services';
import { DirectoryQuerySchema } from '@shared/partners/schemas';
import { freshDatabase, postgresAvailable, type DbKind } from '../tests/support/test-db';

const N = 10_000;
const RUNS = 60;
const CITIES = [
  'London',
  'Manchester',
  'Leeds',
  'Bristol',
  'Edinburgh',
  'Glasgow',
  'Dublin',
  'Brooklyn',
  'Austin',
  'Toronto',
  'Melbourne',
  'Cardiff',
  'Oxford',
  'Brighton',
  'Liverpool',
];
/** Each bench city's GeoNames point; professionals are spread up to ~15 km around it. */
const POINTS = CITIES.map((c) => geocodeText(c)!);
const [LONDON, LEEDS, AUSTIN] = [POINTS[0], POINTS[2], POINTS[8]];
const QUERIES = [
  '',
  'q=balayage',
  'q=London',
  'q=copper%20comb',
  'q=fade%20leeds',
  'q=mia%20bristol%20braids',
  'style=balayage',
  'style=balayage&colour=copper',
  'q=manchester&style=ombre',
  'q=zzzz',
  'page=20',
  // near me (issue 18): a city id, the browser's position, with text and filters, a deep page
  `near=${LONDON.id}`,
  `near=${LEEDS.id}&radius=100`,
  `lat=${AUSTIN.lat}&lng=${AUSTIN.lng}&radius=10`,
  `near=${LONDON.id}&q=balayage&style=balayage`,
  `near=${LONDON.id}&radius=50&page=5`,
];
const FIRST = ['Mia', 'Tom', 'Amara', 'Isla', 'Jess', 'Sam', 'Noor', 'Leo', 'Chloé', 'Ravi', 'Hannah', 'Grace', 'Marcus', 'Priya', 'Kofi'];
const WORDS = [
  'Copper',
  'Comb',
  'Studio',
  'Lumière',
  'Crown',
  'Coil',
  'Thistle',
  'Siren',
  'Atelier',
  'Fade',
  'Theory',
  'Haus',
  'Gold',
  'Lab',
  'Barber',
  'Salon',
  'Colour',
  'Bar',
];
const SERVICES = [
  'Balayage',
  'Highlights',
  'Skin fade',
  'Curly cuts',
  'Colour correction',
  'Platinum blonde',
  'Braids',
  'Ombré',
  'Beard trim',
  'Gloss',
  'Vivid colour',
  'Root shadow',
];
const TAGS = ['balayage', 'highlights', 'ombre', 'root-shadow', 'money-piece', 'copper', 'blonde', 'platinum', 'brown', 'pink', 'silver', 'honey'];

const arr = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`);

async function seed(s: Services) {
  await s.db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'bench-' || i, 'Bench ' || i, 'bench' || i || '@example.com', true from generate_series(1, ${N}) i`);
  await s.db.execute(sql`
    with v as (
      select i,
        (${arr(FIRST)})[1 + i % ${FIRST.length}] as first,
        (${arr(WORDS)})[1 + i % ${WORDS.length}] || ' ' || (${arr(WORDS)})[1 + (i / ${WORDS.length}) % ${WORDS.length}] || ' ' || i as business,
        (${arr(CITIES)})[1 + (i / 7) % ${CITIES.length}] as city,
        (${sql.raw(`array[${POINTS.map((p) => p.lat).join(',')}]::float8[]`)})[1 + (i / 7) % ${CITIES.length}] + ((i * 37) % 100 - 50) * 0.0027 as lat,
        (${sql.raw(`array[${POINTS.map((p) => p.lng).join(',')}]::float8[]`)})[1 + (i / 7) % ${CITIES.length}] + ((i * 53) % 100 - 50) * 0.0042 as lng,
        array[(${arr(SERVICES)})[1 + i % ${SERVICES.length}], (${arr(SERVICES)})[1 + (i * 5) % ${SERVICES.length}], (${arr(SERVICES)})[1 + (i * 11) % ${SERVICES.length}]] as services,
        array[(${arr(TAGS)})[1 + i % ${TAGS.length}], (${arr(TAGS)})[1 + (i / ${TAGS.length}) % ${TAGS.length}]] as tags
      from generate_series(1, ${N}) i)
    insert into partner (user_id, email, full_name, business_name, subscription_status, plan, profile_complete, location, services,
                         is_verified, average_rating, rating_count, slug, search_text, style_tags, latitude, longitude)
    select 'bench-' || i, 'bench' || i || '@example.com', first || ' Stylist', business,
           case when i % 10 = 0 then 'inactive' else 'active' end,
           case when i % 7 = 0 then 'yearly' else 'monthly' end,
           i % 10 <> 0, city, to_jsonb(services), i % 9 = 0, (i % 41) / 10.0, i % 17, 'bench-' || i,
           lower(business || ' ' || city || ' ' || first || ' Stylist ' || array_to_string(services, ' ')), to_jsonb(tags), lat, lng
    from v`);
  await s.db.execute(sql`analyze partner`);
}

function stats(ms: number[]) {
  const xs = [...ms].sort((a, b) => a - b);
  const at = (p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];
  return { median: at(0.5), p95: at(0.95) };
}
const fmt = (x: number) => x.toFixed(2).padStart(7);

async function timeIt(fn: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return stats(out);
}

async function benchKind(kind: DbKind) {
  const database = await freshDatabase(kind);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tress-bench-'));
  const services = await createServices(
    loadEnv({ NODE_ENV: 'test', PORT: '0', DATA_DIR: dataDir, AUTH_SECRET: 'bench-secret-bench-secret-bench', LOG_LEVEL: 'silent' }),
    { database, logger: createLogger('silent') },
  );
  const t0 = performance.now();
  await seed(services);
  console.log(`\n[${kind}] seeded ${N} partners in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const plan = await services.db.execute(
    sql`explain select user_id from partner where listed and search_vector @@ to_tsquery('simple', 'balayage:*') order by is_verified desc nulls last, average_rating desc nulls last, business_name, user_id limit 25`,
  );
  const planText = plan.rows.map((r) => Object.values(r)[0]).join(' | ');
  console.log(
    `[${kind}] plan for q=balayage: ${planText.includes('partner_search_vector_idx') ? 'bitmap on partner_search_vector_idx (GIN)' : planText.includes('partner_directory_idx') ? 'walks partner_directory_idx in sort order, stops at the page size' : planText.slice(0, 160)}`,
  );

  const app = createApp(services, { distDir: dataDir });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  // Idle keep-alive sockets outlive the in-process timings between HTTP rounds.
  (server as unknown as { keepAliveTimeout: number }).keepAliveTimeout = 120_000;
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  console.log(`[${kind}] query                               server median/p95 ms    http median/p95 ms   results`);
  for (const qs of QUERIES) {
    const query = DirectoryQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
    const first = await searchDirectory(services.db, query);
    const inProc = await timeIt(() => searchDirectory(services.db, query));
    const http = await timeIt(async () => {
      const res = await fetch(`${base}/api/partners?${qs}`);
      if (!res.ok) throw new Error(`${res.status}`);
      await res.arrayBuffer();
    });
    const label = (qs || '(all)').replace(/lat=[^&]+&lng=[^&]+/, 'lat=…&lng=…').padEnd(34);
    console.log(
      `[${kind}] ${label} ${fmt(inProc.median)} ${fmt(inProc.p95)}        ${fmt(http.median)} ${fmt(http.p95)}    ${String(first.items.length).padStart(2)}${first.nextPage ? '+' : ' '} (${first.featured.length} featured)`,
    );
  }
  await new Promise((r) => server.close(r));
  await services.close();
}

export async function run() {
  await benchKind('pglite');
  if (await postgresAvailable()) await benchKind('postgres');
  else console.log('PostgreSQL server not reachable: skipped.');
}
