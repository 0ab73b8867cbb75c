/**
 * The contract and the server agree on which endpoints exist (decision 112): every JSON endpoint under /api
 * is declared in src/shared, and every declared endpoint is served. Types catch a wrong shape; this catches
 * an endpoint added beside the contract, or a declaration nothing serves.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { accountEndpoints } from '@shared/account/endpoints';
import { authEndpoints } from '@shared/auth-endpoints';
import { billingEndpoints } from '@shared/billing/endpoints';
import { bookingClientEndpoints, bookingDepositEndpoints, bookingPartnerEndpoints, bookingPublicEndpoints } from '@shared/booking/endpoints';
import { contentEndpoints } from '@shared/content/endpoints';
import { geoEndpoints } from '@shared/geo/endpoints';
import { insightsEndpoints } from '@shared/insights/endpoints';
import { liveEndpoints } from '@shared/live/endpoints';
import { partnerAccountEndpoints, partnersEndpoints } from '@shared/partners/endpoints';
import { studioEndpoints } from '@shared/studio/endpoints';
import { endpointsOf } from '../support/safety-routes';
import { createTestApp } from '../support/test-app';

const DECLARED = [
  accountEndpoints,
  authEndpoints,
  billingEndpoints,
  bookingPublicEndpoints,
  bookingClientEndpoints,
  bookingPartnerEndpoints,
  bookingDepositEndpoints,
  contentEndpoints,
  geoEndpoints,
  insightsEndpoints,
  liveEndpoints,
  partnersEndpoints,
  partnerAccountEndpoints,
  studioEndpoints,
].flatMap((domain) => Object.values(domain).map((e) => `${e.method} ${e.path}`));

/** What the web does not call with `call()`: streams, files, better-auth's own handler and signed webhooks. */
const OUTSIDE_THE_CONTRACT = new Set([
  'GET /api/events',
  'GET /api/auth/*',
  'POST /api/auth/*',
  'POST /api/webhooks/:provider',
  'GET /api/live/model/:file',
  'GET /api/live/litert/:version/:file',
  'GET /api/creations/:id/image/:kind',
  'GET /api/account/export/:id/download',
  'GET /api/generations/:id/image.png',
  'GET /api/shared/:token/after.png',
  'GET /api/shared/:token/before.jpg',
  'GET /api/shared/:token/compare.jpg',
]);

describe('the contract covers the API', async () => {
  const t = await createTestApp('pglite');
  afterAll(() => t.close());
  const served = endpointsOf(t.app).filter((k) => k.split(' ')[1].startsWith('/api/'));

  it('declares every JSON endpoint the server answers under /api', () => {
    expect(served.filter((k) => !DECLARED.includes(k) && !OUTSIDE_THE_CONTRACT.has(k))).toEqual([]);
  });

  it('serves every declared endpoint (better-auth’s through its handler)', () => {
    const viaAuth = (k: string) => k.startsWith('POST /api/auth/');
    expect(DECLARED.filter((k) => !served.includes(k) && !viaAuth(k))).toEqual([]);
  });
});
