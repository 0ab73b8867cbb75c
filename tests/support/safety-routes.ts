/**
 * The safety net's route table: every endpoint of the app (read from Hono's `app.routes`) needs an
 * entry here saying who may get a 2xx from it and how to call it. A new endpoint without an entry
 * fails tests/integration/safety-*.test.ts on purpose: state its rule here.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { generation, partnerImage } from '../../src/server/db/schema';
import { LITERT_VERSION } from '../../src/server/engine/runtime/litert-node';
import { CREDIT_PACKS } from '@shared/billing/catalogue';
import { listedPartner, partnerUser } from '../integration/partners-helpers';
import { beforeAll } from 'vitest';
import { stubWebDist } from './app-process';
import { createdLater, useTestApp, type TestApp } from './test-app';
import type { DbKind } from './test-db';
import { routeDbKinds } from './db-kinds';

export type Caller = 'signedOut' | 'user' | 'other' | 'partnerInactive' | 'partnerActive';
export const CALLERS: Caller[] = ['signedOut', 'user', 'other', 'partnerInactive', 'partnerActive'];
const SIGNED_IN: Caller[] = ['user', 'other', 'partnerInactive', 'partnerActive'];
const PARTNERS: Caller[] = ['partnerInactive', 'partnerActive'];

export interface World {
  cookies: Record<Exclude<Caller, 'signedOut'>, string>;
  ids: Record<Exclude<Caller, 'signedOut'>, string>;
  /** Owned by `user`. */
  creationId: string;
  unsavedGenerationId: string;
  shareToken: string;
  checkoutId: string;
  /** `partnerActive`'s listing and portfolio. */
  slug: string;
  imageId: string;
  imageKey: string;
  /** An inquiry from `user` to `partnerActive` carrying the creation. */
  inquiryId: string;
  pngBase64: string;
}

export interface RouteRule {
  /** Callers that may get a 2xx; every other caller must not. */
  allow: Caller[] | 'all';
  /** Concrete path (with query) for this route; defaults to the route path itself. */
  path?: (w: World) => string;
  /** A body that is valid for an allowed caller, so a missing check would show up as a 2xx. */
  json?: (w: World) => unknown;
  form?: (w: World) => Record<string, string>;
  /** An allowed caller whose call must succeed (proves the request is well-formed). */
  succeeds?: Caller;
  /** Changes state other rows depend on: runs after every other route (2 after 1). */
  late?: 1 | 2;
  /** A 5xx is a legitimate answer (readiness while the engine loads). */
  serverErrorOk?: boolean;
  /** Too slow or costly to run for allowed callers (e.g. the engine): only refusals are checked. */
  refusalsOnly?: boolean;
  why?: string;
}

const PACK = CREDIT_PACKS[0].sandboxPriceId;

