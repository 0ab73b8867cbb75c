import { Hono } from 'hono';
import { MSG } from '@shared/messages';
import { ROUTES } from '@shared/routes';
import { AppError } from '../../../http/app-error';
import type { AppContext, AppEnv } from '../../../http/context';
import type { PaymentProvider } from '../provider';
import { fillSessionId } from '../checkout-urls';
import { cardFormOf, checkoutPage, loadSession, messagePage, paySandboxSession } from './sandbox-checkout';
import { portalAction, portalPage, type PortalAction } from './sandbox-portal';
import { finishOnboarding, loadAccount, onboardingPage } from './sandbox-connect';
import { depositPage, loadDeposit, payDeposit } from './sandbox-deposit';
import type { SandboxProvider } from './sandbox-provider';

const isSandbox = (p: PaymentProvider): p is SandboxProvider => p.name === 'sandbox' && 'sign' in p;

function sandboxOnly(c: AppContext): SandboxProvider {
  const p = c.get('services').payments;
  if (!isSandbox(p)) throw new AppError('not-found', 'The sandbox is off: this server takes real payments.');
  return p;
}

/** The hosted pages post forms to themselves; refuse a post from another site. */
function sameOrigin(c: AppContext) {
  const origin = c.req.header('origin');
  const trusted = c.get('services').trustedOrigins;
  if (origin ? !trusted.includes(origin) : c.req.header('sec-fetch-site') === 'cross-site') throw new AppError('permission-denied', MSG.forbiddenOrigin);
}

/** Only our own pages as the portal's (or onboarding's) way back. */
function safeReturn(c: AppContext, raw: string | undefined, fallback = '/partners/subscribe') {
  const base = c.get('services').env.publicUrl;
  return raw && (raw.startsWith(`${base}/`) || raw === base) ? raw : `${base}${fallback}`;
}

async function signedInUserId(c: AppContext) {
  const session = await c.get('services').auth.api.getSession({ headers: c.req.raw.headers });
  return session?.user.id;
}

const NOINDEX = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };

/** The checkout a page or form is about, or what to show instead: not found, already paid, or expired. */
async function openSession(c: AppContext, id: string) {
  const s = await loadSession(c.get('services'), id);
  const back = { href: '/pricing', label: 'Back to pricing' };
  if (!s) return { page: c.html(messagePage('Checkout not found', 'This checkout link is not valid.', back), 404, NOINDEX) };
  if (s.row.status === 'completed') return { page: c.redirect(fillSessionId(s.urls.successUrl, s.row.id), 303) };
  if (s.expired)
    return { page: c.html(messagePage('Checkout expired', 'This checkout session has expired. Start again from the pricing page.', back), 410, NOINDEX) };
  return { session: s };
}

/** A deposit's payment page, or what to show instead: not found, paid already, or its hold released. */
async function openDeposit(c: AppContext, id: string) {
  const d = await loadDeposit(c.get('services'), id.slice(0, 100));
  const back = { href: ROUTES.bookings, label: 'Back to my bookings' };
  if (!d) return { page: c.html(messagePage('Checkout not found', 'This checkout link is not valid.', back), 404, NOINDEX) };
  if (d.paid) return { page: c.redirect(d.successUrl, 303) };
  if (!d.open)
    return { page: c.html(messagePage('Checkout expired', 'The time held for this booking was released. Book again to choose a time.', back), 410, NOINDEX) };
  return { deposit: d };
}

/** A connected account's onboarding, for the professional who owns it only. */
async function ownAccount(c: AppContext) {
  const userId = await signedInUserId(c);
  if (!userId) return { page: c.redirect('/login', 303) };
  const account = await loadAccount(c.get('services'), userId, c.req.param('account')!.slice(0, 100));
  if (!account) return { page: c.html(messagePage('Account not found', 'This onboarding link is not valid for your account.'), 404, NOINDEX) };
  return { account };
}

