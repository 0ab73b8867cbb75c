/**
 * Load: autocannon against one app process, then against two behind a tiny round-robin proxy on
 * loopback, on GET /api/me (session lookup + balance) and GET /api/partners?q= (directory search).
 * Both processes share one fresh PostgreSQL database and Redis, as in production. Bounded: about
 * 6 × LOAD_SECONDS (default 8) seconds of load plus start-up.
 */
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { PROCESS_ORIGIN, startAppProcess, waitReady, type AppProcess } from '../tests/support/app-process';
import { PG_ADMIN_URL } from '../tests/support/test-db';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 20);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Round-robin HTTP proxy over keep-alive connections: the smallest possible load balancer. */
function roundRobin(targets: string[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length]);
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((r) => (server.closeAllConnections(), agent.destroy(), server.close(() => r()))),
      }),
    ),
  );
}

async function load(url: string, cookie: string) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { cookie, origin: PROCESS_ORIGIN } });
  const bad = r.non2xx + r.errors + r.timeouts;
  return { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, total: r.requests.total, bad };
}

async function signUpVerified(app: AppProcess) {
  const email = `load-${Date.now()}@example.com`;
  const headers = { origin: PROCESS_ORIGIN, 'content-type': 'application/json' };
  const up = await fetch(`${app.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'password123', name: 'Load' }),
  });
  if (!up.ok) throw new Error(`sign-up failed: ${up.status}`);
  const mail = await app.waitForLog((l) => l.msg === 'mail written to outbox' && l.to === email);
  const link = new URL(String(mail.link));
  const verified = await fetch(`${app.url}${link.pathname}${link.search}`, { redirect: 'manual' });
  return verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function run() {
  const name = `tress_load_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const env = {
    DATABASE_URL: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    REDIS_URL,
    AUTH_SECRET: 'load-bench-secret-load-bench-secret-0123',
    LOG_LEVEL: 'warn',
  };
  let a: AppProcess | undefined;
  let b: AppProcess | undefined;
  try {
    // A seeds the demo data (accounts and whatever the features add, e.g. directory listings) first.
    a = await startAppProcess({ ...env, SEED_DEMO: 'true', LOG_LEVEL: 'info' });
    b = await startAppProcess(env);
    await Promise.all([waitReady(a), waitReady(b)]);
    const cookie = await signUpVerified(a);
    // The proxy in front of one instance separates the proxy's own cost from what a second instance adds.
    const proxy = await roundRobin([a.url, b.url]);
    const proxyOne = await roundRobin([a.url]);
    const paths = { 'GET /api/me': '/api/me', 'GET /api/partners?q=': '/api/partners?q=balayage' };
    const cell = (r: Awaited<ReturnType<typeof load>>) =>
      `${r.rps.toFixed(0).padStart(5)} req/s p99 ${String(r.p99).padStart(4)} ms${r.bad ? ` (${r.bad} errors)` : ''}`;
    const rows: string[] = [];
    try {
      for (const [label, p] of Object.entries(paths)) {
        const one = await load(`${a.url}${p}`, cookie);
        const oneProxied = await load(`${proxyOne.url}${p}`, cookie);
        const two = await load(`${proxy.url}${p}`, cookie);
        rows.push(
          [
            label.padEnd(22),
            cell(one).padEnd(26),
            cell(oneProxied).padEnd(26),
            cell(two).padEnd(26),
            `x${(two.rps / oneProxied.rps).toFixed(2)} req/s, x${(two.p99 / Math.max(1, oneProxied.p99)).toFixed(2)} p99`,
          ].join(' | '),
        );
      }
    } finally {
      await Promise.all([proxy.close(), proxyOne.close()]);
    }
    const [load1] = os.loadavg();
    console.log(
      `autocannon: ${CONNECTIONS} connections, ${SECONDS} s per run; apps, proxy, PostgreSQL, Redis and autocannon share ${os.cpus().length} CPUs (load average ${load1.toFixed(1)} at the end)`,
    );
    console.log(
      [
        'endpoint'.padEnd(22),
        'one instance'.padEnd(26),
        'proxy → one instance'.padEnd(26),
        'proxy → two instances'.padEnd(26),
        'two / one (both proxied)',
      ].join(' | '),
    );
    for (const r of rows) console.log(r);
  } finally {
    await Promise.all([a?.stop(), b?.stop()]);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