export const ROUTES: Record<string, RouteRule> = {
  'GET /api/auth-config': { allow: 'all', succeeds: 'signedOut' },
  'GET /api/auth/*': { allow: 'all', path: () => '/api/auth/get-session', succeeds: 'user' },
  'POST /api/auth/*': { allow: SIGNED_IN, path: () => '/api/auth/update-user', json: () => ({ name: 'Renamed Person' }), succeeds: 'other' },
  'GET /api/me': { allow: SIGNED_IN, succeeds: 'user' },
  'GET /api/me/ledger': { allow: SIGNED_IN, succeeds: 'user' },
  'GET /api/events': { allow: SIGNED_IN, succeeds: 'user', why: 'SSE of the caller’s own topic; ?partner= topics are public' },
  'GET /api/stats': { allow: 'all', succeeds: 'signedOut' },
  'GET /api/live/config': { allow: 'all', succeeds: 'signedOut', why: 'live mode is offered to visitors too' },
  'GET /api/live/model/:file': { allow: 'all', why: 'the hair model file, public like any page asset (404 without HAIR_MODEL_PATH)' },
  'GET /api/live/litert/:version/:file': {
    allow: 'all',
    path: () => `/api/live/litert/${LITERT_VERSION}/litert_wasm_compat_internal.js`,
    succeeds: 'signedOut',
  },
  'POST /api/fn/createCheckoutSession': { allow: SIGNED_IN, json: () => ({ data: { priceId: PACK } }), succeeds: 'other' },
  'GET /api/billing/prices': { allow: 'all', succeeds: 'signedOut' },
  'GET /api/billing/subscription': { allow: SIGNED_IN, succeeds: 'partnerActive' },
  'GET /api/billing/checkouts/:id': { allow: ['user'], path: (w) => `/api/billing/checkouts/${w.checkoutId}`, succeeds: 'user' },
  'POST /api/billing/portal': { allow: ['partnerActive'], json: () => ({}), why: 'only a partner with a billing account' },
  'POST /api/webhooks/:provider': {
    allow: [],
    path: () => '/api/webhooks/sandbox',
    json: (w) => ({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: { id: w.checkoutId, payment_status: 'paid' } } }),
    why: 'unsigned: nobody',
  },
  'GET /sandbox/checkout/:id': { allow: 'all', path: (w) => `/sandbox/checkout/${w.checkoutId}`, why: 'a capability URL, as Stripe’s hosted checkout' },
  'POST /sandbox/checkout/:id': {
    allow: 'all',
    path: (w) => `/sandbox/checkout/${w.checkoutId}`,
    form: () => ({ number: '4000000000000002', expiry: '12 / 34', cvc: '123', name: 'Declined Card' }),
    why: 'a capability URL; a declined card so it stays open',
  },
  'GET /sandbox/deposit/:id': {
    allow: 'all',
    path: () => '/sandbox/deposit/cs_sandbox_madeup',
    why: 'a capability URL, as Stripe’s hosted checkout; made up, a 404',
  },
  'POST /sandbox/deposit/:id': {
    allow: 'all',
    path: () => '/sandbox/deposit/cs_sandbox_madeup',
    form: () => ({ number: '4242424242424242', expiry: '12 / 34', cvc: '123', name: 'Test Card' }),
    why: 'a capability URL for a held booking (booking-deposits.test.ts); made up, a 404',
  },
  'GET /sandbox/connect/:account': {
    allow: [],
    path: () => '/sandbox/connect/acct_sandbox_madeup',
    why: 'the onboarding of the professional who owns the account only (booking-deposits.test.ts); nobody owns a made-up one',
  },
  'POST /sandbox/connect/:account': {
    allow: [],
    path: () => '/sandbox/connect/acct_sandbox_madeup',
    form: () => ({ account: '000123456789' }),
    why: 'the professional who owns the account only (booking-deposits.test.ts)',
  },
  'GET /sandbox/portal': { allow: SIGNED_IN, why: 'signed out is redirected to /login' },
  'POST /sandbox/portal': { allow: ['partnerActive'], form: () => ({ action: 'cancel' }), late: 1 },
  'POST /api/partners/signup': {
    allow: 'all',
    json: () => ({ fullName: 'New Pro', businessName: 'New Pro Hair', email: `pro-${crypto.randomUUID().slice(0, 8)}@example.com`, password: 'password123' }),
    succeeds: 'signedOut',
  },
  'POST /api/partners/join': {
    allow: SIGNED_IN,
    json: () => ({ fullName: 'Joining Person', businessName: 'Joining Hair' }),
    late: 1,
    why: 'anyone signed in joins their own account (a professional gets created: false)',
  },
  'GET /api/partners': { allow: 'all', path: () => '/api/partners?q=hair', succeeds: 'signedOut' },
  'GET /api/partners/:idOrSlug': { allow: 'all', path: (w) => `/api/partners/${w.slug}`, succeeds: 'signedOut' },
  'GET /api/partners/:id/reviews': { allow: 'all', path: (w) => `/api/partners/${w.ids.partnerActive}/reviews`, succeeds: 'signedOut' },
  'PUT /api/partners/:id/review': {
    allow: ['user', 'other', 'partnerInactive'],
    path: (w) => `/api/partners/${w.ids.partnerActive}/review`,
    json: () => ({ rating: 4, comment: 'Lovely colour work.' }),
    succeeds: 'other',
    why: 'anyone signed in except the professional reviewing themself',
  },
  'DELETE /api/partners/:id/review': {
    allow: ['user', 'other', 'partnerInactive'],
    path: (w) => `/api/partners/${w.ids.partnerActive}/review`,
    succeeds: 'user',
    late: 1,
  },
  'POST /api/partners/:id/inquiries': {
    allow: ['user', 'other', 'partnerInactive'],
    path: (w) => `/api/partners/${w.ids.partnerActive}/inquiries`,
    json: () => ({ message: 'Hello, could you do a copper balayage?' }),
    succeeds: 'other',
  },
  'GET /api/partner/profile': { allow: PARTNERS, succeeds: 'partnerActive' },
  'PUT /api/partner/profile': {
    allow: ['partnerActive'],
    why: 'a listing needs an active subscription',
    json: () => ({
      fullName: 'Pat Stylist',
      businessName: 'Pat Hair',
      location: 'Leeds',
      bio: 'Colour.',
      services: 'Balayage',
      website: '',
      instagram: '',
      facebook: '',
    }),
    succeeds: 'partnerActive',
  },
  'PUT /api/partner/portfolio/order': {
    allow: ['partnerActive'],
    json: (w) => ({ ids: [w.imageId] }),
    succeeds: 'partnerActive',
    why: 'only the images’ owner',
  },
  'PUT /api/partner/portfolio/:imageId/tags': {
    allow: ['partnerActive'],
    path: (w) => `/api/partner/portfolio/${w.imageId}/tags`,
    json: () => ({ tags: ['balayage'] }),
    succeeds: 'partnerActive',
  },
  'GET /api/partner/inquiries': { allow: PARTNERS, succeeds: 'partnerActive', why: 'each professional sees their own' },
  'GET /api/partner/insights': { allow: PARTNERS, succeeds: 'partnerActive', why: 'each professional sees their own counters and anonymous area counts' },
  'GET /api/places': { allow: 'all', path: () => '/api/places?q=leeds', succeeds: 'signedOut', why: 'public town and city autocomplete' },
  'POST /api/fn/uploadPartnerImage': {
    allow: ['partnerActive'],
    json: (w) => ({ data: { type: 'portfolio', fileName: 'look.png', contentType: 'image/png', base64: w.pngBase64 } }),
    succeeds: 'partnerActive',
    why: 'a listing needs an active subscription',
  },
  'POST /api/fn/deletePartnerImage': { allow: ['partnerActive'], json: (w) => ({ data: { path: w.imageKey } }), succeeds: 'partnerActive', late: 1 },
  'GET /healthz': { allow: 'all', succeeds: 'signedOut' },
  'GET /readyz': { allow: 'all', serverErrorOk: true, why: '503 while the engine model loads' },
  'GET /metrics': { allow: [], why: 'METRICS_TOKEN is set in these tests: bearer only' },
  'GET /api/engine': { allow: 'all', succeeds: 'signedOut', why: 'what the engine can do: the library’s cut cards read it signed out' },
  'POST /api/fn/generateHairStyle': {
    allow: SIGNED_IN,
    json: (w) => ({ data: { prompt: 'copper balayage', imageBase64: w.pngBase64, imageType: 'image/png' } }),
    refusalsOnly: true,
    why: 'runs the engine and spends credits; the studio tests cover allowed calls',
  },
  'GET /api/me/creations': { allow: SIGNED_IN, succeeds: 'user' },
  'POST /api/creations': { allow: ['user'], json: (w) => ({ generationId: w.unsavedGenerationId }), succeeds: 'user', why: 'only the generation’s owner' },
  'GET /api/creations/:id': { allow: ['user'], path: (w) => `/api/creations/${w.creationId}`, succeeds: 'user' },
  'DELETE /api/creations/:id': { allow: ['user'], path: (w) => `/api/creations/${w.creationId}`, succeeds: 'user', late: 2 },
  'POST /api/creations/:id/share': { allow: ['user'], path: (w) => `/api/creations/${w.creationId}/share`, succeeds: 'user' },
  'DELETE /api/creations/:id/share': { allow: ['user'], path: (w) => `/api/creations/${w.creationId}/share`, succeeds: 'user', late: 1 },
  'GET /api/generations/:id/image.png': {
    allow: ['user'],
    path: (w) => `/api/generations/${w.unsavedGenerationId}/image.png`,
    succeeds: 'user',
    why: 'the lossless result, for the generation’s owner',
  },
  'GET /api/creations/:id/image/:kind': { allow: ['user'], path: (w) => `/api/creations/${w.creationId}/image/after`, succeeds: 'user' },
  'GET /api/shared/:token': { allow: 'all', path: (w) => `/api/shared/${w.shareToken}`, succeeds: 'signedOut', why: 'a share link is a capability' },
  'GET /api/shared/:token/after.png': { allow: 'all', path: (w) => `/api/shared/${w.shareToken}/after.png`, succeeds: 'signedOut' },
  'GET /api/shared/:token/before.jpg': {
    allow: 'all',
    path: (w) => `/api/shared/${w.shareToken}/before.jpg`,
    succeeds: 'signedOut',
    why: 'only while the owner shows the original',
  },
  'GET /api/shared/:token/compare.jpg': {
    allow: 'all',
    path: (w) => `/api/shared/${w.shareToken}/compare.jpg`,
    succeeds: 'signedOut',
    why: 'only while the owner shows the original',
  },
  'GET /robots.txt': { allow: 'all', succeeds: 'signedOut' },
  'GET /sitemap.xml': { allow: 'all', succeeds: 'signedOut' },
  'GET /media/partners/:uid/:file': { allow: 'all', path: (w) => `/media/${w.imageKey}`, why: 'a listed professional’s public pictures' },
  'GET /media/inquiries/:id/:which': {
    allow: ['user', 'partnerActive'],
    path: (w) => `/media/inquiries/${w.inquiryId}/after`,
    why: 'sender and receiving professional only',
  },
  'GET /professionals': {
    allow: 'all',
    path: () => '/professionals?style=balayage&near=2643743',
    why: 'the directory page, with its own meta for a look in a city',
  },
  'GET /professionals/:idOrSlug': { allow: 'all', path: (w) => `/professionals/${w.slug}` },
  'GET /c/:token': { allow: 'all', path: (w) => `/c/${w.shareToken}` },
  // Account data (issue 34): the caller's own exports only.
  'GET /api/account/export': { allow: SIGNED_IN, succeeds: 'user' },
  'POST /api/account/export': { allow: SIGNED_IN, refusalsOnly: true, why: 'queues a job, three an hour per account' },
  'GET /api/account/export/:id/download': { allow: ['user'], refusalsOnly: true, why: 'its owner only; a made-up id is a 404 for everyone' },
  // Booking: public reads, the client's own bookings, a signed link's holder, and the professional's own menu and agenda.
  'GET /api/partners/:idOrSlug/services': { allow: 'all', path: (w) => `/api/partners/${w.slug}/services`, succeeds: 'signedOut' },
  'GET /api/partners/:idOrSlug/availability': {
    allow: 'all',
    path: (w) => `/api/partners/${w.slug}/availability`,
    why: 'public; without a service it is a 400',
  },
  'POST /api/bookings': { allow: SIGNED_IN, refusalsOnly: true, why: 'needs a bookable service; creation is covered by booking-create.test.ts' },
  'GET /api/bookings': { allow: SIGNED_IN, succeeds: 'user' },
  'GET /api/bookings/:id': { allow: SIGNED_IN, refusalsOnly: true, why: 'its client or professional only (booking-change.test.ts)' },
  'POST /api/bookings/:id/reschedule': { allow: SIGNED_IN, refusalsOnly: true, why: 'its client only (booking-change.test.ts)' },
  'POST /api/bookings/:id/cancel': { allow: SIGNED_IN, refusalsOnly: true, why: 'its client only (booking-change.test.ts)' },
  'POST /api/bookings/:id/pay': { allow: SIGNED_IN, refusalsOnly: true, why: 'the client’s own held booking only (booking-deposits.test.ts)' },
  'GET /api/partner/deposit-account': { allow: PARTNERS },
  'POST /api/partner/deposit-account/connect': {
    allow: PARTNERS,
    refusalsOnly: true,
    why: 'creates the professional’s own account at the provider (booking-deposits.test.ts)',
  },
  'GET /api/booking-links/:token': { allow: 'all', why: 'the signed token is the key; a forged one is refused' },
  'POST /api/booking-links/:token/reschedule': { allow: 'all', refusalsOnly: true, why: 'the signed token is the key' },
  'POST /api/booking-links/:token/cancel': { allow: 'all', refusalsOnly: true, why: 'the signed token is the key' },
  'GET /api/partner/services': { allow: PARTNERS },
  'POST /api/partner/services': { allow: PARTNERS, refusalsOnly: true },
  'PUT /api/partner/services/:id': { allow: PARTNERS, refusalsOnly: true, why: 'the professional’s own services only' },
  'DELETE /api/partner/services/:id': { allow: PARTNERS, refusalsOnly: true, why: 'the professional’s own services only' },
  'GET /api/partner/hours': { allow: PARTNERS },
  'PUT /api/partner/hours': { allow: PARTNERS, refusalsOnly: true },
  'GET /api/partner/policy': { allow: PARTNERS },
  'PUT /api/partner/policy': { allow: PARTNERS, refusalsOnly: true },
  'GET /api/partner/bookings': { allow: PARTNERS },
  'POST /api/partner/bookings/:id/actions': { allow: PARTNERS, refusalsOnly: true, why: 'the professional’s own bookings only' },
  'POST /api/partner/blocks': { allow: PARTNERS, refusalsOnly: true },
  'DELETE /api/partner/blocks/:id': { allow: PARTNERS, refusalsOnly: true },
  'GET /api/partner/calendar-feed': { allow: PARTNERS },
  'POST /api/partner/calendar-feed/renew': { allow: PARTNERS, refusalsOnly: true },
  'PUT /api/partner/reviews/:reviewerId/reply': { allow: PARTNERS, refusalsOnly: true, why: 'a review of the professional’s own listing, once' },
  'GET /calendar/:file': { allow: 'all', why: 'the private feed: its secret file name is the key' },
  'GET /media/bookings/:id/:which': {
    allow: ['user'],
    refusalsOnly: true,
    why: 'a booking’s client and professional only; a made-up id is a 404 for everyone',
  },
  // The studio's free preview runs the engine: only refusals are checked (studio-preview.test.ts covers the rest).
  'POST /api/studio/preview': { allow: SIGNED_IN, refusalsOnly: true },
  'GET /': { allow: 'all', succeeds: 'signedOut', why: 'the landing page' },
  'GET /*': { allow: 'all', path: () => '/pricing', succeeds: 'signedOut' },
};

