import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { MetricsRegistry } from './metrics';

type Row = Record<string, unknown>;
const rowsOf = (res: unknown): Row[] => (res as { rows: Row[] }).rows;

/**
 * What the hosted image models cost the operator (issue 36, decision 168), from the recorded calls: shared
 * state like the other database gauges, so dashboards take max() across instances. Today is the UTC day
 * HOSTED_DAILY_BUDGET_USD counts.
 */
export function addHostedSpendGauges(metrics: MetricsRegistry, db: Db, env: Pick<Env, 'HOSTED_DAILY_BUDGET_USD'>): void {
  metrics.addGauge({
    name: 'tress_hosted_spend_usd',
    help: 'Recorded cost of hosted image-model calls in USD, by provider and period (all time, or today in UTC) (shared state).',
    labelNames: ['provider', 'period'],
    async collect() {
      const rows = rowsOf(
        await db.execute(sql`select provider, coalesce(sum(cost_usd), 0)::float8 as total,
          coalesce(sum(cost_usd) filter (where created_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc'), 0)::float8 as today
          from hosted_call group by provider`),
      );
      return rows.flatMap((r) => [
        { labels: { provider: String(r.provider), period: 'all' }, value: Number(r.total) },
        { labels: { provider: String(r.provider), period: 'today' }, value: Number(r.today) },
      ]);
    },
  });
  metrics.addGauge({
    name: 'tress_hosted_calls',
    help: 'Recorded hosted image-model calls, by provider and outcome (shown, or refused and refunded) (shared state).',
    labelNames: ['provider', 'outcome'],
    async collect() {
      const rows = rowsOf(await db.execute(sql`select provider, outcome, count(*)::int as n from hosted_call group by 1, 2`));
      return rows.map((r) => ({ labels: { provider: String(r.provider), outcome: String(r.outcome) }, value: Number(r.n) }));
    },
  });
  const budget = env.HOSTED_DAILY_BUDGET_USD;
  if (budget !== undefined) {
    metrics.addGauge({
      name: 'tress_hosted_daily_budget_usd',
      help: 'HOSTED_DAILY_BUDGET_USD: once today’s hosted spend reaches it, cut prompts are declined until the next UTC day.',
      collect: async () => [{ value: budget }],
    });
  }
}
