import { and, eq } from 'drizzle-orm';
import { bookingSettings, partner } from '../../../db/schema';
import { escapeHtml } from '../../../lib/escape-html';
import type { Services } from '../../../services';
import { receiveWebhook } from '../receive-webhook';
import { stripeEvent } from './sandbox-events';
import { field, sandboxPage } from './sandbox-html';
import { derivedId, type SandboxProvider } from './sandbox-provider';

/** Stripe's published test account number for payouts that succeed. */
const TEST_ACCOUNT_NUMBER = '000123456789';

/**
 * The sandbox's account onboarding (decision 171), standing in for Stripe's hosted onboarding of a
 * professional's own account: only the professional who owns the account opens it; finishing it sends the
 * signed `account.updated` event Stripe sends, and that event, through the webhook handler, makes the
 * account ready for deposits.
 */
export async function loadAccount(services: Services, userId: string, accountId: string) {
  const [row] = await services.db
    .select({ businessName: partner.businessName, ready: bookingSettings.depositAccountReady, email: partner.email })
    .from(bookingSettings)
    .innerJoin(partner, eq(partner.userId, bookingSettings.partnerId))
    .where(and(eq(bookingSettings.partnerId, userId), eq(bookingSettings.depositAccountId, accountId), eq(bookingSettings.depositProvider, 'sandbox')));
  return row ? { ...row, accountId } : undefined;
}
type Account = NonNullable<Awaited<ReturnType<typeof loadAccount>>>;

export function onboardingPage(a: Account, returnUrl: string, error?: string) {
  const body = `<main class="wrap" style="display:block;max-width:620px"><div class="card">
<a class="brand" href="/"><b>Tress</b><span class="pill">Test mode</span></a>
<h1>Get paid for deposits</h1>
<p class="muted">${escapeHtml(a.businessName)}: deposits your clients pay when they book go to this account. Tress takes no commission and never holds the money.</p>
${error ? `<div class="alert" role="alert">${escapeHtml(error)}</div>` : ''}
<form method="post" action="/sandbox/connect/${encodeURIComponent(a.accountId)}" novalidate>
<input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}">
${field({ id: 'business', label: 'Business name', value: a.businessName, attrs: 'readonly' })}
${field({ id: 'email', label: 'Email', value: a.email, attrs: 'type="email" readonly' })}
${field({ id: 'account', label: 'Bank account number', error: error ? 'Use the test account number below.' : undefined, attrs: 'inputmode="numeric" autocomplete="off" required' })}
<button type="submit">Finish setting up</button></form>
<a class="btn secondary" href="${escapeHtml(returnUrl)}">Not now</a>
<div class="hint"><strong>Test mode.</strong> Use the account number <code>${TEST_ACCOUNT_NUMBER}</code>. No money moves.</div>
</div></main>`;
  return sandboxPage({ title: 'Set up payouts · Tress test mode', body });
}

/** Finishes onboarding with the test account number; anything else is refused as Stripe refuses a wrong one. */
export async function finishOnboarding(services: Services, provider: SandboxProvider, a: Account, accountNumber: string) {
  if (accountNumber.replace(/\s/g, '') !== TEST_ACCOUNT_NUMBER) return { ok: false as const, error: 'That bank account number is not a test account.' };
  const now = Math.floor(Date.now() / 1000);
  const account = {
    id: a.accountId,
    object: 'account',
    business_profile: { name: a.businessName },
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    email: a.email,
    controller: { type: 'application', stripe_dashboard: { type: 'full' }, fees: { payer: 'account' }, losses: { payments: 'stripe' } },
    livemode: false,
    created: now,
  };
  const event = { ...stripeEvent('account.updated', account, now, undefined, derivedId('evt', a.accountId, 'onboarded')), account: a.accountId };
  const payload = JSON.stringify(event);
  await receiveWebhook(services, 'sandbox', payload, provider.sign(payload));
  return { ok: true as const };
}
