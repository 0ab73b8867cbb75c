import type { accountEndpoints } from './account/endpoints';
import type { authEndpoints } from './auth-endpoints';
import type { bookingClientEndpoints, bookingDepositEndpoints, bookingPartnerEndpoints, bookingPublicEndpoints } from './booking/endpoints';
import type { billingEndpoints } from './billing/endpoints';
import type { contentEndpoints } from './content/endpoints';
import type { RoutesOf } from './endpoint';
import type { geoEndpoints } from './geo/endpoints';
import type { insightsEndpoints } from './insights/endpoints';
import type { liveEndpoints } from './live/endpoints';
import type { partnerAccountEndpoints, partnersEndpoints } from './partners/endpoints';
import type { studioEndpoints } from './studio/endpoints';

/**
 * Every endpoint the web app calls, keyed "METHOD /path" (decision 112). Type-only: the web client takes
 * its request and response types from here without loading zod or a schema (decision 062).
 */
export type Api = RoutesOf<typeof accountEndpoints> &
  RoutesOf<typeof authEndpoints> &
  RoutesOf<typeof billingEndpoints> &
  RoutesOf<typeof bookingPublicEndpoints> &
  RoutesOf<typeof bookingClientEndpoints> &
  RoutesOf<typeof bookingPartnerEndpoints> &
  RoutesOf<typeof bookingDepositEndpoints> &
  RoutesOf<typeof contentEndpoints> &
  RoutesOf<typeof geoEndpoints> &
  RoutesOf<typeof insightsEndpoints> &
  RoutesOf<typeof liveEndpoints> &
  RoutesOf<typeof partnersEndpoints> &
  RoutesOf<typeof partnerAccountEndpoints> &
  RoutesOf<typeof studioEndpoints>;
export type ApiRoute = keyof Api;
