/**
 * What the web app sends and how soon a phone shows it (issues 8 and 37, decision 162), against the
 * production build served by the real app with the demo seeded:
 * 1. Initial JavaScript on every route of ROUTES, as whoever sees it (tests/e2e/support/route-pages.ts):
 *    every script fetched until the network is idle, counted as it crossed the wire (compressed; Chromium
 *    accepts brotli) and as gzip (level 9, for a client without brotli). Budget: ≤ 150 KB on every route, both
 *    ways (decision 199).
 * 2. Largest contentful paint on a throttled phone (slow 4G and a mid-range CPU: 150 ms round trip,
 *    1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower, through CDP) for /, /styles, /professionals, a
 *    professional's profile and /app signed in: BENCH_WEB_RUNS cold loads each (default 5), median and p95,
 *    with the bytes sent and above-the-fold image bytes. Budgets: landing ≤ 1.8 s, /app ≤ 2.2 s,
 *    above-the-fold images < 300 KB.
 * BENCH_WEB_ONLY=js or lcp runs one half. Exits non-zero when a median breaks its budget.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Request } from '@playwright/test';
import { ROUTES } from '@shared/routes';
import { concretePath, pageLabel, ROUTE_PAGES, sitemapPaths, type As, type RoutePage } from '../tests/e2e/support/route-pages';
import { startBuiltApp } from './built-app';
import { PHONE_SCREEN, throttleLikePhone } from './phone';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
/** BENCH_WEB_ONLY=js or lcp runs one half. */
const ONLY = process.env.BENCH_WEB_ONLY;
const BUDGET = { jsKb: 150, landingLcpMs: 1800, appLcpMs: 2200, aboveFoldImageKb: 300 };
const PHONE = { latencyMs: 150, downKbps: 1600, upKbps: 750, cpu: 4 };
const DEMO = { user: { email: 'demo@tress.app', password: 'tress-demo' }, pro: { email: 'pro@tress.app', password: 'tress-pro' } };

/** The pages whose largest contentful paint is measured, as the visitor or account that sees them. */
const LCP_PAGES: Pick<RoutePage, 'route' | 'as'>[] = [
  { route: ROUTES.home, as: 'visitor' },
  { route: ROUTES.styles, as: 'visitor' },
  { route: ROUTES.professionals, as: 'visitor' },
  { route: ROUTES.professional, as: 'visitor' },
  { route: ROUTES.studio, as: 'user' },
];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const kb = (n: number) => (n / 1024).toFixed(1);