export const sandboxRoutes = new Hono<AppEnv>()
  .get('/sandbox/checkout/:id', async (c) => {
    sandboxOnly(c);
    const s = await openSession(c, c.req.param('id'));
    return 'page' in s ? s.page : c.html(checkoutPage(s.session), 200, NOINDEX);
  })
  .post('/sandbox/checkout/:id', async (c) => {
    const provider = sandboxOnly(c);
    sameOrigin(c);
    const opened = await openSession(c, c.req.param('id'));
    if ('page' in opened) return opened.page;
    const s = opened.session;
    const form = cardFormOf(await c.req.parseBody());
    const keep = { expiry: form.expiry, name: form.name };
    const result = await paySandboxSession(c.get('services'), provider, s, form);
    if (result.kind === 'invalid') return c.html(checkoutPage(s, { values: keep, errors: result.errors }), 400, NOINDEX);
    if (result.kind === 'declined') return c.html(checkoutPage(s, { values: keep, decline: result.message }), 402, NOINDEX);
    return c.redirect(result.redirect, 303);
  })
  .get('/sandbox/deposit/:id', async (c) => {
    sandboxOnly(c);
    const d = await openDeposit(c, c.req.param('id'));
    return 'page' in d ? d.page : c.html(depositPage(d.deposit), 200, NOINDEX);
  })
  .post('/sandbox/deposit/:id', async (c) => {
    const provider = sandboxOnly(c);
    sameOrigin(c);
    const opened = await openDeposit(c, c.req.param('id'));
    if ('page' in opened) return opened.page;
    const form = cardFormOf(await c.req.parseBody());
    const keep = { expiry: form.expiry, name: form.name };
    const result = await payDeposit(c.get('services'), provider, opened.deposit, form);
    if (result.kind === 'invalid') return c.html(depositPage(opened.deposit, { values: keep, errors: result.errors }), 400, NOINDEX);
    if (result.kind === 'declined') return c.html(depositPage(opened.deposit, { values: keep, decline: result.message }), 402, NOINDEX);
    return c.redirect(result.redirect, 303);
  })
  .get('/sandbox/connect/:account', async (c) => {
    sandboxOnly(c);
    const a = await ownAccount(c);
    if ('page' in a) return a.page;
    return c.html(onboardingPage(a.account, safeReturn(c, c.req.query('return_url'), ROUTES.partnerServices)), 200, NOINDEX);
  })
  .post('/sandbox/connect/:account', async (c) => {
    const provider = sandboxOnly(c);
    sameOrigin(c);
    const a = await ownAccount(c);
    if ('page' in a) return a.page;
    const body = await c.req.parseBody();
    const back = safeReturn(c, typeof body.return_url === 'string' ? body.return_url : undefined, ROUTES.partnerServices);
    const done = await finishOnboarding(c.get('services'), provider, a.account, typeof body.account === 'string' ? body.account.slice(0, 40) : '');
    if (!done.ok) return c.html(onboardingPage(a.account, back, done.error), 400, NOINDEX);
    return c.redirect(back, 303);
  })
  .get('/sandbox/portal', async (c) => {
    sandboxOnly(c);
    const userId = await signedInUserId(c);
    if (!userId) return c.redirect('/login', 303);
    const notice = c.req.query('done');
    return c.html(await portalPage(c.get('services'), userId, safeReturn(c, c.req.query('return_url')), notice?.slice(0, 200)), 200, NOINDEX);
  })
  .post('/sandbox/portal', async (c) => {
    const provider = sandboxOnly(c);
    sameOrigin(c);
    const userId = await signedInUserId(c);
    if (!userId) return c.redirect('/login', 303);
    const body = await c.req.parseBody();
    const action = body.action;
    if (action !== 'cancel' && action !== 'resume' && action !== 'end-period') throw new AppError('invalid-argument', 'Unknown portal action.');
    const message = await portalAction(c.get('services'), provider, userId, action as PortalAction);
    const back = safeReturn(c, typeof body.return_url === 'string' ? body.return_url : undefined);
    return c.redirect(`/sandbox/portal?return_url=${encodeURIComponent(back)}&done=${encodeURIComponent(message)}`, 303);
  });
