import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { Lifecycle } from './lifecycle';
import { MetricsRegistry } from './metrics';

/** Per-process operations state: lifecycle (in-flight requests, streams, shutdown hooks) and metrics. */
export interface Ops {
  lifecycle: Lifecycle;
  metrics: MetricsRegistry;
  startedAt: number;
}

type Row = Record<string, unknown>;
const rowsOf = (res: unknown): Row[] => (res as { rows: Row[] }).rows;

/**
 * Database-derived gauges describe the shared state (every instance reports the same figures, so
 * dashboards take max() across instances, not sum()); process gauges describe this instance.
 */
export function createOps(db: Db): Ops {
  const lifecycle = new Lifecycle();
  const metrics = new MetricsRegistry();
  const startedAt = Date.now();
  metrics.addGauge({
    name: 'tress_generations',
    help: 'Generation rows in the database by engine and status (shared state).',
    labelNames: ['engine', 'status'],
    async collect() {
      const rows = rowsOf(await db.execute(sql`select coalesce(engine, 'none') as engine, status, count(*)::int as n from generation group by 1, 2`));
      return rows.map((r) => ({ labels: { engine: String(r.engine), status: String(r.status) }, value: Number(r.n) }));
    },
  });
  metrics.addGauge({
    name: 'tress_credits_spent',
    help: 'Credits spent on generations net of refunds, all users (shared state).',
    async collect() {
      const [r] = rowsOf(await db.execute(sql`select coalesce(-sum(amount), 0)::bigint as n from ledger_entry where type in ('generation', 'refund')`));
      return [{ value: Number(r?.n ?? 0) }];
    },
  });
  metrics.addGauge({
    name: 'tress_credits_granted',
    help: 'Credits added by purchases and welcome grants, by ledger type (shared state).',
    labelNames: ['type'],
    async collect() {
      const rows = rowsOf(
        await db.execute(sql`select type, coalesce(sum(amount), 0)::bigint as n from ledger_entry where type in ('credit', 'welcome') group by type`),
      );
      return rows.map((r) => ({ labels: { type: String(r.type) }, value: Number(r.n) }));
    },
  });
  metrics.addGauge({
    name: 'tress_generation_queue_depth',
    help: 'Generation jobs waiting or running in the pg-boss queue by state (queue mode; empty otherwise).',
    labelNames: ['queue', 'state'],
    async collect() {
      const [exists] = rowsOf(await db.execute(sql`select to_regclass('pgboss.job') is not null as present`));
      if (!exists?.present) return [];
      const rows = rowsOf(
        await db.execute(
          sql`select name, state::text as state, count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') group by 1, 2`,
        ),
      );
      return rows.map((r) => ({ labels: { queue: String(r.name), state: String(r.state) }, value: Number(r.n) }));
    },
  });
  metrics.addGauge({
    name: 'tress_inflight_requests',
    help: 'HTTP requests this instance is handling.',
    collect: async () => [{ value: lifecycle.inflightCount }],
  });
  metrics.addGauge({
    name: 'tress_open_event_streams',
    help: 'Server-Sent Events streams open on this instance.',
    collect: async () => [{ value: lifecycle.openStreams }],
  });
  metrics.addGauge({
    name: 'process_uptime_seconds',
    help: 'Seconds since this instance started.',
    collect: async () => [{ value: Math.round((Date.now() - startedAt) / 1000) }],
  });
  return { lifecycle, metrics, startedAt };
}

/**
 * For the generation service: count one finished generation on this instance's metrics.
 * `outcome` is e.g. succeeded | failed | refunded | timeout.
 */
export function recordGeneration(s: { ops: Ops }, g: { engine: string; outcome: string; seconds?: number }) {
  s.ops.metrics.generations.inc({ engine: g.engine, outcome: g.outcome });
  if (g.seconds !== undefined) s.ops.metrics.generationSeconds.observe({ engine: g.engine }, g.seconds);
}