export async function run() {
  const app = await startBuiltApp('web', {}, { seed: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const failures: string[] = [];
  try {
    const paths = sitemapPaths(await (await fetch(`${app.url}/sitemap.xml`)).text());

    console.log(`initial JavaScript per route (one cold load each, as sent and as gzip), budget ≤ ${BUDGET.jsKb} KB both ways`);
    for (const p of ONLY === 'lcp' ? [] : ROUTE_PAGES) {
      const s = await load(browser, app.url, concretePath(p.route, paths), p.as, false);
      const label = pageLabel(p);
      const over = Math.max(s.jsSent, s.jsGzip) / 1024 > BUDGET.jsKb;
      console.log(
        `  ${label.padEnd(28)} ${kb(s.jsSent).padStart(6)} KB sent  ${kb(s.jsGzip).padStart(6)} KB gzip  ${String(s.jsFiles).padStart(2)} files${over ? '  OVER' : ''}`,
      );
      if (over) failures.push(`${label}: JS ${kb(s.jsSent)} KB sent, ${kb(s.jsGzip)} KB gzip > ${BUDGET.jsKb}`);
    }

    console.log(
      `\nthrottled phone (${PHONE.latencyMs} ms RTT, ${PHONE.downKbps / 1000} Mbit/s down, CPU ${PHONE.cpu}× slower), ${RUNS} cold loads each: LCP median and p95`,
    );
    for (const p of ONLY === 'js' ? [] : LCP_PAGES) {
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i++) samples.push(await load(browser, app.url, concretePath(p.route, paths), p.as, true));
      const lcp = samples.map((s) => s.lcp);
      const img = pct(
        samples.map((s) => s.aboveFoldImages),
        50,
      );
      const label = pageLabel(p);
      console.log(
        `  ${label.padEnd(28)} LCP ${String(pct(lcp, 50).toFixed(0)).padStart(5)} ms (p95 ${pct(lcp, 95).toFixed(0)})  all bytes sent ${kb(
          pct(
            samples.map((s) => s.allSent),
            50,
          ),
        )} KB  above-the-fold images ${kb(img)} KB`,
      );
      const budget = p.route === ROUTES.home ? BUDGET.landingLcpMs : p.route === ROUTES.studio ? BUDGET.appLcpMs : undefined;
      if (budget && pct(lcp, 50) > budget) failures.push(`${label}: LCP ${pct(lcp, 50).toFixed(0)} ms > ${budget}`);
      if (img / 1024 >= BUDGET.aboveFoldImageKb) failures.push(`${label}: images ${kb(img)} KB ≥ ${BUDGET.aboveFoldImageKb}`);
    }
  } finally {
    await browser.close();
    await app.close();
  }
  console.log(
    `budgets: initial JS ≤ ${BUDGET.jsKb} KB sent and as gzip on every route; on the throttled phone LCP ≤ ${BUDGET.landingLcpMs} ms on /, ≤ ${BUDGET.appLcpMs} ms on /app; above-the-fold images < ${BUDGET.aboveFoldImageKb} KB`,
  );
  if (failures.length) {
    console.log(`OVER BUDGET:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

interface Sample {
  jsSent: number;
  jsGzip: number;
  jsFiles: number;
  allSent: number;
  lcp: number;
  aboveFoldImages: number;
}

async function signIn(context: BrowserContext, origin: string, as: As) {
  if (as === 'visitor') return;
  const res = await context.request.post(`${origin}/api/auth/sign-in/email`, { data: DEMO[as], headers: { origin } });
  if (!res.ok()) throw new Error(`signing in as the demo ${as} failed: ${res.status()}`);
}

/** One cold load (a fresh context, so an empty cache), throttled like a phone or not. */
async function load(browser: Browser, origin: string, pathname: string, as: As, phone: boolean): Promise<Sample> {
  const context = await browser.newContext(phone ? PHONE_SCREEN : { viewport: { width: 1280, height: 800 } });
  await signIn(context, origin, as);
  const page = await context.newPage();
  if (phone) await throttleLikePhone(page, PHONE);
  const finished: Promise<{ script: boolean; sent: number; gzip: number }>[] = [];
  const onFinished = (req: Request) =>
    finished.push(
      (async () => {
        const script = req.resourceType() === 'script';
        const sizes = await req.sizes();
        const body = script ? await (await req.response())?.body() : null;
        return { script, sent: sizes.responseBodySize, gzip: body ? gzipSync(body, { level: 9 }).length : 0 };
      })(),
    );
  page.on('requestfinished', onFinished);
  await page.goto(`${origin}${pathname}`, { waitUntil: 'networkidle', timeout: 120_000 });
  // LCP is final once the page has settled: a buffered observer hands over every entry in its first call
  // (on a throttled CPU that call can come late, hence waiting for it), then which images are above the fold
  const { lcp, images } = await page.evaluate(async () => {
    const lcp = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? 0)).observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(() => resolve(Number.NaN), 10_000);
    });
    const vh = window.innerHeight;
    const above = new Set<string>();
    for (const img of Array.from(document.images)) {
      const r = img.getBoundingClientRect();
      if (r.bottom > 0 && r.top < vh && img.currentSrc) above.add(img.currentSrc);
    }
    return { lcp, images: [...above] };
  });
  if (Number.isNaN(lcp)) throw new Error(`${pathname}: no largest contentful paint was reported`);
  let aboveFoldImages = 0;
  for (const src of images)
    aboveFoldImages += await page.evaluate((u) => (performance.getEntriesByName(u)[0] as PerformanceResourceTiming | undefined)?.encodedBodySize ?? 0, src);
  // what finishes after the page settled is not initial; read the rest before the context closes
  page.off('requestfinished', onFinished);
  const all = await Promise.all(finished);
  await context.close();
  const scripts = all.filter((r) => r.script);
  return {
    jsSent: scripts.reduce((a, r) => a + r.sent, 0),
    jsGzip: scripts.reduce((a, r) => a + r.gzip, 0),
    jsFiles: scripts.length,
    allSent: all.reduce((a, r) => a + r.sent, 0),
    lcp,
    aboveFoldImages,
  };
}
