import type { CatalogueItem } from './provider';

/** Where the provider sends the buyer back. `{CHECKOUT_SESSION_ID}` is Stripe's template, which the sandbox fills in too. */
export function checkoutUrls(publicUrl: string, item: CatalogueItem) {
  const flow = item.kind === 'plan' ? '&flow=partner' : '';
  return {
    successUrl: `${publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}${flow}`,
    cancelUrl: `${publicUrl}/checkout/cancel${item.kind === 'plan' ? '?flow=partner' : ''}`,
  };
}

export const fillSessionId = (url: string, sessionId: string) => url.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId));
