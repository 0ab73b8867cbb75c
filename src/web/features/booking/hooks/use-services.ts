import { useQuery } from '@tanstack/react-query';
import { bookingApi, bookingKeys } from '../api/booking-api';

/** A professional's public menu, hours and policy. */
export const usePublicServices = (idOrSlug: string) =>
  useQuery({
    queryKey: bookingKeys.services(idOrSlug),
    queryFn: ({ signal }) => bookingApi.services(idOrSlug, signal),
    enabled: Boolean(idOrSlug),
    staleTime: 60_000,
    retry: false,
  });
