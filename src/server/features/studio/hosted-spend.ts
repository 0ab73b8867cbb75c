import { gte, sql } from 'drizzle-orm';
import { ENGINE_TEXT } from '@shared/studio/engine-text';
import { hostedCall } from '../../db/schema';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { GenerateResult } from '../../engine';
import { AppError } from '../../http/app-error';

/** What one hosted call used, as the engine reports it beside its picture. */
export type HostedUsage = NonNullable<GenerateResult['hosted']>;

export type HostedPrices = Pick<Env, 'HOSTED_PRICE_PER_IMAGE_USD' | 'HOSTED_PRICE_PER_MILLION_INPUT_TOKENS_USD' | 'HOSTED_PRICE_PER_MILLION_OUTPUT_TOKENS_USD'>;
type BudgetEnv = Pick<Env, 'HOSTED_DAILY_BUDGET_USD'>;

const PER_MILLION = 1_000_000;

/**
 * A call's cost in USD (decision 168): by its tokens where a token price is set and the provider counted
 * them (both providers bill images as output tokens), else by the images it returned.
 */
export function hostedCost(usage: HostedUsage, prices: HostedPrices): number {
  const inPrice = prices.HOSTED_PRICE_PER_MILLION_INPUT_TOKENS_USD;
  const outPrice = prices.HOSTED_PRICE_PER_MILLION_OUTPUT_TOKENS_USD;
  const counted = usage.inputTokens !== undefined || usage.outputTokens !== undefined;
  if (counted && (inPrice !== undefined || outPrice !== undefined)) {
    return ((usage.inputTokens ?? 0) * (inPrice ?? 0) + (usage.outputTokens ?? 0) * (outPrice ?? 0)) / PER_MILLION;
  }
  return usage.images * prices.HOSTED_PRICE_PER_IMAGE_USD;
}

/** Records one hosted call against its generation. Never throws: a lost record must not cost the person their picture. */
export async function recordHostedCall(
  deps: { db: Db; env: HostedPrices; logger: { error(obj: object, msg: string): void } },
  call: { generationId: string; usage: HostedUsage; outcome: 'shown' | 'refused' },
): Promise<void> {
  const { usage } = call;
  await deps.db
    .insert(hostedCall)
    .values({
      generationId: call.generationId,
      provider: usage.provider,
      model: usage.model,
      images: usage.images,
      inputTokens: usage.inputTokens ?? null,
      outputTokens: usage.outputTokens ?? null,
      costUsd: hostedCost(usage, deps.env),
      outcome: call.outcome,
    })
    .catch((err: unknown) => deps.logger.error({ err, generationId: call.generationId }, 'could not record the cost of a hosted call'));
}

/** The start of today in UTC: the day the budget counts. */
function startOfUtcDay(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Today's (UTC) recorded hosted spend in USD. */
async function spentTodayUsd(db: Db): Promise<number> {
  const [row] = await db
    .select({ usd: sql<string>`coalesce(sum(${hostedCall.costUsd}), 0)` })
    .from(hostedCall)
    .where(gte(hostedCall.createdAt, startOfUtcDay()));
  return Number(row?.usd ?? 0);
}

/** Whether today's spend has reached HOSTED_DAILY_BUDGET_USD (never, when it is unset). */
export async function cutsPausedToday(deps: { db: Db; env: BudgetEnv }): Promise<boolean> {
  const budget = deps.env.HOSTED_DAILY_BUDGET_USD;
  if (budget === undefined) return false;
  return (await spentTodayUsd(deps.db)) >= budget;
}

/**
 * Called before the debit of a cut: once today's spend has reached the budget, cuts wait for tomorrow and
 * nothing is charged (where the operator sends every prompt to the hosted model, every prompt waits). Calls already running may finish past it by at most their own cost (decision 168).
 */
export async function hostedBudgetGate(deps: { db: Db; env: BudgetEnv }, draws: 'cuts' | 'all'): Promise<void> {
  if (!(await cutsPausedToday(deps))) return;
  throw new AppError('resource-exhausted', draws === 'cuts' ? ENGINE_TEXT.cutsPausedToday : ENGINE_TEXT.pausedToday, { reason: 'daily-budget' });
}

/** The usage a refusal carries when the hosted call answered but its picture was not used (a turned face): paid for all the same. */
export function hostedUsageOf(err: unknown): HostedUsage | undefined {
  const usage = (err as { hosted?: HostedUsage } | null)?.hosted;
  return usage && typeof usage.provider === 'string' ? usage : undefined;
}
