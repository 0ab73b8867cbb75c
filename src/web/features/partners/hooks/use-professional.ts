import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LiveEventSchema } from '@shared/events';
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

/** Streams the partner's review and listing changes (anyone's, from any instance) into the page. */
export function useLivePartner(partnerId: string | undefined, idOrSlug: string) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!partnerId) return;
    const source = new EventSource(`/api/events?partner=${encodeURIComponent(partnerId)}`);
    source.onmessage = (msg) => {
      const parsed = LiveEventSchema.safeParse(JSON.parse(msg.data));
      if (!parsed.success || !('partnerId' in parsed.data) || parsed.data.partnerId !== partnerId) return;
      if (parsed.data.type === 'reviews') void qc.invalidateQueries({ queryKey: partnerKeys.reviews(partnerId) });
      void qc.invalidateQueries({ queryKey: partnerKeys.profile(idOrSlug) });
    };
    return () => source.close();
  }, [partnerId, idOrSlug, qc]);
}