/** Endpoints in the order the matrix calls them: state-changing ones (`late`) last. */
export function inCallOrder(keys: string[]): string[] {
  const rank = (k: string) => ROUTES[k]?.late ?? 0;
  return [...keys].sort((a, b) => rank(a) - rank(b));
}

/** Every endpoint of the app as `METHOD path` (middleware and the `ALL` catch-alls are not endpoints). */
export function endpointsOf(app: TestApp['app']): string[] {
  const keys = new Set<string>();
  for (const r of app.routes) if (r.method !== 'ALL') keys.add(`${r.method} ${r.path}`);
  return [...keys];
}

const AFTER_PNG = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: '#b45309' } })
    .png()
    .toBuffer();

/** A user with a saved and shared creation and a checkout, another user, an inactive and an active (listed) professional. */
export async function buildWorld(t: TestApp): Promise<World> {
  const user = await t.signedInUser();
  const other = await t.signedInUser();
  const inactive = await partnerUser(t, { businessName: 'Quiet Hair' });
  const active = await listedPartner(t, { businessName: 'Busy Hair Studio' });
  const png = await AFTER_PNG();
  const pngBase64 = png.toString('base64');

  const generations: string[] = [];
  for (let i = 0; i < 2; i++) {
    const id = crypto.randomUUID();
    const keys = { input: `creations/${user.id}/${id}-before.jpg`, output: `creations/${user.id}/${id}.png` };
    await t.services.storage.put(keys.input, png, 'image/jpeg');
    await t.services.storage.put(keys.output, png, 'image/png');
    await t.services.db.insert(generation).values({
      id,
      userId: user.id,
      prompt: 'copper balayage',
      status: 'succeeded',
      engine: 'local',
      applied: 'Copper balayage',
      inputKey: keys.input,
      outputKey: keys.output,
      result: { applied: 'Copper balayage', technique: 'balayage', colours: ['copper'], analysis: null, engine: 'local' },
      finishedAt: new Date(),
    });
    generations.push(id);
  }
  const saved = await t.request('/api/creations', { method: 'POST', cookie: user.cookie, json: { generationId: generations[0] } });
  if (!saved.ok) throw new Error(`saving the fixture creation failed: ${saved.status} ${await saved.text()}`);
  const creationId = ((await saved.json()) as { id: string }).id;
  // shared with the original shown, so every public share route has something to answer
  const share = await t.request(`/api/creations/${creationId}/share`, { method: 'POST', cookie: user.cookie, json: { includeBefore: true } });
  const shareToken = ((await share.json()) as { token: string }).token;

  const checkout = await t.request('/api/fn/createCheckoutSession', { method: 'POST', cookie: user.cookie, json: { data: { priceId: PACK } } });
  const checkoutId = new URL(((await checkout.json()) as { result: { url: string } }).result.url).pathname.split('/').pop()!;

  const up = await t.request('/api/fn/uploadPartnerImage', {
    method: 'POST',
    cookie: active.cookie,
    json: { data: { type: 'portfolio', fileName: 'look.png', contentType: 'image/png', base64: pngBase64 } },
  });
  if (!up.ok) throw new Error(`fixture upload failed: ${up.status} ${await up.text()}`);
  const [image] = await t.services.db.select().from(partnerImage).where(eq(partnerImage.partnerId, active.id));

  const inquiry = await t.request(`/api/partners/${active.id}/inquiries`, {
    method: 'POST',
    cookie: user.cookie,
    json: { message: 'Could you do this look for me?', creationId },
  });
  if (!inquiry.ok) throw new Error(`fixture inquiry failed: ${inquiry.status} ${await inquiry.text()}`);
  const inquiryId = ((await inquiry.json()) as { id: string }).id;
  const review = await t.request(`/api/partners/${active.id}/review`, {
    method: 'PUT',
    cookie: user.cookie,
    json: { rating: 5, comment: 'Wonderful colour.' },
  });
  if (!review.ok) throw new Error(`fixture review failed: ${review.status} ${await review.text()}`);

  return {
    cookies: { user: user.cookie, other: other.cookie, partnerInactive: inactive.cookie, partnerActive: active.cookie },
    ids: { user: user.id, other: other.id, partnerInactive: inactive.id, partnerActive: active.id },
    creationId,
    unsavedGenerationId: generations[1],
    shareToken,
    checkoutId,
    slug: active.slug ?? active.id,
    imageId: image.id,
    imageKey: image.storageKey,
    inquiryId,
    pngBase64,
  };
}

