import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateCheckoutSessionInput } from '@shared/billing/schemas';
import { ApiError, call } from '@web/lib/api';
import { MSG } from '@shared/messages';

const PRICES_KEY = ['billing', 'prices'] as const;
export const LEDGER_KEY = ['billing', 'ledger'] as const;
export const SUBSCRIPTION_KEY = ['billing', 'subscription'] as const;

const fetchPrices = () => call('GET /api/billing/prices');

export async function priceIdFor(queryClient: QueryClient, kind: 'pack' | 'plan', id: string): Promise<string> {
  const book = await queryClient.fetchQuery({ queryKey: PRICES_KEY, queryFn: fetchPrices, staleTime: Infinity });
  const priceId = (kind === 'pack' ? book.packs : book.plans)[id];
  if (!priceId) throw new ApiError('not-found', 'This option is not available right now.', 404);
  return priceId;
}

/** Spec §7 createCheckoutSession: only the price id (and the page's flow) goes to the server; it answers {url}. */
export async function createCheckoutSession(input: CreateCheckoutSessionInput): Promise<string> {
  const { url } = await call('POST /api/fn/createCheckoutSession', { body: input });
  if (!url) throw new ApiError('internal', MSG.subscribeNoUrl, 200);
  return url;
}

export const useLedger = (enabled: boolean) => useQuery({ queryKey: LEDGER_KEY, queryFn: () => call('GET /api/me/ledger'), enabled });

export const useSubscription = (enabled: boolean) => useQuery({ queryKey: SUBSCRIPTION_KEY, queryFn: () => call('GET /api/billing/subscription'), enabled });

export async function openBillingPortal(): Promise<string> {
  return (await call('POST /api/billing/portal')).url;
}

const CONFIRM_POLLS = 60;

export function useCheckoutStatus(sessionId: string | null, enabled: boolean) {
  const qc = useQueryClient();
  const queryKey = ['billing', 'checkout', sessionId];
  const query = useQuery({
    queryKey,
    queryFn: () => call('GET /api/billing/checkouts/:id', { params: { id: sessionId ?? '' } }),
    enabled: enabled && !!sessionId,
    // Poll for the webhook for up to a minute; the header stays live after that anyway.
    refetchInterval: (q) => (q.state.data?.status === 'open' && q.state.dataUpdateCount < CONFIRM_POLLS ? 1000 : false),
    retry: false,
  });
  const polls = qc.getQueryState(queryKey)?.dataUpdateCount ?? 0;
  return { ...query, slow: query.data?.status === 'open' && polls >= CONFIRM_POLLS };
}
