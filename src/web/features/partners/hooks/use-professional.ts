import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveEvent } from '@shared/events';
import { partnerKeys, partnersApi } from '../api/partners-api';

export function useProfessional(idOrSlug: string, via?: 'directory') {
  return useQuery({
    queryKey: partnerKeys.profile(idOrSlug),
    queryFn: ({ signal }) => partnersApi.profile(idOrSlug, signal, via),
    retry: (n, e) => n < 1 && (e as { status?: number }).status !== 404,
  });
}

export function useReviews(partnerId: string | undefined) {
  return useQuery({
    queryKey: partnerKeys.reviews(partnerId ?? ''),
    queryFn: ({ signal }) => partnersApi.reviews(partnerId!, signal),
    enabled: Boolean(partnerId),
  });
}

/**
 * This partner's review or listing event, else null. Read by hand rather than with LiveEventSchema: the two
 * fields it needs do not justify zod (~25 KB) in every visitor's first load of a profile (issue 37).
 */
function partnerEventOf(text: string, partnerId: string): Extract<LiveEvent, { partnerId: string }>['type'] | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { type, partnerId: id } = data as Record<string, unknown>;
  return id === partnerId && (type === 'reviews' || type === 'listing') ? type : null;
}

/** Streams the partner's review and listing changes (anyone's, from any instance) into the page. */
export function useLivePartner(partnerId: string | undefined, idOrSlug: string) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!partnerId) return;
    const source = new EventSource(`/api/events?partner=${encodeURIComponent(partnerId)}`);
    source.onmessage = (msg) => {
      const type = partnerEventOf(msg.data, partnerId);
      if (!type) return;
      if (type === 'reviews') void qc.invalidateQueries({ queryKey: partnerKeys.reviews(partnerId) });
      void qc.invalidateQueries({ queryKey: partnerKeys.profile(idOrSlug) });
    };
    return () => source.close();
  }, [partnerId, idOrSlug, qc]);
}