/** Sends one request as a caller the way the browser would (trusted Origin, JSON or form body), with any extra `headers`. */
export async function callAs(
  t: TestApp,
  w: World,
  { caller, key, rule }: { caller: Caller; key: string; rule: RouteRule },
  headers: Record<string, string> = {},
): Promise<Response> {
  const [method, routePath] = key.split(' ');
  const path = rule.path ? rule.path(w) : routePath;
  const cookie = caller === 'signedOut' ? undefined : w.cookies[caller];
  if (rule.form) {
    return t.request(path, {
      method,
      cookie,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(rule.form(w)).toString(),
    });
  }
  const json = rule.json ? rule.json(w) : method === 'GET' || method === 'HEAD' ? undefined : {};
  const res = await t.request(path, { method, cookie, json, headers });
  if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) await res.body?.cancel();
  return res;
}

/** The app and the callers every safety file checks against, created once per file, on one database (decision 208). */
export function useSafetyWorld(kind: DbKind = routeDbKinds[0]): { t: TestApp; w: World } {
  const t = useTestApp(kind, { METRICS_TOKEN: 'safety-metrics-token', WEB_DIST_DIR: stubWebDist() }, { sweeper: false });
  let world: World | undefined;
  beforeAll(async () => {
    world = await buildWorld(t);
  }, 180_000);
  return { t, w: createdLater(() => world, 'the safety world') };
}
