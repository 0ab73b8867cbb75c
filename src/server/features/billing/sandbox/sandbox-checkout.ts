import { eq } from 'drizzle-orm';
import { formatUsd, PURCHASE_TERMS } from '@shared/billing/catalogue';
import { checkout, partner, user } from '../../../db/schema';
import { escapeHtml } from '../../../lib/escape-html';
import type { Services } from '../../../services';
import { checkoutUrls, fillSessionId } from '../checkout-urls';
import { itemAmount, itemName, type CatalogueItem } from '../provider';
import { receiveWebhook } from '../receive-webhook';
import { paidCheckoutEvents } from './sandbox-events';
import { derivedId, type SandboxProvider } from './sandbox-provider';
import { field, sandboxPage } from './sandbox-html';
import { chargeTestCard, validateCard, type CardForm } from './test-cards';

/** Sessions left unpaid this long are expired, like Stripe's 24 h default. */
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export async function loadSession(services: Services, sessionId: string) {
  const [row] = await services.db
    .select({ c: checkout, email: user.email })
    .from(checkout)
    .innerJoin(user, eq(user.id, checkout.userId))
    .where(eq(checkout.id, sessionId));
  if (!row || row.c.provider !== 'sandbox') return undefined;
  const item = services.payments.prices.get(row.c.priceId);
  if (!item) return undefined;
  const expired = row.c.status === 'expired' || (row.c.status === 'open' && Date.now() - row.c.createdAt.getTime() > SESSION_TTL_MS);
  return { row: row.c, email: row.email, item, expired, urls: checkoutUrls(services.env.publicUrl, item) };
}
type Session = NonNullable<Awaited<ReturnType<typeof loadSession>>>;

function summary(item: CatalogueItem) {
  const amount = formatUsd(itemAmount(item));
  const detail =
    item.kind === 'pack'
      ? `<div class="line"><span>${item.pack.credits} credits</span><span>${amount}</span></div><p class="muted small">${escapeHtml(PURCHASE_TERMS.packs)}</p>`
      : `<div class="line"><span>Billed every ${item.plan.interval}</span><span>${amount}</span></div><p class="muted small">${escapeHtml(PURCHASE_TERMS.plans)}</p>`;
  return `<section aria-label="Order summary"><a class="brand" href="/"><b>Tress</b><span class="pill">Test mode</span></a>
<h1>${escapeHtml(itemName(item))}</h1><p class="price">${amount}${item.kind === 'plan' ? `<span class="muted" style="font-size:18px;font-weight:500"> per ${item.plan.interval}</span>` : ''}</p>
<div class="card" style="padding:20px 24px">${detail}<div class="line total"><span>Total due today</span><span>${amount} USD</span></div></div></section>`;
}

export interface CardFormState {
  values?: Partial<CardForm>;
  errors?: Partial<Record<keyof CardForm, string>>;
  decline?: string;
}

/** The card form of every sandbox payment page, posting to `action`; `pay` is the button's amount. */
export function cardFormSection(o: { action: string; email: string; pay: string; cancelUrl: string; state: CardFormState }) {
  const v = o.state.values ?? {};
  const e = o.state.errors ?? {};
  return `<section class="card" aria-label="Payment">
${o.state.decline ? `<div class="alert" role="alert">${escapeHtml(o.state.decline)}</div>` : ''}
<form method="post" action="${escapeHtml(o.action)}" novalidate>
${field({ id: 'email', label: 'Email', value: o.email, attrs: 'type="email" readonly' })}
${field({ id: 'number', label: 'Card number', error: e.number, attrs: 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required' })}
<div class="row"><div>${field({ id: 'expiry', label: 'Expiry (MM / YY)', value: v.expiry, error: e.expiry, attrs: 'autocomplete="cc-exp" placeholder="MM / YY" required' })}</div>
<div>${field({ id: 'cvc', label: 'CVC', error: e.cvc, attrs: 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required' })}</div></div>
${field({ id: 'name', label: 'Name on card', value: v.name, error: e.name, attrs: 'autocomplete="cc-name" required' })}
<button type="submit">Pay ${o.pay}</button></form>
<a class="btn secondary" href="${escapeHtml(o.cancelUrl)}">Cancel payment</a>
<div class="hint"><strong>Test cards.</strong> <code>4242 4242 4242 4242</code> pays; <code>4000 0000 0000 0002</code> is declined. Use any future expiry and any 3-digit CVC. Only the card brand and last four digits are kept.</div>
</section>`;
}

/** The fields of a posted card form, each cut to a sane length. */
export function cardFormOf(body: Record<string, unknown>): CardForm {
  const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string).slice(0, 100) : '');
  return { number: str('number'), expiry: str('expiry'), cvc: str('cvc'), name: str('name') };
}

/** The card's expiry as Stripe reports it; validateCard has checked its form. */
export function cardExpiry(expiry: string) {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2,4})/.exec(expiry)!;
  return { expMonth: Number(m[1]), expYear: Number(m[2].length === 2 ? `20${m[2]}` : m[2]) };
}

export function checkoutPage(s: Session, state: CardFormState = {}) {
  const pay = formatUsd(itemAmount(s.item));
  const form = cardFormSection({ action: `/sandbox/checkout/${encodeURIComponent(s.row.id)}`, email: s.email, pay, cancelUrl: s.urls.cancelUrl, state });
  return sandboxPage({ title: `Pay ${pay} · Tress test checkout`, body: `<main class="wrap">${summary(s.item)}${form}</main>` });
}

export function messagePage(title: string, text: string, link?: { href: string; label: string }) {
  return sandboxPage({
    title: `${title} · Tress test checkout`,
    body: `<main class="wrap" style="display:block;max-width:560px"><div class="card"><h1 style="margin-top:0">${escapeHtml(title)}</h1><p class="muted">${escapeHtml(text)}</p>${link ? `<a class="btn" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : ''}</div></main>`,
  });
}

/**
 * Pays a sandbox session with a test card: a decline changes nothing; a success sends the signed
 * Stripe-shaped events through the very webhook handler Stripe's events use.
 */
export async function paySandboxSession(services: Services, provider: SandboxProvider, s: Session, form: CardForm) {
  const errors = validateCard(form);
  if (Object.keys(errors).length) return { kind: 'invalid' as const, errors };
  const outcome = chargeTestCard(form.number);
  if (!outcome.ok) {
    services.logger.info({ sessionId: s.row.id, declineCode: outcome.declineCode, last4: outcome.last4 }, 'sandbox card declined');
    return { kind: 'declined' as const, message: outcome.message ?? 'Your card was declined.' };
  }
  const [p] = await services.db.select({ customerId: partner.customerId }).from(partner).where(eq(partner.userId, s.row.userId));
  const events = paidCheckoutEvents({
    sessionId: s.row.id,
    userId: s.row.userId,
    email: s.email,
    priceId: s.row.priceId,
    item: s.item,
    customerId: p?.customerId ?? derivedId('cus', s.row.userId),
    successUrl: s.urls.successUrl,
    cancelUrl: s.urls.cancelUrl,
    card: { brand: outcome.brand, last4: outcome.last4, ...cardExpiry(form.expiry), name: form.name.trim() },
    now: Math.floor(Date.now() / 1000),
  });
  for (const event of events) {
    const payload = JSON.stringify(event);
    await receiveWebhook(services, 'sandbox', payload, provider.sign(payload));
  }
  return { kind: 'paid' as const, redirect: fillSessionId(s.urls.successUrl, s.row.id) };
}
