import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A protocol-faithful stand-in for api.stripe.com on loopback, for the official SDK (`host`/`port`/
 * `protocol`): bearer-key auth, form-encoded bracket params, Stripe's error envelope and status
 * codes, Idempotency-Key replay, the Checkout Session and Billing Portal Session endpoints with
 * Stripe's parameter rules, and `complete()`, which produces the events Stripe would send for a
 * paid session, signed with Stripe's own scheme (`t=…,v1=…`). Connect: accounts, account links, requests
 * made on a connected account (the `Stripe-Account` header: direct charges), sessions priced with
 * `price_data`, expiring a session, refunds of a payment intent, and the `account` field on Connect events.
 */
export interface FakePrice {
  id: string;
  unit_amount: number;
  recurring?: { interval: 'month' | 'year' };
}
type Params = Record<string, unknown>;
export interface RecordedRequest {
  method: string;
  path: string;
  params: Params;
  headers: IncomingMessage['headers'];
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** `a[b][0][c]=1` → { a: { b: [ { c: '1' } ] } }, as Stripe reads it. */
export function parseForm(body: string): Params {
  const out: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const keys = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = out;
    keys.forEach((k, i) => {
      const last = i === keys.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(keys[i + 1]);
      const container = node as Record<string, unknown>;
      if (last) container[k] = value;
      else {
        container[k] ??= nextIsIndex ? [] : {};
        node = container[k] as Record<string, unknown>;
      }
    });
  }
  return out;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; param?: string; code?: string },
  ) {
    super(body.message);
  }
}
const invalid = (message: string, param?: string, code?: string) => new StripeApiError(400, { type: 'invalid_request_error', message, param, code });

