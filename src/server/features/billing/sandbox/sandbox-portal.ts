import { and, eq } from 'drizzle-orm';
import { formatUsd, planById } from '@shared/billing/catalogue';
import { billingSubscription, partner } from '../../../db/schema';
import { escapeHtml } from '../../../lib/escape-html';
import type { Services } from '../../../services';
import { findItemByCatalogueId } from '../provider';
import { receiveWebhook } from '../receive-webhook';
import { stripeEvent, subscriptionObject } from './sandbox-events';
import type { SandboxProvider } from './sandbox-provider';
import { sandboxPage } from './sandbox-html';

export type PortalAction = 'cancel' | 'resume' | 'end-period';

async function currentSubscription(services: Services, userId: string) {
  const [p] = await services.db
    .select({ subscriptionId: partner.subscriptionId, businessName: partner.businessName })
    .from(partner)
    .where(eq(partner.userId, userId));
  if (!p?.subscriptionId) return undefined;
  const [sub] = await services.db
    .select()
    .from(billingSubscription)
    .where(and(eq(billingSubscription.id, p.subscriptionId), eq(billingSubscription.provider, 'sandbox')));
  return sub ? { sub, businessName: p.businessName } : undefined;
}

const day = (d: Date | null) => (d ? d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }) : '—');

export async function portalPage(services: Services, userId: string, returnUrl: string, notice?: string) {
  const found = await currentSubscription(services, userId);
  const back = `<a class="btn secondary" href="${escapeHtml(returnUrl)}">Return to Tress</a>`;
  if (!found) {
    return sandboxPage({
      title: 'Billing · Tress test portal',
      body: `<main class="wrap" style="display:block;max-width:620px"><div class="card"><h1 style="margin-top:0">Billing</h1><p class="muted">There is no subscription on this account yet.</p>${back}</div></main>`,
    });
  }
  const { sub } = found;
  const plan = sub.plan ? planById(sub.plan) : undefined;
  const status =
    sub.status === 'canceled' ? 'Canceled' : sub.cancelAtPeriodEnd ? `Cancels on ${day(sub.currentPeriodEnd)}` : `Renews on ${day(sub.currentPeriodEnd)}`;
  const action = (name: PortalAction, label: string, secondary = false) =>
    `<form method="post"><input type="hidden" name="action" value="${name}"><input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}"><button type="submit"${secondary ? ' class="secondary"' : ''}>${label}</button></form>`;
  const actions = sub.status === 'canceled' ? '' : sub.cancelAtPeriodEnd ? action('resume', 'Resume renewal') : action('cancel', 'Cancel renewal', true);
  const clock =
    sub.status === 'canceled'
      ? ''
      : `<div class="hint"><strong>Test clock.</strong> Skip ahead to the end of the paid period${sub.cancelAtPeriodEnd ? ': the subscription ends' : ' as if the renewal failed for good: the subscription ends'}.${action('end-period', 'End the billing period now', true)}</div>`;
  const body = `<main class="wrap" style="display:block;max-width:620px"><a class="brand" href="/"><b>Tress</b><span class="pill">Test mode</span></a>
<h1>Manage your listing plan</h1><p class="muted">${escapeHtml(found.businessName)}</p>
${notice ? `<div class="ok" role="status">${escapeHtml(notice)}</div>` : ''}
<div class="card"><div class="line"><span>Plan</span><strong>${escapeHtml(plan ? `${plan.name} · ${formatUsd(plan.amount)}/${plan.interval}` : '—')}</strong></div>
<div class="line"><span>Status</span><strong data-testid="portal-status">${escapeHtml(status)}</strong></div>
${actions}${clock}${back}</div></main>`;
  return sandboxPage({ title: 'Billing · Tress test portal', body });
}

/** Cancel or resume the renewal, or end the period (test clock): one signed subscription event through the webhook handler. */
export async function portalAction(services: Services, provider: SandboxProvider, userId: string, action: PortalAction) {
  const found = await currentSubscription(services, userId);
  if (!found || found.sub.status === 'canceled') return 'There is no active subscription to change.';
  const { sub } = found;
  const found2 = sub.plan ? findItemByCatalogueId(provider, 'plan', sub.plan) : undefined;
  if (!found2 || found2.item.kind !== 'plan') return 'This subscription has no known plan.';
  const { priceId, item } = found2;
  const now = Math.floor(Date.now() / 1000);
  const periodEnd = Math.floor((sub.currentPeriodEnd?.getTime() ?? Date.now()) / 1000);
  const base = { id: sub.id, customerId: sub.customerId ?? '', userId, priceId, item, start: Math.floor(sub.createdAt.getTime() / 1000), periodEnd };
  const event =
    action === 'end-period'
      ? stripeEvent('customer.subscription.deleted', subscriptionObject({ ...base, status: 'canceled', cancelAtPeriodEnd: false, canceledAt: now }), now)
      : stripeEvent(
          'customer.subscription.updated',
          subscriptionObject({ ...base, status: sub.status, cancelAtPeriodEnd: action === 'cancel', canceledAt: action === 'cancel' ? now : null }),
          now,
          { cancel_at_period_end: sub.cancelAtPeriodEnd },
        );
  const payload = JSON.stringify(event);
  await receiveWebhook(services, 'sandbox', payload, provider.sign(payload));
  return action === 'cancel'
    ? 'Your renewal is canceled. Your listing stays live until the end of the paid period.'
    : action === 'resume'
      ? 'Your renewal is back on.'
      : 'The billing period has ended and the subscription is canceled.';
}
