import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@web/lib/api';
import { createCheckoutSession, priceIdFor } from '../api/billing-api';

export interface CheckoutFailure {
  /** The spec's alert for this page. */
  message: string;
  /** The server's reason when it is one the buyer can act on (e.g. join as a professional first). */
  detail: string | null;
  reason: string | null;
}

/**
 * Spec §4 Checkout: idle → the chosen button shows Redirecting… → the browser goes to the provider's
 * url. On failure it returns to idle with the page's alert. Coming back with the Back button resets it.
 */
export function useCheckout(flow: 'pack' | 'plan', failure: (e: unknown) => string) {
  const qc = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<CheckoutFailure | null>(null);

  useEffect(() => {
    const reset = (e: PageTransitionEvent) => {
      if (e.persisted) setPending(null);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const start = useCallback(
    async (id: string) => {
      setError(null);
      setPending(id);
      try {
        const priceId = await priceIdFor(qc, flow, id);
        const url = await createCheckoutSession({ priceId, flow });
        window.location.assign(url);
      } catch (e) {
        setPending(null);
        const actionable = e instanceof ApiError && ['permission-denied', 'aborted', 'resource-exhausted'].includes(e.code);
        const reason =
          e instanceof ApiError && e.details && typeof e.details === 'object' && 'reason' in e.details
            ? String((e.details as { reason: unknown }).reason)
            : null;
        setError({ message: failure(e), detail: actionable ? (e as ApiError).message : null, reason });
      }
    },
    [qc, flow, failure],
  );

  return { pending, error, start, clearError: () => setError(null) };
}