export async function startFakeStripe(opts: { secretKey: string; webhookSecret: string; prices: FakePrice[] }) {
  const prices = new Map(opts.prices.map((p) => [p.id, p]));
  const customers = new Map<string, { id: string; email: string | null }>();
  const sessions = new Map<string, Params & { id: string }>();
  const subscriptions = new Map<string, Record<string, unknown> & { id: string }>();
  /** Requests answered with Stripe's 500 envelope instead, as `failNext` asked ("METHOD /path" → times left). */
  const outages = new Map<string, number>();
  const accounts = new Map<string, Params & { id: string; charges_enabled: boolean }>();
  /** Paid payment intents on connected accounts: amount, refunded so far, and the account. */
  const payments = new Map<string, { amount: number; refunded: number; account: string | null; currency: string }>();
  const refunds: (Params & { id: string; account: string | null })[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const requests: RecordedRequest[] = [];
  let base = '';

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = '';
      req.on('data', (c) => (s += c));
      req.on('end', () => resolve(s));
    });

  const missing = (what: string, idv: unknown, param: string) =>
    new StripeApiError(404, { type: 'invalid_request_error', message: `No such ${what}: '${String(idv)}'`, param, code: 'resource_missing' });

  function createAccount(p: Params) {
    if (p.type && p.controller) throw invalid('You cannot specify both `type` and `controller`.', 'controller');
    if (p.type && !['standard', 'express', 'custom'].includes(p.type as string))
      throw invalid('Invalid type: must be one of custom, express, or standard', 'type');
    const controller = p.controller as Params | undefined;
    const dashboard = (controller?.stripe_dashboard as Params | undefined)?.type;
    if (dashboard === 'full' && (controller?.fees as Params | undefined)?.payer && (controller?.fees as Params).payer !== 'account')
      throw invalid('When `stripe_dashboard[type]=full`, `fees[payer]` must be `account`.', 'controller[fees][payer]');
    const account = {
      id: id('acct'),
      object: 'account',
      type: p.type ?? (dashboard === 'full' ? 'standard' : 'none'),
      email: p.email ?? null,
      business_profile: p.business_profile ?? {},
      controller: controller ?? null,
      metadata: p.metadata ?? {},
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    };
    accounts.set(account.id, account);
    return account;
  }

  function createAccountLink(p: Params) {
    if (!p.account) throw invalid('Missing required param: account.', 'account');
    if (!accounts.has(p.account as string)) throw missing('account', p.account, 'account');
    if (!['account_onboarding', 'account_update'].includes(p.type as string))
      throw invalid('Invalid type: must be one of account_onboarding or account_update', 'type');
    if (!p.refresh_url) throw invalid('Missing required param: refresh_url.', 'refresh_url');
    if (!p.return_url) throw invalid('Missing required param: return_url.', 'return_url');
    const now = Math.floor(Date.now() / 1000);
    return { object: 'account_link', created: now, expires_at: now + 300, url: `${base}/setup/s/${p.account}/${randomBytes(8).toString('hex')}` };
  }

  /** One line item's unit amount: a catalogue price, or `price_data` made up on the request. */
  function unitAmount(li: Params, i: number, mode: string): number {
    if (li.price_data) {
      const pd = li.price_data as Params;
      if (!pd.currency) throw invalid('Missing required param: line_items[0][price_data][currency].', `line_items[${i}][price_data][currency]`);
      if (!pd.product && !(pd.product_data as Params | undefined)?.name)
        throw invalid('You must specify either `product` or `product_data` when creating a price.', `line_items[${i}][price_data]`);
      const amount = Number(pd.unit_amount);
      if (!Number.isInteger(amount) || amount < 0) throw invalid('Invalid integer: unit_amount', `line_items[${i}][price_data][unit_amount]`);
      if (mode === 'subscription' && !pd.recurring)
        throw invalid('You must provide at least one recurring price in `subscription` mode when using prices.', 'line_items');
      return amount;
    }
    const price = prices.get(li.price as string);
    if (!price) throw invalid(`No such price: '${li.price}'`, `line_items[${i}][price]`, 'resource_missing');
    if (mode === 'payment' && price.recurring)
      throw invalid(
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        `line_items[${i}][price]`,
      );
    if (mode === 'subscription' && !price.recurring)
      throw invalid('You must provide at least one recurring price in `subscription` mode when using prices.', 'line_items');
    return price.unit_amount;
  }

  function expireSession(sessionId: string, account: string | null) {
    const s = sessions.get(sessionId);
    if (!s || s.account !== account) throw missing('checkout.session', sessionId, 'session');
    if (s.status !== 'open') throw invalid('Only Checkout Sessions with a status in ["open"] can be expired.');
    Object.assign(s, { status: 'expired', url: null });
    return publicSession(s);
  }

  function createRefund(p: Params, account: string | null) {
    const pi = p.payment_intent as string | undefined;
    if (!pi) throw invalid('One of the following params should be provided for this request: payment_intent or charge.');
    const paid = payments.get(pi);
    if (!paid || paid.account !== account) throw missing('payment_intent', pi, 'payment_intent');
    const amount = p.amount === undefined ? paid.amount - paid.refunded : Number(p.amount);
    if (!Number.isInteger(amount) || amount <= 0) throw invalid('Invalid positive integer', 'amount');
    if (amount > paid.amount - paid.refunded)
      throw invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${paid.amount - paid.refunded})`,
        'amount',
        'charge_already_refunded',
      );
    paid.refunded += amount;
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: paid.currency,
      payment_intent: pi,
      status: 'succeeded',
      account,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.push(refund);
    return refund;
  }

  function createCheckoutSession(p: Params, account: string | null = null) {
    const mode = p.mode as string | undefined;
    if (!mode) throw invalid('Missing required param: mode.', 'mode');
    if (!['payment', 'subscription', 'setup'].includes(mode)) throw invalid(`Invalid mode: must be one of payment, setup, or subscription`, 'mode');
    if (!p.success_url) throw invalid('Missing required param: success_url.', 'success_url');
    if (p.customer && p.customer_email) throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
    if (p.customer && !customers.has(p.customer as string)) throw invalid(`No such customer: '${p.customer}'`, 'customer', 'resource_missing');
    if (p.customer_creation && mode !== 'payment') throw invalid('`customer_creation` can only be used in `payment` mode.', 'customer_creation');
    if (p.subscription_data && mode !== 'subscription') throw invalid('You can not pass `subscription_data` in `payment` mode.', 'subscription_data');
    if (p.payment_intent_data && mode !== 'payment') throw invalid('You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data');
    const items = (p.line_items as Params[] | undefined) ?? [];
    if (items.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
    const pid = p.payment_intent_data as Params | undefined;
    if (pid?.application_fee_amount !== undefined && !account && !pid.transfer_data)
      throw invalid(
        'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
        'payment_intent_data[application_fee_amount]',
      );
    if (pid?.transfer_data && !(pid.transfer_data as Params).destination)
      throw invalid('Missing required param: payment_intent_data[transfer_data][destination].', 'payment_intent_data[transfer_data][destination]');
    let total = 0;
    const currencies = new Set<string>();
    items.forEach((li, i) => {
      total += unitAmount(li, i, mode) * Number(li.quantity ?? 1);
      currencies.add(((li.price_data as Params | undefined)?.currency as string | undefined) ?? 'usd');
    });
    if (currencies.size > 1) throw invalid('All line items must have the same currency.', 'line_items');
    const now = Math.floor(Date.now() / 1000);
    const session = {
      id: id('cs'),
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `${base}/c/pay/${randomBytes(8).toString('hex')}`,
      success_url: p.success_url,
      cancel_url: p.cancel_url ?? null,
      client_reference_id: p.client_reference_id ?? null,
      customer: p.customer ?? null,
      customer_email: p.customer_email ?? null,
      customer_creation: p.customer_creation ?? null,
      metadata: p.metadata ?? {},
      subscription_data_metadata: (p.subscription_data as Params | undefined)?.metadata ?? {},
      payment_intent_data: pid ?? null,
      account,
      line_items_prices: items.map((li) => li.price as string),
      amount_subtotal: total,
      amount_total: total,
      currency: [...currencies][0],
      subscription: null,
      payment_intent: null,
      livemode: false,
      created: now,
      expires_at: now + 86400,
    };
    sessions.set(session.id, session);
    return session;
  }

  function publicSession(s: Params) {
    const { subscription_data_metadata: _m, line_items_prices: _l, payment_intent_data: _p, account: _a, ...rest } = s;
    return rest;
  }

  function createPortalSession(p: Params) {
    if (!p.customer) throw invalid('Missing required param: customer.', 'customer');
    if (!customers.has(p.customer as string)) throw invalid(`No such customer: '${p.customer}'`, 'customer', 'resource_missing');
    return {
      id: id('bps'),
      object: 'billing_portal.session',
      customer: p.customer,
      return_url: p.return_url ?? null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
      url: `${base}/p/session/${randomBytes(8).toString('hex')}`,
    };
  }

  /** GET /v1/subscriptions/:id; an unknown one is Stripe's 404. */
  function subscriptionOf(subscriptionId: string) {
    const sub = subscriptions.get(subscriptionId);
    if (!sub)
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        message: `No such subscription: '${subscriptionId}'`,
        param: 'id',
        code: 'resource_missing',
      });
    return sub;
  }

  /** DELETE /v1/subscriptions/:id: ends it now (Stripe's "cancel immediately"); an already ended one is refused as Stripe does. */
  function cancelSubscription(subscriptionId: string): unknown {
    const sub = subscriptionOf(subscriptionId);
    if (sub.status === 'canceled')
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'A canceled subscription can only update its cancellation_details and metadata.',
      });
    Object.assign(sub, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
    return sub;
  }

  function route(method: string, path: string, params: Params, account: string | null): unknown {
    if (account && !accounts.has(account))
      throw new StripeApiError(403, {
        type: 'invalid_request_error',
        message: `The provided key does not have access to account '${account}' (or that account does not exist).`,
      });
    if (method === 'POST' && path === '/v1/checkout/sessions') return publicSession(createCheckoutSession(params, account));
    if (method === 'POST' && path === '/v1/accounts') return createAccount(params);
    if (method === 'POST' && path === '/v1/account_links') return createAccountLink(params);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params, account);
    const acct = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && acct) {
      const a = accounts.get(acct[1]);
      if (!a) throw missing('account', acct[1], 'account');
      return a;
    }
    const exp = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && exp) return expireSession(exp[1], account);
    const m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const s = sessions.get(m[1]);
      if (!s || s.account !== account)
        throw new StripeApiError(404, {
          type: 'invalid_request_error',
          message: `No such checkout.session: '${m[1]}'`,
          param: 'session',
          code: 'resource_missing',
        });
      return publicSession(s);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') return createPortalSession(params);
    const cancel = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && cancel) return cancelSubscription(cancel[1]);
    if (method === 'GET' && cancel) return subscriptionOf(cancel[1]);
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url!, base);
    const raw = await readBody(req);
    const params = req.method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(raw);
    requests.push({ method: req.method!, path: url.pathname, params, headers: req.headers });
    const send = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': id('req'),
        'stripe-version': String(req.headers['stripe-version'] ?? Stripe.API_VERSION),
        ...extra,
      });
      res.end(JSON.stringify(body));
    };
    const auth = req.headers.authorization ?? '';
    if (auth !== `Bearer ${opts.secretKey}`) {
      return send(401, {
        error: { type: 'invalid_request_error', message: auth ? `Invalid API Key provided: ${auth.slice(7, 15)}***` : 'You did not provide an API key.' },
      });
    }
    const key = req.headers['idempotency-key'] as string | undefined;
    const fingerprint = `${req.method} ${url.pathname} ${raw}`;
    if (key && req.method === 'POST') {
      const seen = idempotent.get(key);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          return send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
        }
        return send(seen.status, seen.body, { 'idempotent-replayed': 'true' });
      }
    }
    const outage = `${req.method} ${url.pathname}`;
    const left = outages.get(outage) ?? 0;
    if (left > 0) {
      outages.set(outage, left - 1);
      return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    }
    let status = 200;
    let body: unknown;
    try {
      body = route(req.method!, url.pathname, params, (req.headers['stripe-account'] as string | undefined) ?? null);
    } catch (e) {
      if (!(e instanceof StripeApiError)) throw e;
      status = e.status;
      body = { error: e.body };
    }
    if (key && req.method === 'POST') idempotent.set(key, { fingerprint, status, body });
    send(status, body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const event = (type: string, object: unknown, created: number) => ({
    id: id('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: id('req'), idempotency_key: null },
    type,
    data: { object },
  });
  const signed = (e: ReturnType<typeof event> & { account?: string }, secret = opts.webhookSecret) => {
    const payload = JSON.stringify(e);
    return { id: e.id, type: e.type, payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  };

  return {
    url: base,
    requests,
    customers,
    /** The last request to a path (the SDK's view of what the adapter sent). */
    last(path: string) {
      return [...requests].reverse().find((r) => r.path === path);
    },
    /** The next `times` requests to `METHOD /path` get Stripe's 500 (an outage on its side; the SDK retries 500s). */
    failNext(method: string, path: string, times: number) {
      outages.set(`${method} ${path}`, times);
    },
    /** The subscription is ended outside Tress (in Stripe's dashboard): Stripe then refuses to cancel it again. */
    cancelInDashboard(subscriptionId: string) {
      cancelSubscription(subscriptionId);
    },
    /** Pays an open session as Stripe would, and returns the signed events it sends (customer, subscription, session, invoice). */
    complete(sessionId: string, opts2: { secret?: string } = {}) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      const now = Math.floor(Date.now() / 1000);
      let customer = s.customer as string | null;
      if (!customer && (s.mode === 'subscription' || s.customer_creation === 'always')) {
        customer = id('cus');
        customers.set(customer, { id: customer, email: s.customer_email as string | null });
      }
      const events = [];
      if (s.mode === 'subscription') {
        const price = prices.get((s.line_items_prices as string[])[0])!;
        const end = new Date(now * 1000);
        if (price.recurring!.interval === 'month') end.setUTCMonth(end.getUTCMonth() + 1);
        else end.setUTCFullYear(end.getUTCFullYear() + 1);
        const sub = {
          id: id('sub'),
          object: 'subscription',
          customer,
          status: 'active',
          cancel_at_period_end: false,
          cancel_at: null,
          canceled_at: null,
          metadata: s.subscription_data_metadata,
          items: {
            object: 'list',
            data: [
              {
                id: id('si'),
                object: 'subscription_item',
                quantity: 1,
                current_period_start: now,
                current_period_end: Math.floor(end.getTime() / 1000),
                price: {
                  id: price.id,
                  object: 'price',
                  unit_amount: price.unit_amount,
                  currency: 'usd',
                  recurring: { interval: price.recurring!.interval, interval_count: 1 },
                },
              },
            ],
          },
          livemode: false,
          created: now,
          start_date: now,
        };
        subscriptions.set(sub.id, sub);
        Object.assign(s, { subscription: sub.id });
        events.push(event('customer.subscription.created', sub, now));
      } else {
        const pi = id('pi');
        Object.assign(s, { payment_intent: pi });
        payments.set(pi, { amount: s.amount_total as number, refunded: 0, account: s.account as string | null, currency: s.currency as string });
      }
      Object.assign(s, { status: 'complete', payment_status: 'paid', customer, url: null });
      events.push(event('checkout.session.completed', publicSession(s), now));
      // an event of a connected account names it, and comes to the Connect endpoint with its own secret
      const connect = s.account ? { account: s.account as string } : {};
      return events.map((e) => signed({ ...e, ...connect }, opts2.secret));
    },
    accounts,
    refunds,
    /** The session made on a connected account for a booking (its metadata), as the SDK created it. */
    sessionFor(bookingId: string) {
      return [...sessions.values()].find((x) => (x.metadata as Params | undefined)?.tress_booking_id === bookingId);
    },
    /** The professional finishes Stripe's onboarding: the account takes charges, and Stripe says so (signed). */
    onboard(accountId: string, secret?: string) {
      const a = accounts.get(accountId);
      if (!a) throw new Error(`no account ${accountId}`);
      Object.assign(a, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
      return signed({ ...event('account.updated', a, Math.floor(Date.now() / 1000)), account: accountId }, secret);
    },
    /** A subscription lifecycle event for a subscription made by complete(). */
    subscriptionEvent(type: string, sub: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
      return signed(event(type, sub, created));
    },
    async close() {
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
