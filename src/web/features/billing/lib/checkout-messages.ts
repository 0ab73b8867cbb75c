import { MSG } from '@shared/messages';
import { ApiError } from '@web/lib/api';

/** Spec §8 on /pricing and /billing: one alert for any failure. */
export const packCheckoutFailure = () => MSG.checkoutFailed;

/** Spec §8 on /partners/subscribe: signed out, missing url, anything else. */
export function planCheckoutFailure(e: unknown) {
  if (e instanceof ApiError && e.code === 'unauthenticated') return MSG.subscribeSignedOut;
  if (e instanceof ApiError && e.message === MSG.subscribeNoUrl) return MSG.subscribeNoUrl;
  return MSG.subscribeFailed;
}
