import { Hono } from 'hono';
import { MSG } from '@shared/messages';
import { AppError } from '../../../http/app-error';
import type { AppContext, AppEnv } from '../../../http/context';
import type { PaymentProvider } from '../provider';
import { fillSessionId } from '../checkout-urls';
import { checkoutPage, loadSession, messagePage, paySandboxSession } from './sandbox-checkout';
import { portalAction, portalPage, type PortalAction } from './sandbox-portal';
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

/** Only our own pages as the portal's way back. */
function safeReturn(c: AppContext, raw: string | undefined) {
  const base = c.get('services').env.publicUrl;
  return raw && (raw.startsWith(`${base}/`) || raw === base) ? raw : `${base}/partners/subscribe`;
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
    const body = await c.req.parseBody();
    const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string).slice(0, 100) : '');
    const form = { number: str('number'), expiry: str('expiry'), cvc: str('cvc'), name: str('name') };
    const keep = { expiry: form.expiry, name: form.name };
    const result = await paySandboxSession(c.get('services'), provider, s, form);
    if (result.kind === 'invalid') return c.html(checkoutPage(s, { values: keep, errors: result.errors }), 400, NOINDEX);
    if (result.kind === 'declined') return c.html(checkoutPage(s, { values: keep, decline: result.message }), 402, NOINDEX);
    return c.redirect(result.redirect, 303);
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
